/**
 * Confirmations: a model's call that is destructive (by its tool's annotation), or a request
 * that would carry text the conversation read from a tab or the workspace to a site not
 * approved in this conversation, waits for the user's yes. The rules and their modes come from
 * the settings; approvals "once per site" last for the conversation. Calls typed by a person
 * (agent.tools.call) do not come through here.
 */
import type { WireError } from "../../schemas/errors.ts"
import type { ConfirmationRequested, MeshEvent } from "../../schemas/events.ts"
import type { ConsentMode } from "../../schemas/settings.ts"
import type { ToolDefinition } from "../../schemas/tool-definition.ts"
import { leakedText, outgoingForms, readText, type ReadText } from "./leaks.ts"
import type { CallOutcome, RouterCall } from "./protocol.ts"

export const SEND_READ_DATA = "send_read_data"

interface ConversationConsent {
  readonly read: ReadText[]
  /** rule → sites approved once for this conversation */
  readonly approved: Map<string, Set<string>>
}

interface Pending {
  readonly request: ConfirmationRequested
  readonly resolve: (allowed: boolean | "timeout" | "withdrawn") => void
}

export interface ConsentOptions {
  readonly router: RouterCall
  readonly emit: (event: MeshEvent) => void
}

/** Tools whose results are text read from the user's tabs or workspace. */
const READS: Record<string, (params: Record<string, unknown>, value: unknown) => { text: string; origin?: string } | undefined> = {
  get_tab_content: (_p, v) => {
    const r = v as { content?: unknown; url?: unknown }
    return typeof r?.content === "string"
      ? { text: r.content, ...(typeof r.url === "string" ? { origin: originOf(r.url) } : {}) }
      : undefined
  },
  execute_script: (p, v) => (p.target === "page" ? { text: JSON.stringify((v as { result?: unknown })?.result ?? null) } : undefined),
  opfs_read: (_p, v) => {
    const r = v as { content?: unknown }
    return typeof r?.content === "string" ? { text: r.content } : undefined
  },
}

const originOf = (url: string): string | undefined => {
  try {
    const u = new URL(url)
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : u.protocol
  } catch {
    return undefined
  }
}

export class ConsentKeeper {
  private readonly conversations = new Map<string, ConversationConsent>()
  private readonly pending = new Map<string, Pending>()

  constructor(private readonly options: ConsentOptions) {}

  private of(conversationId: string): ConversationConsent {
    let c = this.conversations.get(conversationId)
    if (!c) this.conversations.set(conversationId, (c = { read: [], approved: new Map() }))
    return c
  }

  /** Remembers what a call read, so that later requests can be checked against it. */
  noteResult(conversationId: string, tool: string, params: unknown, value: unknown): void {
    const read = READS[tool]?.((params ?? {}) as Record<string, unknown>, value)
    if (read && read.text.length > 0) this.of(conversationId).read.push(readText(read.text.slice(0, 500_000), read.origin))
  }

  /** Asks the user where a rule says so; resolves when the call may go on, or with the refusal. */
  async check(
    conversationId: string,
    definition: ToolDefinition,
    params: unknown,
    signal: AbortSignal,
  ): Promise<{ ok: true } | { ok: false; error: WireError }> {
    const p = (params ?? {}) as Record<string, unknown>
    const asks: Array<{ rule: string; site: string; summary: string }> = []
    if (definition.annotations.destructive && !(definition.name === "execute_script" && p.target !== "page")) {
      asks.push(await this.describe(definition.name, p))
    }
    const url = typeof p.url === "string" ? p.url : undefined
    if (definition.annotations.openWorld && url !== undefined) {
      const destination = originOf(url) ?? url
      const leaked = leakedText(outgoingForms(url), this.of(conversationId).read, destination)
      if (leaked !== undefined) {
        asks.push({
          rule: SEND_READ_DATA,
          site: destination,
          summary: `${definition.name} would send text this conversation read from a tab or the workspace ("${leaked.slice(0, 60)}") to ${destination}: ${url.slice(0, 300)}`,
        })
      }
    }
    if (asks.length === 0) return { ok: true }
    const modes = await this.modes()
    for (const ask of asks) {
      const mode = modes[ask.rule] ?? "always"
      if (mode === "never") continue
      const approved = this.of(conversationId).approved
      if (mode === "once_per_site" && approved.get(ask.rule)?.has(ask.site)) continue
      const answer = await this.ask(conversationId, definition.name, ask, params, signal)
      if (answer !== true) {
        const why =
          answer === "timeout"
            ? "nobody answered the confirmation in time"
            : answer === "withdrawn"
              ? "the run was stopped"
              : "the user said no"
        return {
          ok: false,
          error: { code: "permission_denied", message: `Not done: ${why}. ${ask.summary}. Do not try again unless the user asks for it.` },
        }
      }
      if (mode === "once_per_site") {
        if (!approved.has(ask.rule)) approved.set(ask.rule, new Set())
        approved.get(ask.rule)!.add(ask.site)
      }
    }
    return { ok: true }
  }

