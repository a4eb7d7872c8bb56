/**
 * Confirmations, built on the flow of information (docs/security.md). Each conversation's runs
 * (its sub-agents share them) carry labels for what entered the model's context: *private*
 * (the user's tabs, files, answers, local network, custom tools' results) and *untrusted*
 * (anything a page or the web wrote). A run holding both may have been steered by the untrusted
 * part into sending the private part out, in any encoding, so every call that can carry data out
 * (by its tool's `flow.sendsTo` annotation) to a place the user has not allowed waits for a yes,
 * whatever its arguments look like. The content matcher (leaks.ts) only adds words to the
 * question. Destructive calls (by annotation), and open_tab on a tab the conversation's agents
 * did not open, wait for a yes too. Labels, grants and opened tabs are kept in IndexedDB
 * (flow-store.ts), so a restart of this document forgets nothing. Calls typed by a person
 * (agent.tools.call) do not come through here.
 */
import type { Outcome, WireError } from "../../schemas/errors.ts"
import type { ConfirmationRequested, ConsentGrant, ConversationGrant, MeshEvent } from "../../schemas/events.ts"
import type { ConsentMode, Settings } from "../../schemas/settings.ts"
import type { FlowLabel, ToolDefinition } from "../../schemas/tool-definition.ts"
import { emptyFlow, FlowStore, MAX_GRANTS, MAX_OPENED_TABS, MAX_SOURCES, type FlowRecord } from "./flow-store.ts"
import { destinationsOf, hasCredentials, httpOrigin, isLocalAddress, labelsOf, readsWith, sourceOf } from "./flow.ts"
import { leakedText, outgoingForms, readText, type ReadText } from "./leaks.ts"
import { isSite, siteKey, siteOf } from "../../schemas/sites.ts"
import { UNATTENDED_WAIT_MS } from "../../schemas/unattended.ts"
import type { RouterCall } from "../../workers/runtime/protocol.ts"

export const SEND_READ_DATA = "send_read_data"
const NO_FENCE = "none"
export const NAVIGATE_USER_TAB = "navigate_user_tab"
/** A page load on a site the user has open, asked for by a run that read the web (its approvals). */
export const USER_SITE = "user_site"

/** How many conversations' records stay in memory, and how much read text each keeps for the matcher. */
const CACHED_CONVERSATIONS = 64
const MATCHER_CHARS_PER_CONVERSATION = 200_000

type Answer = { allow: boolean; grant?: ConsentGrant } | "timeout" | "withdrawn"

/** A call being judged or running: its arrival number and the labels its result may add. */
interface InFlight {
  readonly seq: number
  readonly reads: Promise<FlowLabel[]>
}

/** A conversation nobody attends (a routine's run, docs/routines.md): what a question does there, and the sites its routine allows. */
export interface Unattended {
  readonly onConfirm: "pause" | "refuse"
  readonly sites: ReadonlyArray<string>
  /** "Always allow" answered to this run: the routine's own sites widen, not every conversation's. */
  readonly allow?: (origins: ReadonlyArray<string>) => Promise<void>
}

interface Pending {
  readonly request: ConfirmationRequested
  readonly resolve: (answer: Answer) => void
}

interface Ask {
  readonly rule: string
  readonly reason: "destructive" | "navigate_user_tab" | "send_read_data" | "user_site" | "run_limit"
  /** The settings' rule whose mode decides, when not `rule` itself. */
  readonly modeRule?: string
  /** Sites (registrable domains, docs/security.md), or "anywhere", "tool:NAME". */
  readonly sites: string[]
  /** The http origins behind `sites`, kept by "Always allow" (the settings list origins). */
  readonly origins?: string[]
  readonly summary: string
  readonly extra: Partial<ConfirmationRequested>
}

export interface ConsentOptions {
  readonly router: RouterCall
  readonly emit: (event: MeshEvent) => void
  /** Where labels and grants are kept (a test may give its own database). */
  readonly store?: FlowStore
  /** Whether a conversation is a routine's run, which nobody attends. */
  readonly unattended?: (conversationId: string) => Unattended | undefined
}

/** What the rules read of the settings (none when they cannot be read), a rule's mode looked up by its name. */
type Settingsish = Omit<Partial<Settings>, "confirmations"> & { readonly confirmations?: Readonly<Record<string, ConsentMode>> }

