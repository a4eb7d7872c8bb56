/**
 * A research job: a planner turn splits the question into angles, researcher sub-agents work on
 * them in parallel (each in its own worker and lane), and a writer turn composes one report from
 * their findings. Citations are then checked by code against the pages the researchers fetched
 * (report.ts), and the report is saved in the workspace.
 *
 * The job runs in the offscreen document, detached from whichever page started it, so closing
 * the side panel does not stop it; every change of its state is one `research_update` event.
 */
import type { WireError } from "../../../schemas/errors.ts"
import type { ResearchState } from "../../../schemas/events.ts"
import type { SpawnRequest } from "../agents.ts"
import type { CallOutcome } from "../../../workers/runtime/protocol.ts"
import { urlKey } from "./quotes.ts"
import { checkFindings, composeReport, parseAngles, parseFindings, slugOf, type Finding } from "./report.ts"
import type { ReportWords } from "./words.ts"

export const MAX_RESEARCHERS = 8
export const DEFAULT_RESEARCHERS = 4

export interface ResearchBudget {
  /** Model turns of all its agents together. */
  readonly steps: number
  readonly tokens: number
  readonly wallMs: number
}

export const DEFAULT_BUDGET: ResearchBudget = { steps: 160, tokens: 2_000_000, wallMs: 15 * 60_000 }

export interface ResearchRequest {
  readonly jobId: string
  readonly question: string
  readonly researchers: number
  readonly conversationId?: string
  readonly budget: ResearchBudget
  /** The language of the person who started the job (BCP 47): the report's fixed words and dates. */
  readonly language?: string
}

export interface ResearchHost {
  spawn(request: SpawnRequest, signal: AbortSignal): Promise<CallOutcome>
  /** Runs a built-in tool for the job itself (saving the report), under the supervisor like any call. */
  callTool(name: string, params: unknown): Promise<CallOutcome>
  emit(state: ResearchState): void
  now(): number
  /** The report's fixed words in `language`. */
  reportWords(language: string): Promise<ReportWords>
  /** Starts agent workers ahead of the agents that will need them (the pool's spares). */
  prewarm?(count: number): void
}

type Researcher = ResearchState["researchers"][number]

const answerOf = (outcome: CallOutcome): string | undefined =>
  outcome.ok && typeof outcome.value === "object" && outcome.value !== null && "answer" in outcome.value
    ? String(outcome.value.answer)
    : undefined

const plannerPrompt = (question: string, n: number) =>
  [
    `Split this research question into at most ${n} distinct angles that separate researchers can investigate in parallel.`,
    `Question: ${question}`,
    "Write each angle in the language of the question: each is shown to the person who asked.",
    'Answer with a JSON block and nothing else: ```json\n{"angles": ["...", "..."]}\n```',
  ].join("\n\n")

const researcherPrompt = (question: string, angle: string) =>
  [
    `You are one of several researchers answering: ${question}`,
    `Your angle: ${angle}`,
    "Search the web and read the most relevant pages with web_fetch (without a prompt, so you see the page itself).",
    "For each finding, copy a short passage (one or two sentences) verbatim from the page that supports it: it will be checked against the page.",
    'End your answer with a JSON block: ```json\n{"findings": [{"claim": "...", "url": "the page\'s URL", "quote": "verbatim passage"}]}\n```',
  ].join("\n\n")

const writerPrompt = (question: string, findings: ReadonlyArray<{ n: number; claim: string; quote: string; url: string }>) =>
  [
    `Write a concise report in Markdown that answers: ${question}`,
    "Write it in the language of the question.",
    "Use only the numbered findings below. Cite each statement with its finding's number in square brackets, e.g. [2] or [1, 3]. Do not cite anything else, do not add a sources list (it is added for you), and do not use a top-level heading.",
    findings.map((f) => `[${f.n}] ${f.claim}\n    quote: "${f.quote}"\n    source: ${f.url}`).join("\n"),
  ].join("\n\n")

/** Without a writer (stopped, or the writer failed), the findings themselves are the report's body. */
const findingsBody = (findings: ReadonlyArray<{ n: number; claim: string }>, words: ReportWords) =>
  findings.length === 0 ? words.text("report_noFindings") : findings.map((f) => `- ${f.claim} [${f.n}]`).join("\n")

