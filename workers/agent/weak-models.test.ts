/**
 * The weak-model corpus (test/fixtures/llm/weak-models/, each case from a public report): every
 * case's replies played through each wire format it applies to, by the scripted model server in
 * its strict mode (it refuses, with HTTP 400, what vLLM, LM Studio, Anthropic and Ollama refuse
 * in a conversation's history), through the real providers and the agent loop. A case is handled
 * when it is repaired (the tools run as the model meant) or ends in a clear error or notice, the
 * run ends, and the next message in the same conversation works.
 */
import { expect } from "chai"
import type { MessageRecord } from "../../schemas/conversation.ts"
import { parametersJsonSchema } from "../../schemas/tool-json-schema.ts"
import { builtinTools } from "../../schemas/tools/index.ts"
import { runLoop, type LoopSettings, type RunOutcome } from "./loop.ts"
import { makeProvider } from "./providers/index.ts"
import { scripted, type LoggedRequest } from "./providers/test-support.ts"
import type { ProviderKind, ToolSpec } from "./providers/types.ts"
import type { NewMessage } from "./store.ts"
import { markupStart } from "./text-calls.ts"

interface Case {
  readonly id: string
  readonly source: string
  readonly formats?: ReadonlyArray<ProviderKind>
  readonly turns: ReadonlyArray<Record<string, unknown>>
  readonly expect: {
    /** The calls the tools received, in order; "any" when a repair or a clear error are both right. */
    readonly calls: ReadonlyArray<[string, unknown]> | "any"
    readonly nudges?: number
    readonly notice?: string
    readonly answer?: string
    readonly error?: string
    readonly errorText?: string
    /** How many requests the first run made (no retries of a failure that is not a cut stream). */
    readonly requests?: number
    /** Error codes of the tool results, each with a word its message must contain. */
    readonly toolErrors?: ReadonlyArray<[string, string]>
    /** Each call's result is saved under an id of its own. */
    readonly distinctResults?: boolean
  }
}

const FILES = ["text-calls", "empty-turns", "names", "arguments", "ids", "service"]
const KINDS: ReadonlyArray<ProviderKind> = ["openai", "anthropic", "ollama"]
const ANTHROPIC_ID = /^[a-zA-Z0-9_-]+$/

const tools: ReadonlyArray<ToolSpec> = builtinTools.map((t) => ({
  name: t.name,
  description: t.description,
  parameters: parametersJsonSchema(t),
}))

const settings: LoopSettings = {
  stepLimit: 10,
  maxRetries: 2,
  retryBaseDelayMs: 1,
  retryMaxDelayMs: 5,
  stallTimeoutMs: 5000,
  toolResultMaxChars: 2000,
  maxOutputTokens: 1000,
  contextWindow: 100_000,
}

/** A step in the protocol's own words: Anthropic says max_tokens where the others say length. */
const inProtocol = (step: Record<string, unknown>, kind: ProviderKind) =>
  kind === "anthropic" && step["finish"] === "length" ? { ...step, finish: "max_tokens" } : step

interface Play {
  readonly first: RunOutcome
  readonly second: RunOutcome
  readonly records: ReadonlyArray<MessageRecord>
  readonly executed: ReadonlyArray<[string, unknown]>
  readonly requests: ReadonlyArray<LoggedRequest>
  readonly firstRequests: number
}

const play = async (c: Case, kind: ProviderKind): Promise<Play> => {
  const server = await scripted([...c.turns.map((t) => inProtocol(t, kind)), { fallback: true, text: "Done." }], { strict: true })
  const provider = makeProvider({ kind, baseUrl: server.baseUrl(kind) })
  const records: MessageRecord[] = []
  const append = async (m: NewMessage) => {
    const record = { ...m, conversationId: "c", seq: records.length + 1, at: Date.now() } as MessageRecord
    records.push(record)
    return record
  }
  const executed: Array<[string, unknown]> = []
  const run = (runId: string, prompt: string) => {
    void append({ runId, message: { role: "user", content: prompt } })
    return runLoop({
      conversationId: "c",
      runId,
      provider,
      model: "test-model",
      system: "You are a helpful agent.",
      tools,
      settings,
      callTool: async (call) => {
        executed.push([call.name, call.arguments])
        return { ok: true, value: `result ${executed.length} of ${call.name}` }
      },
      emit: () => undefined,
      history: async () => records,
      append,
      summary: { get: async () => undefined, set: async () => undefined },
      signal: new AbortController().signal,
    })
  }
  const first = await run("r1", "Please help with this.")
  const firstRequests = (await server.requests()).length
  const second = await run("r2", "Thanks. One more thing?")
  return { first, second, records, executed, requests: await server.requests(), firstRequests }
}