export class ConsentKeeper {
  private readonly records = new Map<string, Promise<FlowRecord>>()
  /** The tail of each conversation's chain of updates, so parallel calls lose no label. */
  private readonly writes = new Map<string, Promise<unknown>>()
  private readonly read = new Map<string, ReadText[]>()
  private readonly pending = new Map<string, Pending>()
  /** What each conversation's fence last sent to the service worker was (fence()). */
  private readonly fences = new Map<string, string>()
  /** Calls that passed their check and have not ended, with the labels their tools may add (by params object). */
  private readonly inflight = new Map<string, Map<unknown, InFlight>>()
  private arrivals = 0
  private readonly store: FlowStore

  constructor(private readonly options: ConsentOptions) {
    this.store = options.store ?? new FlowStore()
  }

  private record(conversationId: string): Promise<FlowRecord> {
    let r = this.records.get(conversationId)
    if (!r) {
      r = this.store.get(conversationId).catch(() => ({ ...emptyFlow(conversationId), labels: ["private", "untrusted"] as FlowLabel[] }))
      this.records.set(conversationId, r)
      while (this.records.size > CACHED_CONVERSATIONS) this.records.delete(this.records.keys().next().value!)
    } else {
      // Most recently used last.
      this.records.delete(conversationId)
      this.records.set(conversationId, r)
    }
    return r
  }

  /** Changes a conversation's record, in order with every other change, and saves it before resolving. */
  private update(conversationId: string, change: (r: FlowRecord) => FlowRecord): Promise<FlowRecord> {
    const previous = this.writes.get(conversationId) ?? Promise.resolve()
    const next = previous.then(async () => {
      const updated = { ...change(await this.record(conversationId)), updatedAt: Date.now() }
      this.records.set(conversationId, Promise.resolve(updated))
      await this.store.put(updated)
      // The browser enforces what the record now says before anyone acts on the change.
      await this.fence(updated)
      return updated
    })
    const tail = next.catch(() => undefined)
    this.writes.set(conversationId, tail)
    void tail.then(() => {
      if (this.writes.get(conversationId) === tail) this.writes.delete(conversationId)
    })
    return next
  }

  /** What the run holds now (after every pending update). */
  private async current(conversationId: string): Promise<FlowRecord> {
    await this.writes.get(conversationId)
    return this.record(conversationId)
  }

  /**
   * Sends a conversation's fence to the service worker (docs/security.md, "The fence"): while it
   * holds both labels, the tabs its agents opened or drove may load only the sites it allows.
   */
  private async fence(record: FlowRecord): Promise<void> {
    const settings = await this.settings()
    const mode = settings.confirmations?.[SEND_READ_DATA] ?? "always"
    const fenced = record.labels.includes("private") && record.labels.includes("untrusted") && !record.allowAll && mode !== "never"
    const fence = {
      conversationId: record.conversationId,
      tabs: [...new Set([...record.openedTabs, ...(record.drivenTabs ?? [])])],
      allowed: fenced ? [...allowedSites(settings, record, mode), ...this.routineSites(record.conversationId)].filter(isSite) : null,
    }
    // A fence of no tabs enforces nothing, and one the service worker already has needs no message.
    const key = fence.tabs.length === 0 ? NO_FENCE : JSON.stringify([fence.tabs, fence.allowed])
    if (key === (this.fences.get(record.conversationId) ?? NO_FENCE)) return
    await this.options.router("fence.set", fence)
    this.fences.set(record.conversationId, key)
  }

  /** The sites a routine allows its own runs (none for a conversation someone attends). */
  private routineSites(conversationId: string): ReadonlySet<string> {
    return new Set((this.options.unattended?.(conversationId)?.sites ?? []).map(siteKey))
  }

  /** Sends every conversation's fence again (the settings' allowed sites or the rule's mode changed). */
  async refence(): Promise<void> {
    for (const record of await this.store.all())
      if (record.openedTabs.length > 0 || (record.drivenTabs ?? []).length > 0) await this.fence(await this.current(record.conversationId))
  }