  /** The user's answer to a confirmation. */
  answer(id: string, allow: boolean): CallOutcome {
    const pending = this.pending.get(id)
    if (!pending)
      return {
        ok: false,
        error: { code: "not_found", message: `No confirmation "${id}" is waiting (it may have timed out or been withdrawn).` },
      }
    pending.resolve(allow)
    return { ok: true, value: null }
  }

  waiting(): ReadonlyArray<ConfirmationRequested> {
    return [...this.pending.values()].map((p) => p.request)
  }

  private async modes(): Promise<Record<string, ConsentMode>> {
    const reply = await this.options.router("settings.get")
    return reply.ok ? ((reply.value as { confirmations?: Record<string, ConsentMode> }).confirmations ?? {}) : {}
  }

  private async waitMs(): Promise<number> {
    const reply = await this.options.router("settings.get")
    const v = reply.ok ? (reply.value as { askUserTimeoutMs?: unknown }).askUserTimeoutMs : undefined
    return typeof v === "number" ? v : 5 * 60_000
  }

  private async describe(tool: string, p: Record<string, unknown>): Promise<{ rule: string; site: string; summary: string }> {
    if (tool === "opfs_delete")
      return {
        rule: tool,
        site: "workspace",
        summary: `opfs_delete would delete "${String(p.path)}" from the workspace (folders with everything in them)`,
      }
    const tab = await this.tab(typeof p.tab_id === "number" ? p.tab_id : undefined)
    const where = tab ? `tab ${tab.tab_id} (${tab.url})` : `tab ${typeof p.tab_id === "number" ? p.tab_id : "active"}`
    const site = (tab && originOf(tab.url)) ?? "unknown site"
    if (tool === "execute_script")
      return { rule: tool, site, summary: `execute_script would run this code in ${where}:\n${String(p.code).slice(0, 2000)}` }
    if (tool === "close_tab") return { rule: tool, site, summary: `close_tab would close ${where}${tab?.title ? ` "${tab.title}"` : ""}` }
    return { rule: tool, site, summary: `${tool} would change ${where} with ${JSON.stringify(p).slice(0, 500)}` }
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
    ask: { rule: string; site: string; summary: string },
    params: unknown,
    signal: AbortSignal,
  ): Promise<boolean | "timeout" | "withdrawn"> {
    const id = crypto.randomUUID()
    const waitMs = await this.waitMs()
    const request: ConfirmationRequested = {
      type: "confirmation_requested",
      id,
      conversationId,
      tool,
      rule: ask.rule,
      site: ask.site,
      summary: ask.summary,
      params,
      expiresAt: Date.now() + waitMs,
    }
    const answer = await new Promise<boolean | "timeout" | "withdrawn">((resolve) => {
      const timer = setTimeout(() => done("timeout"), waitMs)
      const onAbort = () => done("withdrawn")
      const done = (a: boolean | "timeout" | "withdrawn") => {
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
      outcome: answer === true ? "allowed" : answer === false ? "denied" : answer,
    })
    return answer
  }
}