/** What is wrong with how a case was handled; empty when it was handled. */
const problems = (c: Case, p: Play): string[] => {
  const out: string[] = []
  const want = c.expect
  const refused = p.requests.filter((r) => r.status === 400)
  if (refused.length) out.push(`the strict server refused ${refused.length} request(s), the first at ${refused[0]!.path}`)
  const firstRun = p.records.filter((r) => r.runId === "r1")
  const notices = firstRun.flatMap((r) => (r.notice?.code ? [r.notice.code] : []))
  if (want.error !== undefined) {
    if (p.first.status !== "failed" || p.first.error?.code !== want.error)
      out.push(`expected failure ${want.error}, got ${p.first.status} ${p.first.error?.code}`)
    if (want.errorText && !p.first.error?.message.includes(want.errorText))
      out.push(`the error does not carry the service's message: ${p.first.error?.message}`)
  } else {
    if (p.first.status !== "completed") out.push(`first run ${p.first.status}: ${p.first.error?.message ?? ""}`)
    const answer = want.answer ?? (want.notice ? undefined : "Done.")
    if (answer !== undefined && p.first.answer !== answer)
      out.push(`answer ${JSON.stringify(p.first.answer)} instead of ${JSON.stringify(answer)}`)
    if (want.notice !== "tool_markup" && markupStart(p.first.answer) >= 0) out.push(`raw call markup as the answer: ${p.first.answer}`)
  }
  if (want.requests !== undefined && p.firstRequests !== want.requests) out.push(`${p.firstRequests} requests instead of ${want.requests}`)
  if (want.notice !== undefined ? !notices.includes(want.notice) : want.error === undefined && notices.length > 0)
    out.push(`notices ${JSON.stringify(notices)}, expected ${want.notice ?? "none"}`)
  const nudges = firstRun.filter((r) => r.nudge !== undefined).length
  if (nudges !== (want.nudges ?? 0)) out.push(`${nudges} nudges instead of ${want.nudges ?? 0}`)
  const firstCalls = p.executed
  if (want.calls !== "any") {
    try {
      expect(firstCalls).to.deep.equal(want.calls)
    } catch {
      out.push(`calls ${JSON.stringify(firstCalls)} instead of ${JSON.stringify(want.calls)}`)
    }
  }
  // The saved transcript shows each call as a call, under an id of its own, answered once.
  const calls = p.records.flatMap((r) => (r.message.role === "assistant" ? (r.message.toolCalls ?? []) : []))
  const results = p.records.flatMap((r) => (r.message.role === "tool" ? [{ record: r, message: r.message }] : []))
  const ids = calls.map((call) => call.id)
  if (new Set(ids).size !== ids.length) out.push(`call ids repeat: ${ids.join(", ")}`)
  if (ids.some((id) => !ANTHROPIC_ID.test(id))) out.push(`an ill-formed call id: ${ids.join(", ")}`)
  for (const call of calls) {
    const answered = results.filter((r) => r.message.toolCallId === call.id)
    if (answered.length !== 1) out.push(`call ${call.id} has ${answered.length} results`)
    else if (answered[0]!.message.name !== call.name) out.push(`call ${call.id} (${call.name}) holds ${answered[0]!.message.name}'s result`)
  }
  for (const [name, args] of want.calls === "any" ? [] : want.calls) {
    if (!calls.some((call) => call.name === name && JSON.stringify(call.arguments) === JSON.stringify(args)))
      out.push(`the transcript does not show ${name} as a call`)
  }
  if (want.distinctResults) {
    for (const { record, message } of results) {
      const call = calls.find((c) => c.id === message.toolCallId)
      if (JSON.stringify(record.tool?.params) !== JSON.stringify(call?.arguments))
        out.push(`result ${message.toolCallId} is filed under another call`)
    }
  }
  for (const [code, word] of want.toolErrors ?? []) {
    const found = results.find((r) => r.record.tool?.error?.code === code)
    if (found === undefined) out.push(`no ${code} error saved`)
    else if (!found.message.content.includes(word)) out.push(`the ${code} error does not say "${word}": ${found.message.content}`)
  }
  if (p.second.status !== "completed" || p.second.answer !== "Done.")
    out.push(`the next message failed: ${p.second.status} ${p.second.error?.message ?? p.second.answer}`)
  return out
}

const tally = new Map<ProviderKind, { handled: number; total: number }>(KINDS.map((k) => [k, { handled: 0, total: 0 }]))
let corpus = 0

describe("weak models: the corpus through every wire format, against a strict server", () => {
  after(() => {
    const lines = KINDS.map((k) => `${k} ${tally.get(k)!.handled}/${tally.get(k)!.total}`)
    const all = [...tally.values()].reduce((a, t) => ({ handled: a.handled + t.handled, total: a.total + t.total }), {
      handled: 0,
      total: 0,
    })
    console.log(`weak-model corpus: ${corpus} replies, ${all.handled}/${all.total} cases handled (${lines.join(", ")})`)
  })

  for (const file of FILES) {
    describe(file, () => {
      let cases: Case[] = []
      before(async () => {
        cases = ((await (await fetch(`/test/fixtures/llm/weak-models/${file}.json`)).json()) as { cases: Case[] }).cases
      })

      it("plays every case through each format it applies to", async () => {
        expect(cases.length).to.be.greaterThan(0)
        const failures: string[] = []
        for (const c of cases) {
          corpus++
          expect(c.source, c.id).to.match(/^https:\/\/github\.com\//)
          for (const kind of c.formats ?? KINDS) {
            const found = problems(c, await play(c, kind))
            const count = tally.get(kind)!
            count.total++
            if (found.length === 0) count.handled++
            else failures.push(`${c.id} (${kind}): ${found.join("; ")}`)
          }
        }
        expect(failures).to.deep.equal([])
      })
    })
  }
})