  /** A tab a call of this conversation is about to navigate (`opened`: the call made it): inside its fence from now on. */
  async drive(conversationId: string, tabId: number, opened: boolean): Promise<void> {
    await this.update(conversationId, (r) =>
      opened
        ? { ...r, openedTabs: [...r.openedTabs.filter((t) => t !== tabId), tabId].slice(-MAX_OPENED_TABS) }
        : r.openedTabs.includes(tabId)
          ? r
          : { ...r, drivenTabs: [...(r.drivenTabs ?? []).filter((t) => t !== tabId), tabId].slice(-MAX_OPENED_TABS) },
    )
  }

  /** Records what a finished call brought into the run, before the model sees it. */
  async noteResult(
    conversationId: string,
    definition: ToolDefinition,
    params: unknown,
    outcome: { ok: true; value: unknown } | { ok: false },
  ): Promise<void> {
    const p = (params ?? {}) as Record<string, unknown>
    const settings = definition.annotations.flow?.privateWhenLocal ? await this.settings() : {}
    const labels = labelsOf(definition, p, outcome, settings.publicOrigins ?? [])
    const value = outcome.ok ? outcome.value : undefined
    let source = sourceOf(definition, p, value, labels)
    if (source?.kind === "tab" && source.label === "") {
      const tab = await this.tab(typeof p.tab_id === "number" ? p.tab_id : undefined)
      source = { kind: "tab", label: tab?.title || tab?.url || "" }
    }
    const opened =
      definition.annotations.flow?.sendsTo !== undefined &&
      definition.annotations.worksOn === "tabs" &&
      outcome.ok &&
      p.tab_id === undefined &&
      typeof (value as { tab_id?: unknown })?.tab_id === "number"
        ? ((value as { tab_id: number }).tab_id as number)
        : undefined
    if (labels.length === 0 && opened === undefined) return
    if (labels.includes("private")) this.remember(conversationId, value, p)
    await this.update(conversationId, (r) => ({
      ...r,
      labels: [...new Set([...r.labels, ...labels])],
      sources: source
        ? [source, ...r.sources.filter((s) => s.kind !== source.kind || s.label !== source.label)].slice(0, MAX_SOURCES)
        : r.sources,
      openedTabs: opened === undefined ? r.openedTabs : [...r.openedTabs.filter((t) => t !== opened), opened].slice(-MAX_OPENED_TABS),
    }))
  }

  /** Keeps read text for the matcher's hint, bounded per conversation. */
  private remember(conversationId: string, value: unknown, params: Record<string, unknown>): void {
    const v = value as { content?: unknown; title?: unknown; url?: unknown; result?: unknown; answer?: unknown } | null
    const text = [v?.content, v?.title, v?.url, v?.answer, typeof v?.result === "string" ? v.result : JSON.stringify(v?.result ?? "")]
      .filter((x): x is string => typeof x === "string" && x.length > 0)
      .join("\n")
    const fallback = text.length > 0 ? text : JSON.stringify(value ?? params)
    const list = this.read.get(conversationId) ?? []
    this.read.delete(conversationId)
    list.push(readText(fallback.slice(0, MATCHER_CHARS_PER_CONVERSATION)))
    let total = list.reduce((n, r) => n + r.text.length, 0)
    while (total > MATCHER_CHARS_PER_CONVERSATION && list.length > 1) total -= list.shift()!.text.length
    this.read.set(conversationId, list)
    while (this.read.size > CACHED_CONVERSATIONS) this.read.delete(this.read.keys().next().value!)
  }

  /**
   * Reads a conversation's saved record ahead of its calls (a run is starting), so that the
   * stored record is decoded where it leaves storage, once a run, and no call waits for it.
   */
  open(conversationId: string): void {
    void this.record(conversationId)
  }

  /** Forgets a conversation's state in memory (its run ended); what is saved stays. */
  release(conversationId: string): void {
    if (this.writes.has(conversationId)) return
    this.records.delete(conversationId)
    this.read.delete(conversationId)
  }

  /** Forgets a conversation for good (it was deleted). */
  async forget(conversationId: string): Promise<void> {
    await this.writes.get(conversationId)
    this.records.delete(conversationId)
    this.read.delete(conversationId)
    await this.store.delete(conversationId).catch(() => undefined)
    await this.options.router("fence.set", { conversationId, tabs: [], allowed: null })
    this.fences.delete(conversationId)
  }

