import { expect } from "chai"
import type { SpawnRequest } from "../agents.ts"
import type { CallOutcome } from "../../../workers/runtime/protocol.ts"
import { DEFAULT_BUDGET, ResearchJob, type ResearchHost } from "./job.ts"
import { wordsOf } from "./words.ts"

const FINDINGS =
  '```json\n{"findings": [{"claim": "A claim", "url": "https://example.org/", "quote": "a passage long enough to be checked"}]}\n```'

/** A host whose agents answer at once, and that logs the spawns and the workers asked for ahead. */
const scriptedHost = (log: string[]): ResearchHost => ({
  spawn: async (request: SpawnRequest): Promise<CallOutcome> => {
    const role = request.agentId!.split("-").pop()!
    log.push(`spawn ${role}`)
    request.observe?.started?.()
    const answer = role === "plan" ? '```json\n{"angles": ["one", "two", "three"]}\n```' : role === "write" ? "Written [1]." : FINDINGS
    return { ok: true, value: { answer } }
  },
  callTool: async () => ({ ok: true, value: null }),
  emit: () => undefined,
  now: () => Date.now(),
  reportWords: async (language) => wordsOf(language, {}),
  prewarm: (count) => void log.push(`prewarm ${count}`),
})

describe("a research job's workers", () => {
  it("are started ahead: the researchers' once the planner runs, the writer's once every researcher runs", async () => {
    const log: string[] = []
    const state = await new ResearchJob({ jobId: "job", question: "Why?", researchers: 3, budget: DEFAULT_BUDGET }, scriptedHost(log)).run()
    expect(state.status).to.equal("completed")
    expect(log).to.deep.equal(["spawn plan", "prewarm 3", "spawn r1", "spawn r2", "spawn r3", "prewarm 1", "spawn write"])
  })

  it("asks the model in English to word its angles and its report in the question's language, and saves the fixed words in the asker's", async () => {
    const prompts: Record<string, string> = {}
    const host = scriptedHost([])
    const languages: string[] = []
    const state = await new ResearchJob(
      { jobId: "job", question: "Acme のプランの価格は？", researchers: 1, budget: DEFAULT_BUDGET, language: "ja" },
      {
        ...host,
        spawn: (request, signal) => {
          prompts[request.agentId!.split("-").pop()!] = request.prompt
          return host.spawn(request, signal)
        },
        reportWords: async (language) => {
          languages.push(language)
          return wordsOf(language, { report_sources: { message: "出典" } })
        },
      },
    ).run()
    expect(prompts.plan).to.match(/^Split this research question/)
    expect(prompts.plan).to.include("Write each angle in the language of the question")
    expect(prompts.write).to.include("Write it in the language of the question.")
    expect(languages).to.deep.equal(["ja"])
    expect(state.report?.markdown).to.include("## 出典")
    expect(state.report?.path).to.match(/^research\/\d{4}-\d\d-\d\d-acme-のプランの価格は-job\.md$/)
  })
})
