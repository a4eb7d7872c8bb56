import { expect } from "chai"
import type { ResearchState } from "../schemas/events.ts"
import { getMessage, type Messages } from "../test/support/chrome-i18n.ts"
import { laneView, type AmResearch } from "./am-research.ts"
import { reduceLane, type Lane } from "./state/chat-view.ts"

type LaneEvent = Parameters<typeof reduceLane>[1]

const job = {
  type: "research_update",
  jobId: "job1",
  question: "Zq?",
  phase: "researching",
  angles: ["prix", "stockage"],
  researchers: [
    { agentId: "job1-r1", angle: "prix", status: "running", findings: 0 },
    { agentId: "job1-r2", angle: "stockage", status: "done", findings: 2 },
  ],
  spent: { steps: 3, tokens: 10, ms: 2000 },
  budget: { steps: 160, tokens: 2_000_000, wallMs: 900_000 },
} satisfies ResearchState

const lane = (agentId: string, events: LaneEvent[] = []): Lane =>
  events.reduce(reduceLane, {
    agentId,
    agentType: agentId.endsWith("-plan") || agentId.endsWith("-write") ? "general" : "researcher",
    description: agentId.endsWith("-plan") ? "Plan the research" : agentId.endsWith("-write") ? "Write the report" : "prix",
    status: "running",
    steps: 0,
    current: "",
    tools: [],
  } as Lane)

describe("a research job's lanes, in French", () => {
  const w = globalThis as unknown as { chrome?: unknown }
  const saved = w.chrome
  before(async () => {
    const messages = (await (await fetch("/_locales/fr/messages.json")).json()) as Messages
    w.chrome = { i18n: { getMessage: getMessage(messages), getUILanguage: () => "fr" } }
  })
  after(() => {
    w.chrome = saved
  })

  it("name the planner and the writer by their part, not by the job's English descriptions", () => {
    expect(laneView(job, lane("job1-plan"))).to.deep.equal({
      purpose: "Planificateur",
      label: "",
      activity: "Découpe la question en angles…",
    })
    expect(laneView(job, lane("job1-write"))).to.deep.equal({
      purpose: "Rédacteur",
      label: "",
      activity: "Rédige le rapport à partir des constats…",
    })
  })

  it("say what a researcher reads, searches or found, never its raw output", () => {
    const fetching = lane("job1-r1", [
      { type: "tool_call_started", callId: "c1", tool: "web_fetch", params: { url: "https://acme.example/pricing" } },
    ])
    expect(laneView(job, fetching).activity).to.equal("Lit acme.example")
    const searching = lane("job1-r1", [{ type: "tool_call_started", callId: "c1", tool: "web_search", params: { query: "acme  prix" } }])
    expect(laneView(job, searching).activity).to.equal("Cherche « acme prix »")
    const writing = lane("job1-r1", [{ type: "text_delta", delta: 'one gigabyte of storage."}]} ```' } as LaneEvent])
    expect(laneView(job, writing)).to.deep.equal({ label: "prix", activity: "Note ce qu'il a trouvé…" })
    const done = lane("job1-r2", [{ type: "run_finished", status: "completed" } as LaneEvent])
    expect(laneView(job, done).activity).to.equal("A trouvé 2 constats")
  })

  it("counts its time in seconds, then minutes, and shows its report in the log's own scrolling", async () => {
    const element = document.createElement("am-research") as AmResearch
    element.job = { ...job, spent: { ...job.spent, ms: 2_000 } }
    document.body.append(element)
    await element.updateComplete
    expect(element.shadowRoot!.querySelector(".budget")!.textContent).to.match(/Durée : 2\ss sur 15\smin/)
    element.job = {
      ...job,
      phase: "finished",
      status: "completed",
      report: {
        path: "research/x.md",
        markdown: "# Zq\n\n" + "Zq.\n\n".repeat(200),
        citations: 0,
        verified: 0,
        unbacked: 0,
        findings: 0,
        quotesVerified: 0,
      },
    }
    await element.updateComplete
    const report = element.shadowRoot!.querySelector<HTMLElement>(".report")!
    expect(getComputedStyle(report).overflowY).to.equal("visible")
    expect(report.scrollHeight).to.equal(report.clientHeight)
    element.remove()
  })
})

describe("Search and Research", () => {
  for (const language of ["en", "fr", "uk", "nl", "it", "ja"]) {
    it(`${language}: are named apart, in the settings and on the panel's button`, async () => {
      const messages = (await (await fetch(`/_locales/${language}/messages.json`)).json()) as Messages
      const search = messages.search!.message
      expect(messages.researchSettings!.message).to.not.equal(search)
      expect(messages.researchAction!.message).to.not.equal(search)
      expect(messages.researchAction!.message).to.not.equal(messages.searchEngine!.message)
    })
  }
})