  /**
   * Judges one network hop that a running call is about to make (a redirect of web_fetch):
   * the same rule as for the call itself. Resolves true when the hop may go.
   */
  async mayReach(
    conversationId: string,
    tool: ToolDefinition,
    url: string,
    signal: AbortSignal,
  ): Promise<{ ok: true } | { ok: false; error: WireError }> {
    const sends = tool.annotations.flow?.sendsTo
    const urlParam = typeof sends === "object" && "urlParam" in sends ? sends.urlParam : "url"
    return this.check(conversationId, tool, { [urlParam]: url }, signal, { hop: true })
  }

  /**
   * Asks the user where a rule says so; resolves when the call may go on, or with the refusal.
   * Calls of one model turn are judged in order: each call is numbered as it arrives (the order
   * the model gave them), and counts, with what its tool may read, in what the run holds for
   * every later-numbered call until it ends (`settle`) or is refused.
   */
  async check(
    conversationId: string,
    definition: ToolDefinition,
    params: unknown,
    signal: AbortSignal,
    options: { hop?: boolean } = {},
  ): Promise<{ ok: true } | { ok: false; error: WireError }> {
    if (options.hop) return this.judge(conversationId, definition, params, signal, options)
    // Numbered before anything is awaited, so that arrival order is judging order.
    const seq = ++this.arrivals
    const calls = this.inflight.get(conversationId) ?? new Map<unknown, InFlight>()
    const p = (params ?? {}) as Record<string, unknown>
    const reads = (definition.annotations.flow?.privateWhenLocal ? this.settings() : Promise.resolve({} as Settingsish)).then((s) =>
      mayRead(definition, p, s.publicOrigins ?? []),
    )
    calls.set(params, { seq, reads })
    this.inflight.set(conversationId, calls)
    const verdict = await this.judge(conversationId, definition, params, signal, { before: seq })
    if (!verdict.ok) this.settle(conversationId, params)
    return verdict
  }

  /** A call that passed `check` has ended (its result, if any, was noted): it no longer counts as in flight. */
  settle(conversationId: string, params: unknown): void {
    const calls = this.inflight.get(conversationId)
    if (!calls) return
    calls.delete(params)
    if (calls.size === 0) this.inflight.delete(conversationId)
  }

  /**
   * The labels the run holds for a call being judged: what it read, and what the calls numbered
   * before it (`before`) that are still running may read. A redirect hop goes by what was read.
   */
  private async holds(conversationId: string, before: number | undefined): Promise<FlowLabel[]> {
    const record = await this.current(conversationId)
    const earlier = before === undefined ? [] : [...(this.inflight.get(conversationId)?.values() ?? [])].filter((c) => c.seq < before)
    return [...new Set([...record.labels, ...(await Promise.all(earlier.map((c) => c.reads))).flat()])]
  }