/** The text a tool result shows the model, for the tools whose content counts as "the page as read". */
const pageTextOf = (tool: string, params: unknown, value: unknown): { url: string; content: string; title?: string } | undefined => {
  if (typeof value !== "object" || value === null) return undefined
  const p = (params ?? {}) as { prompt?: unknown; url?: unknown }
  // A summary is the model's words, not the page's: quotes are never checked against it.
  if (typeof p.prompt === "string" && p.prompt.trim() !== "") return undefined
  const v = value as { content?: unknown; final_url?: unknown; url?: unknown; title?: unknown }
  if (typeof v.content !== "string") return undefined
  if (tool === "web_fetch") {
    const url = typeof v.final_url === "string" ? v.final_url : typeof p.url === "string" ? p.url : undefined
    return url === undefined ? undefined : { url, content: v.content }
  }
  if (tool === "get_tab_content" && typeof v.url === "string") {
    return { url: v.url, content: v.content, ...(typeof v.title === "string" ? { title: v.title } : {}) }
  }
  return undefined
}

export class ResearchJob {
  private readonly controller = new AbortController()
  private stopReason: "user" | "budget" | undefined
  private readonly started: number
  private state: ResearchState
  private readonly pages = new Map<string, Array<{ content: string; title?: string; at: number }>>()
  private budgetTimer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly request: ResearchRequest,
    private readonly host: ResearchHost,
  ) {
    this.started = host.now()
    this.state = {
      type: "research_update",
      jobId: request.jobId,
      question: request.question,
      ...(request.conversationId ? { conversationId: request.conversationId } : {}),
      phase: "planning",
      angles: [],
      researchers: [],
      spent: { steps: 0, tokens: 0, ms: 0 },
      budget: request.budget,
    }
  }

  snapshot(): ResearchState {
    return { ...this.state, spent: { ...this.state.spent, ms: Math.round(this.host.now() - this.started) } }
  }

  /** Ends every agent of the job at once; the job then saves what it has. */
  stop(reason: "user" | "budget" = "user"): void {
    if (this.controller.signal.aborted) return
    this.stopReason = reason
    this.controller.abort()
  }

  async run(): Promise<ResearchState> {
    this.budgetTimer = setTimeout(() => this.stop("budget"), this.request.budget.wallMs)
    try {
      return await this.work()
    } catch (error) {
      return this.finish("failed", undefined, { code: "research_failed", message: String(error) })
    } finally {
      clearTimeout(this.budgetTimer)
    }
  }

  private update(patch: Partial<ResearchState>): void {
    // Agents that wind down after the job finished change nothing any more.
    if (this.state.phase === "finished") return
    this.state = { ...this.state, ...patch }
    this.host.emit(this.snapshot())
  }

  private spend(tokens: number): void {
    const spent = { ...this.state.spent, steps: this.state.spent.steps + 1, tokens: this.state.spent.tokens + tokens }
    this.update({ spent })
    const { budget } = this.request
    if (spent.steps >= budget.steps || spent.tokens >= budget.tokens) this.stop("budget")
  }

  private agent(
    id: string,
    type: SpawnRequest["type"],
    prompt: string,
    description: string,
    tools: boolean,
    started?: () => void,
  ): Promise<CallOutcome> {
    return this.host.spawn(
      {
        agentId: id,
        type,
        prompt,
        description,
        ...(this.request.conversationId
          ? { parent: { conversationId: this.request.conversationId, callId: `research:${this.request.jobId}:${id}` } }
          : {}),
        ...(tools ? {} : { toolFilter: () => false }),
        observe: {
          ...(started ? { started } : {}),
          usage: (tokens) => this.spend(tokens),
          toolResult: (tool, params, value) => {
            const page = pageTextOf(tool, params, value)
            if (!page) return
            const key = urlKey(page.url)
            const list = this.pages.get(key) ?? []
            list.push({ content: page.content, at: this.host.now(), ...(page.title ? { title: page.title } : {}) })
            this.pages.set(key, list)
            // A researcher may cite the address it asked for, before redirects.
            const asked = (params as { url?: unknown } | undefined)?.url
            if (typeof asked === "string" && urlKey(asked) !== key) this.pages.set(urlKey(asked), list)
          },
        },
      },
      this.controller.signal,
    )
  }

  /** Settles when the outcome does, or at once when the job is stopped: a stopped job does not wait for its agents to wind down. */
  private untilStopped<T>(work: Promise<T>): Promise<T | undefined> {
    const signal = this.controller.signal
    if (signal.aborted) return Promise.resolve(undefined)
    return Promise.race([
      work,
      new Promise<undefined>((resolve) => signal.addEventListener("abort", () => resolve(undefined), { once: true })),
    ])
  }

  private async work(): Promise<ResearchState> {
    const { question, researchers: wanted, jobId } = this.request
    this.update({ phase: "planning" })
    // The researchers' workers start while the planner's model thinks, not after it answered:
    // N workers starting at once on a busy machine otherwise delay every researcher's first turn.
    const plan = await this.untilStopped(
      this.agent(`${jobId}-plan`, "general", plannerPrompt(question, wanted), "Plan the research", false, () =>
        this.host.prewarm?.(wanted),
      ),
    )
    const planned = plan ? parseAngles(answerOf(plan) ?? "", wanted) : []
    // Without a plan, every researcher still has the question itself.
    const angles = planned.length > 0 ? planned : [question]

    const researchers: Researcher[] = angles.map((angle, i) => ({ agentId: `${jobId}-r${i + 1}`, angle, status: "running", findings: 0 }))
    this.update({ phase: "researching", angles, researchers })
    const setResearcher = (i: number, patch: Partial<Researcher>) => {
      const next = this.state.researchers.map((r, j) => (j === i ? { ...r, ...patch } : r))
      this.update({ researchers: next })
    }
    // And the writer's, once every researcher is waiting for its model.
    let started = 0
    const researcherStarted = () => {
      if (++started === researchers.length) this.host.prewarm?.(1)
    }
    const batches: Array<{ angle: string; findings: Finding[] }> = []
    const missing: Array<{ angle: string; code: string }> = []
    await this.untilStopped(
      Promise.all(
        researchers.map(async (r, i) => {
          const outcome = await this.agent(r.agentId, "researcher", researcherPrompt(question, r.angle), r.angle, true, researcherStarted)
          const answer = answerOf(outcome)
          if (answer === undefined) {
            const code = this.controller.signal.aborted ? "stopped" : outcome.ok ? "no_answer" : outcome.error.code
            missing.push({ angle: r.angle, code })
            setResearcher(i, { status: this.controller.signal.aborted ? "stopped" : "failed", error: code })
            return
          }
          const findings = parseFindings(answer)
          batches[i] = { angle: r.angle, findings }
          if (findings.length === 0) missing.push({ angle: r.angle, code: "no_findings" })
          setResearcher(i, { status: "done", findings: findings.length })
        }),
      ),
    )
    // Researchers still out when the job stopped are marked so, and what they found is missing.
    for (const [i, r] of this.state.researchers.entries()) {
      if (r.status === "running") {
        setResearcher(i, { status: "stopped" })
        missing.push({ angle: r.angle, code: "stopped" })
      }
    }
    const findings = checkFindings(
      batches.filter((b) => b !== undefined),
      this.pages,
    )

    // Read while the writer works: the locale's file, once per job.
    const loading = this.host.reportWords(this.request.language ?? "en")
    let body: string | undefined
    if (!this.controller.signal.aborted && findings.length > 0) {
      this.update({ phase: "writing" })
      const written = await this.untilStopped(
        this.agent(`${jobId}-write`, "general", writerPrompt(question, findings), "Write the report", false),
      )
      const text = written ? answerOf(written) : undefined
      if (text !== undefined && text.trim() !== "") body = text
    }
    const words = await loading

    this.update({ phase: "saving" })
    const { markdown, audit } = composeReport({
      question,
      body: body ?? findingsBody(findings, words),
      findings,
      missing,
      ...(this.stopReason ? { stopped: this.stopReason } : {}),
      words,
    })
    const date = new Date(this.host.now()).toISOString().slice(0, 10)
    const base = `research/${date}-${slugOf(question)}-${jobId.slice(0, 6)}`
    const record = {
      question,
      jobId,
      createdAt: new Date(this.started).toISOString(),
      stopped: this.stopReason ?? null,
      angles,
      missing,
      citations: audit,
      findings: findings.map((f) => ({
        n: f.n,
        angle: f.angle,
        claim: f.claim,
        url: f.url,
        title: f.title,
        quote: f.quote,
        verified: f.check.verified,
        ...(f.check.verified ? {} : { reason: f.check.reason }),
        ...(f.fetchedAt !== undefined ? { fetchedAt: new Date(f.fetchedAt).toISOString() } : {}),
      })),
    }
    const saved = await this.host.callTool("opfs_write", { path: `${base}.md`, content: markdown })
    const savedJson = await this.host.callTool("opfs_write", { path: `${base}.json`, content: JSON.stringify(record, null, 2) })
    const saveError = !saved.ok ? saved.error : !savedJson.ok ? savedJson.error : undefined
    const report = {
      path: `${base}.md`,
      markdown,
      citations: audit.total,
      verified: audit.verified,
      unbacked: audit.unbacked,
      findings: findings.length,
      quotesVerified: findings.filter((f) => f.check.verified).length,
    }
    return this.finish(this.stopReason ? "stopped" : "completed", report, saveError)
  }

  private finish(status: NonNullable<ResearchState["status"]>, report: ResearchState["report"], error?: WireError): ResearchState {
    this.update({ phase: "finished", status, ...(report ? { report } : {}), ...(error ? { error } : {}) })
    return this.snapshot()
  }
}