  private async judge(
    conversationId: string,
    definition: ToolDefinition,
    params: unknown,
    signal: AbortSignal,
    options: { hop?: boolean; before?: number },
  ): Promise<{ ok: true } | { ok: false; error: WireError }> {
    const p = (params ?? {}) as Record<string, unknown>
    const sends = definition.annotations.flow?.sendsTo
    if (
      typeof sends === "object" &&
      "urlParam" in sends &&
      typeof p[sends.urlParam] === "string" &&
      hasCredentials(p[sends.urlParam] as string)
    ) {
      return {
        ok: false,
        error: {
          code: "invalid_input",
          message: `${definition.name}: \`${sends.urlParam}\` must not contain a user name or password (user:pass@); they would be sent as a header.`,
        },
      }
    }
    const settings = await this.settings()
    const asks: Ask[] = []
    if (!options.hop && definition.annotations.destructive && readsWith(definition, p)) {
      asks.push(await this.describe(definition, p))
    }
    if (!options.hop && definition.annotations.worksOn === "tabs" && sends !== undefined && typeof p.tab_id === "number") {
      const record = await this.current(conversationId)
      if (!record.openedTabs.includes(p.tab_id)) {
        const tab = await this.tab(p.tab_id)
        asks.push({
          rule: NAVIGATE_USER_TAB,
          reason: "navigate_user_tab",
          sites: [(tab && siteOf(tab.url)) ?? "unknown site"],
          summary: `${definition.name} would navigate your tab ${tab ? `"${tab.title}" (${tab.url})` : String(p.tab_id)} away to ${String(p.url)}; anything unsaved there would be lost`,
          extra: tab ? { tab: { id: tab.tab_id, title: tab.title ?? "", url: tab.url } } : {},
        })
      }
    }
    const leaving = await this.leaving(definition, p, options, settings)
    const holds = leaving ? await this.holds(conversationId, options.before) : []
    // A destructive call that its own rule will ask about now shows everything it would do (the
    // whole script), and the user's answer decides. When that rule will not ask (turned off, or
    // the site allowed for the conversation for an earlier script), the flow rule holds it like any other call.
    const record = leaving ? await this.current(conversationId) : undefined
    const coveredByOwnRule =
      record !== undefined &&
      asks.some((a) => {
        if (a.reason !== "destructive") return false
        const mode = settings.confirmations?.[a.rule] ?? "always"
        return mode === "always" || (mode === "once_per_site" && !a.sites.every((s) => record.approved[a.rule]?.includes(s)))
      })
    if (leaving && record && !coveredByOwnRule && holds.includes("private") && holds.includes("untrusted")) {
      const matched = leakedText([...outgoingForms(leaving.outgoing), leaving.outgoing], this.read.get(conversationId) ?? [], "")
      asks.push({
        rule: SEND_READ_DATA,
        reason: "send_read_data",
        sites: [...new Set(leaving.destinations.map(siteKey))],
        origins: leaving.destinations.filter((d) => httpOrigin(d) === d),
        summary: `${definition.name} could carry what this conversation read (${record.sources.map((s) => `${s.kind} ${s.label}`.trim()).join(", ") || "private data"}) to ${leaving.destinations.join(", ")}: ${leaving.outgoing}`,
        extra: {
          sources: record.sources,
          destination: leaving.destinations.join(" "),
          outgoing: leaving.outgoing,
          ...(matched ? { matched } : {}),
        },
      })
    }
    // A tab load carries the user's cookies: a GET to a site they are signed in to can act for
    // them (a "transfer?to=…" link). When what the run read of the web may have asked for it, and
    // the flow rule does not already ask, a load on a site the user has open in a tab of their
    // own (the nearest sign of a login an extension without `cookies` can see) waits for a yes.
    // Cookies ignore the port and reach every sub-domain of a site, so the site is compared.
    const tabUrl = typeof sends === "object" && "urlParam" in sends ? p[sends.urlParam] : undefined
    if (
      !options.hop &&
      definition.annotations.worksOn === "tabs" &&
      typeof tabUrl === "string" &&
      // The flow rule's question covers this one, unless the user turned that rule off.
      !asks.some(
        (a) =>
          a.reason === "navigate_user_tab" ||
          (a.reason === "send_read_data" && (settings.confirmations?.[SEND_READ_DATA] ?? "always") !== "never"),
      )
    ) {
      const record = await this.current(conversationId)
      const target = siteOf(tabUrl)
      if (target !== undefined && (await this.holds(conversationId, options.before)).includes("untrusted")) {
        const theirs = (await this.tabs()).find((t) => !record.openedTabs.includes(t.tab_id) && siteOf(t.url) === target)
        if (theirs)
          asks.push({
            rule: USER_SITE,
            modeRule: NAVIGATE_USER_TAB,
            reason: "user_site",
            sites: [target],
            summary: `${definition.name} would load ${tabUrl} on ${target}, a site you have open in your tab "${theirs.title ?? ""}"; if you are signed in there, the request carries your login`,
            extra: {
              tab: { id: theirs.tab_id, title: theirs.title ?? "", url: theirs.url },
              destination: httpOrigin(tabUrl) ?? target,
              outgoing: tabUrl,
            },
          })
      }
    }
    if (asks.length === 0) return { ok: true }
    const modes = settings.confirmations ?? {}
    for (const ask of asks) {
      const mode = modes[ask.modeRule ?? ask.rule] ?? "always"
      if (mode === "never") continue
      const record = await this.current(conversationId)
      if (ask.rule === SEND_READ_DATA) {
        if (
          record.allowAll ||
          ask.sites.every((s) => allowedSites(settings, record, mode).has(s) || this.routineSites(conversationId).has(s))
        )
          continue
      } else if (mode === "once_per_site" && ask.sites.every((s) => approvedSites(record, ask.rule).has(s))) continue
      const sitesOnly = ask.sites.every(isSite)
      // "Allow <site> in this conversation" is what "once per site" remembers; "Always allow" is
      // kept in the settings' list of origins. A plain yes is this one call and nothing more.
      const grants: ConsentGrant[] = [
        ...(mode === "once_per_site" && sitesOnly ? (["site_conversation"] as const) : []),
        ...(ask.rule === SEND_READ_DATA && sitesOnly && (ask.origins ?? []).length > 0 ? (["site_always"] as const) : []),
        ...(ask.rule === SEND_READ_DATA ? (["conversation_all"] as const) : []),
      ]
      // Nobody is there to say yes to a routine that refuses: no question is put.
      const answer =
        this.options.unattended?.(conversationId)?.onConfirm === "refuse"
          ? ("unattended" as const)
          : await this.ask(conversationId, definition.name, ask, params, signal, settings, grants)
      if (typeof answer === "string" || !answer.allow) {
        const why =
          answer === "timeout"
            ? "nobody answered the confirmation in time"
            : answer === "withdrawn"
              ? "the run was stopped"
              : answer === "unattended"
                ? "this routine runs unattended and refuses what would need the user's yes"
                : "the user said no"
        return {
          ok: false,
          error: {
            code: "permission_denied",
            message: `Not done: ${why}. ${ask.summary}. Do not try again unless the user asks for it.`,
          },
        }
      }
      await this.grant(conversationId, ask, answer.grant)
    }
    return { ok: true }
  }

  /**
   * Asks whether a run at one of its limits (tabs opened per run, run-limits.ts) may go past it.
   * Resolves with the answer; no answer in time, or a stopped run, is a no.
   */
  async askRunLimit(
    conversationId: string,
    definition: ToolDefinition,
    params: unknown,
    signal: AbortSignal,
    limit: { readonly kind: "tabs"; readonly count: number },
  ): Promise<boolean> {
    const ask: Ask = {
      rule: "run_limit",
      reason: "run_limit",
      sites: [],
      summary: `This run has opened ${limit.count} tabs, as many as a run may open without asking (settings: limits.tabsPerRun); ${definition.name} would open more`,
      extra: { limit },
    }
    const answer = await this.ask(conversationId, definition.name, ask, params, signal, await this.settings(), [])
    return typeof answer === "object" && answer.allow
  }

  /**
   * Where a call would carry data: its tool's destinations, and, for a call that acts on a tab
   * (`flow.signalsTab`: navigating, reloading, closing, showing or scrolling it), the site of the page the
   * tab shows, which sees that act (an unload beacon, a visibility change) and so learns a bit.
   */
  private async leaving(
    definition: ToolDefinition,
    p: Record<string, unknown>,
    options: { hop?: boolean },
    settings: Settingsish,
  ): Promise<{ destinations: string[]; outgoing: string } | undefined> {
    const own = await destinationsOf(definition, p, async () => searchEndpoints(settings.search))
    const flow = definition.annotations.flow
    const acts = flow?.signalsTabWhen === undefined || p[flow.signalsTabWhen] !== undefined
    const tabId = flow?.signalsTab === undefined || options.hop || !acts ? undefined : p[flow.signalsTab]
    if (typeof tabId !== "number") return own
    const shown = httpOrigin((await this.tab(tabId))?.url ?? "")
    if (shown === undefined) return own
    if (own === undefined) return { destinations: [shown], outgoing: `${definition.name} on a tab of ${shown}` }
    return { destinations: [...new Set([...own.destinations, shown])], outgoing: own.outgoing }
  }

  private async grant(conversationId: string, ask: Ask, grant: ConsentGrant | undefined): Promise<void> {
    const routine = this.options.unattended?.(conversationId)
    if (grant === "site_always" && routine?.allow !== undefined) {
      await routine.allow(ask.origins ?? [])
      await this.fence(await this.current(conversationId))
      return
    }
    if (grant === "site_always") {
      const settings = await this.settings()
      const sites = [...new Set([...(settings.allowedSites ?? []), ...(ask.origins ?? [])])].slice(-500)
      // Where each came from (merged key by key into what the settings keep).
      const from = Object.fromEntries((ask.origins ?? []).map((o) => [o, conversationId]))
      await this.options.router("settings.update", { allowedSites: sites, allowedSitesFrom: from })
      await this.fence(await this.current(conversationId))
      return
    }
    if (grant === "conversation_all") {
      await this.update(conversationId, (r) => ({ ...r, allowAll: true }))
      return
    }
    if (grant !== "site_conversation") return
    const sites = ask.sites.filter(isSite)
    await this.update(conversationId, (r) => ({
      ...r,
      approved: { ...r.approved, [ask.rule]: [...new Set([...(r.approved[ask.rule] ?? []), ...sites])].slice(-MAX_GRANTS) },
    }))
  }

  /** Every grant kept in a conversation's record, for the options page. */
  async grants(): Promise<ConversationGrant[]> {
    for (const tail of this.writes.values()) await tail
    return (await this.store.all()).flatMap((r) => [
      ...(r.allowAll ? [{ conversationId: r.conversationId, rule: SEND_READ_DATA, sites: [], all: true }] : []),
      ...Object.entries(r.approved)
        .filter(([, sites]) => sites.length > 0)
        .map(([rule, sites]) => ({ conversationId: r.conversationId, rule, sites: [...new Set(sites.map(siteKey))], all: false })),
    ])
  }

  /** The user's answer to a confirmation. */
  answer(id: string, allow: boolean, grant?: ConsentGrant): Outcome<null> {
    const pending = this.pending.get(id)
    if (!pending)
      return {
        ok: false,
        error: { code: "not_found", message: `No confirmation "${id}" is waiting (it may have timed out or been withdrawn).` },
      }
    if (allow && grant !== undefined && !(pending.request.grants ?? []).includes(grant))
      return { ok: false, error: { code: "invalid_input", message: `The grant "${grant}" is not offered by confirmation "${id}".` } }
    pending.resolve({ allow, ...(allow && grant ? { grant } : {}) })
    return { ok: true, value: null }
  }

  waiting(): ReadonlyArray<ConfirmationRequested> {
    return [...this.pending.values()].map((p) => p.request)
  }

  private async settings(): Promise<Settingsish> {
    const reply = await this.options.router("settings.get")
    return reply.ok ? reply.value : {}
  }

  /** The question for a destructive call, worded as its definition says (`annotations.confirm`). */
  private async describe(definition: ToolDefinition, p: Record<string, unknown>): Promise<Ask> {
    const tool = definition.name
    const sends = definition.annotations.flow?.sendsTo
    if (definition.annotations.worksOn === "mcp" && typeof sends === "object" && "origin" in sends) {
      // An MCP tool that may destroy something of the user's (its server's word, or no word at all).
      const outgoing = JSON.stringify(p)
      return {
        rule: tool,
        reason: "destructive",
        sites: [siteKey(sends.origin)],
        summary: `${tool} (a tool of the MCP server at ${sends.origin}) may change or delete something of yours; it would run with ${outgoing}`,
        extra: { destination: sends.origin, outgoing },
      }
    }
    const tab = await this.tab(typeof p.tab_id === "number" ? p.tab_id : undefined)
    const where = tab ? `your tab "${tab.title ?? ""}" (${tab.url})` : `tab ${typeof p.tab_id === "number" ? p.tab_id : "active"}`
    const site = (tab && siteOf(tab.url)) ?? "unknown site"
    const extra: Partial<ConfirmationRequested> = tab ? { tab: { id: tab.tab_id, title: tab.title ?? "", url: tab.url } } : {}
    const confirm = definition.annotations.confirm
    const ask = { rule: tool, reason: "destructive" as const, sites: [site] }
    if (confirm === undefined) return { ...ask, summary: `${tool} would change ${where} with ${JSON.stringify(p)}`, extra }
    if (confirm.shows === undefined) return { ...ask, summary: `${tool} ${confirm.says} ${where}`, extra }
    const shown = String(p[confirm.shows])
    return { ...ask, summary: `${tool} ${confirm.says} ${where}:\n${shown}`, extra: { ...extra, code: shown } }
  }

  private async tabs(): Promise<Array<{ tab_id: number; url: string; title?: string }>> {
    const reply = await this.options.router("tabs.query", {})
    return reply.ok ? [...reply.value] : []
  }

  private async tab(tabId: number | undefined): Promise<{ tab_id: number; url: string; title?: string } | undefined> {
    const reply = tabId === undefined ? await this.options.router("tabs.active") : await this.options.router("tabs.query", {})
    if (!reply.ok) return undefined
    const tabs = (Array.isArray(reply.value) ? reply.value : [reply.value]) as Array<{ tab_id: number; url: string; title?: string }>
    return tabId === undefined ? tabs[0] : tabs.find((t) => t.tab_id === tabId)
  }

  private async ask(
    conversationId: string,
    tool: string,
    ask: Ask,
    params: unknown,
    signal: AbortSignal,
    settings: Settingsish,
    grants: ConsentGrant[],
  ): Promise<Answer> {
    const unattended = this.options.unattended?.(conversationId)
    const id = crypto.randomUUID()
    const waitMs = unattended ? UNATTENDED_WAIT_MS : typeof settings.askUserTimeoutMs === "number" ? settings.askUserTimeoutMs : 5 * 60_000
    const request: ConfirmationRequested = {
      type: "confirmation_requested",
      id,
      conversationId,
      tool,
      rule: ask.rule,
      site: ask.sites.join(" "),
      summary: ask.summary,
      params,
      expiresAt: Date.now() + waitMs,
      reason: ask.reason,
      ...ask.extra,
      ...(grants.length > 0 ? { grants } : {}),
    }
    const answer = await new Promise<Answer>((resolve) => {
      const timer = setTimeout(() => done("timeout"), waitMs)
      const onAbort = () => done("withdrawn")
      const done = (a: Answer) => {
        clearTimeout(timer)
        signal.removeEventListener("abort", onAbort)
        this.pending.delete(id)
        resolve(a)
      }
      signal.addEventListener("abort", onAbort, { once: true })
      this.pending.set(id, { request, resolve: done })
      this.options.emit(request)
      if (signal.aborted) done("withdrawn")
    })
    this.options.emit({
      type: "confirmation_closed",
      id,
      conversationId,
      outcome: typeof answer === "string" ? answer : answer.allow ? "allowed" : "denied",
      ...(typeof answer === "object" && answer.grant ? { grant: answer.grant } : {}),
    })
    return answer
  }
}

/** The endpoints web_search would send the query to, by the configured engine. */
const searchEndpoints = (search: Record<string, string> | undefined): string[] => {
  const s = search ?? {}
  switch (s.engine) {
    case "bing":
      return [s.bingEndpoint ?? "https://api.bing.microsoft.com/v7.0/search"]
    case "google":
      return [s.googleEndpoint ?? "https://www.googleapis.com/customsearch/v1"]
    case "baidu":
      return [s.baiduEndpoint ?? "https://www.baidu.com/s"]
    default:
      return [
        s.duckduckgoHtmlEndpoint ?? "https://html.duckduckgo.com/html/",
        s.duckduckgoLiteEndpoint ?? "https://lite.duckduckgo.com/lite/",
      ]
  }
}

/** The sites a conversation's grants under `rule` cover (records from before sites may hold origins). */
const approvedSites = (record: FlowRecord, rule: string): Set<string> => new Set((record.approved[rule] ?? []).map(siteKey))

/** Where the flow rule lets data go: "Always allow" sites, and under "once per site" the conversation's. */
const allowedSites = (settings: Settingsish, record: FlowRecord, mode: ConsentMode): Set<string> =>
  new Set([...(settings.allowedSites ?? []).map(siteKey), ...(mode === "once_per_site" ? approvedSites(record, SEND_READ_DATA) : [])])

/** The labels a call's result may add, judged before it runs (a loopback URL's page is private). */
const mayRead = (definition: ToolDefinition, p: Record<string, unknown>, publicOrigins: ReadonlyArray<string>): FlowLabel[] => {
  const flow = definition.annotations.flow
  if (!flow?.reads || !readsWith(definition, p)) return []
  const url = flow.privateWhenLocal ? p[flow.privateWhenLocal] : undefined
  const local = typeof url === "string" && isLocalAddress(url) && !publicOrigins.includes(httpOrigin(url) ?? "")
  return [...new Set<FlowLabel>([...flow.reads, ...(local ? (["private"] as const) : [])])]
}
