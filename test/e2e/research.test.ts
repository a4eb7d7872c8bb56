/**
 * Research jobs end to end: a planner, four researchers in parallel (their model requests held at
 * a gate until all four have arrived), a writer, and a report whose citations are checked by code
 * against the real pages the researchers fetched (test/fixtures/pages, served on 127.0.0.1).
 */
import assert from "node:assert/strict"
import { readFile } from "node:fs/promises"
import path from "node:path"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { type ModelServer } from "../support/model-server.mjs"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { openScriptedPanel, callTool, fixturesDir, type ExtensionSession, type ScriptedPanel } from "./harness.ts"
import { composer } from "./ui-support.ts"

let scripted: ScriptedPanel | undefined
let session: ExtensionSession
let panel: Page
let pages: FixtureServer
let model: ModelServer

const CORPUS = ["wikipedia-article", "readability-herald-sun-1", "readability-firefox-nightly-blog", "github-issue"]
const ANGLES = ["angle-alpha", "angle-beta", "angle-gamma", "angle-delta"]
const FALSE_QUOTE = "This sentence was invented by the researcher and appears on none of the pages."

/** A sentence of the page as web_fetch reads it, long enough to prove something. */
const quoteFrom = (markdown: string): string => {
  const plain = markdown
    .replace(/\\(.)/g, "$1")
    // Footnote marks ([[2]](…#cite_note-2)) are not part of a sentence a researcher would quote.
    .replace(/\[\[[^\]]*\]\]\([^)]*\)/g, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\s+/g, " ")
  const sentence = plain
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .find((s) => s.length >= 40 && s.length <= 300 && s.split(" ").length >= 8 && !/http|[*_`#>|\\[\]]/.test(s))
  assert.ok(sentence, `the page has a sentence to quote: ${plain.slice(0, 400)}`)
  return sentence
}

/** A tool's value, through the developer API; a failure fails the test with its error. */
const toolValue = async <T>(name: string, params: unknown): Promise<T> => {
  const outcome = await callTool(panel, name, params)
  assert.ok(outcome.ok, `${name} failed: ${JSON.stringify(outcome.error)}`)
  return outcome.value as T
}

/** The task of the agent that made a model request: its first user message. */
const taskOf = (r: { body: any }): string =>
  JSON.stringify(r.body?.messages?.find((m: { role: string }) => m.role === "user")?.content ?? "")
let testStart = 0
const hangingRequests = () => model.requests.slice(testStart).filter((r) => /Your angle: angle-(beta|gamma|delta)/.test(taskOf(r)))
/** Polls node-side state that no event announces (the model server's request log). */
const until = async (condition: () => boolean | Promise<boolean>) => {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20))
}

const planner = { when: "Split this research question", text: "```json\n" + JSON.stringify({ angles: ANGLES }) + "\n```" }

before(async () => {
  scripted = await openScriptedPanel()
  ;({ model, session, panel } = scripted)
  const routes: Record<string, { body: string }> = {}
  for (const name of CORPUS) routes[`/${name}`] = { body: await readFile(path.join(fixturesDir, "pages", `${name}.html`), "utf8") }
  pages = await startFixtureServer(routes)
})
after(async () => {
  await scripted?.close()
  await pages?.close()
})

type JobState = {
  phase: string
  status?: string
  researchers: Array<{ agentId: string; status: string; findings: number }>
  report?: {
    path: string
    markdown: string
    citations: number
    verified: number
    unbacked: number
    findings: number
    quotesVerified: number
  }
}

test("four researchers work at once; the report cites their sources, verifies every true quote and flags the false one", async () => {
  const urls = CORPUS.map((name) => pages.url(`/${name}`))
  const quotes: string[] = []
  for (const url of urls) quotes.push(quoteFrom((await toolValue<{ content: string }>("web_fetch", { url })).content))

  model.script([
    planner,
    ...ANGLES.flatMap((angle, i) => [
      // Each researcher's first turn waits at the gate until all four have asked: they run at once.
      {
        when: `Your angle: ${angle}`,
        gate: { name: "researchers", count: 4 },
        toolCalls: [{ name: "web_fetch", arguments: { url: urls[i] } }],
      },
      {
        when: `Your angle: ${angle}`,
        text:
          `Read it.\n\n\`\`\`json\n` +
          JSON.stringify({
            findings: [
              { claim: `Claim ${i + 1}`, url: urls[i], quote: quotes[i] },
              ...(i === 3 ? [{ claim: "An invented claim", url: urls[i], quote: FALSE_QUOTE }] : []),
            ],
          }) +
          "\n```",
      },
    ]),
    { when: "Write a concise report", text: "First [1]. Second [2]. Third [3]. Fourth [4]. Doubtful [5]. Made up [9]." },
  ])

  const { state, events } = await panel.evaluate(async () => {
    const run = globalThis.agent.research("What do these four pages say?", { researchers: 4 })
    const events: Array<{ type: string; agentId?: string; phase?: string }> = []
    for await (const event of run)
      events.push({
        type: event.type,
        ...("agentId" in event ? { agentId: event.agentId } : {}),
        ...("phase" in event ? { phase: event.phase } : {}),
      })
    return { state: (await run.result) as unknown as JobState, events }
  })

  assert.equal(model.gateCounts().researchers, 4, "all four researchers' requests were in flight together")
  assert.equal(state.status, "completed")
  assert.deepEqual(
    state.researchers.map((r) => [r.status, r.findings]),
    [
      ["done", 1],
      ["done", 1],
      ["done", 1],
      ["done", 2],
    ],
  )
  const report = state.report!
  assert.deepEqual(
    {
      citations: report.citations,
      verified: report.verified,
      unbacked: report.unbacked,
      findings: report.findings,
      quotesVerified: report.quotesVerified,
    },
    { citations: 6, verified: 4, unbacked: 1, findings: 5, quotesVerified: 4 },
  )
  for (const [i, url] of urls.entries())
    assert.ok(report.markdown.includes(`[\\[${i + 1}\\]](${url})`), `citation ${i + 1} links its source`)
  assert.match(report.markdown, /\[\\\[5\\\]\]\([^)]+\) \*\(unverified\)\*/, "the false quote's citation is flagged")
  assert.match(report.markdown, /\[9\] \*\(unsupported\)\*/, "a number no finding backs is flagged")
  assert.match(
    report.markdown,
    /## Sources\n\n1\. \[[^\]]+\]\(http:\/\/127\.0\.0\.1:\d+\/wikipedia-article\) — \w{3} \d+, \d{4}, \d+:\d\d\s[AP]M — quote verified/,
  )
  assert.match(report.markdown, /5\. .* — quote not verified \(not on the page\)/)

  const saved = await toolValue<{ content: string; untrusted?: boolean }>("opfs_read", { path: report.path })
  assert.equal(saved.content, report.markdown, "the report is saved in the workspace")
  // What web pages said, in the model's words: reading it back is untrusted.
  assert.equal(saved.untrusted, true)
  // The report's title is its file name, and a job wrote it: listed, the name is marked too.
  const listed = await toolValue<Array<{ name: string; untrusted?: true }>>("opfs_list", { path: "research" })
  assert.deepEqual(
    listed.filter((e) => report.path.endsWith(`/${e.name}`)).map((e) => e.untrusted),
    [true],
  )
  const record = JSON.parse((await toolValue<{ content: string }>("opfs_read", { path: report.path.replace(/\.md$/, ".json") })).content)
  assert.deepEqual(
    record.findings.map((f: { verified: boolean }) => f.verified),
    [true, true, true, true, false],
  )
  assert.deepEqual(
    new Set(events.filter((e) => e.type === "sub_agent_event").map((e) => e.agentId?.replace(/^.*-/, ""))),
    new Set(["plan", "r1", "r2", "r3", "r4", "write"]),
  )
  assert.equal(events.at(-1)?.phase, "finished")
})

test("stop ends every researcher at once and saves what was found; the job outlives the page that started it", async () => {
  testStart = model.requests.length
  const url = pages.url("/wikipedia-article")
  const quote = quoteFrom((await toolValue<{ content: string }>("web_fetch", { url })).content)
  model.script([
    planner,
    // One researcher comes back; three hang in their model request until stopped.
    { when: "Your angle: angle-alpha", toolCalls: [{ name: "web_fetch", arguments: { url } }] },
    { when: "Your angle: angle-alpha", text: "```json\n" + JSON.stringify({ findings: [{ claim: "Found", url, quote }] }) + "\n```" },
    ...ANGLES.slice(1).map((angle) => ({ when: `Your angle: ${angle}`, text: "never sent", stallAfter: 0 })),
  ])
  const starter = await session.openPage("sidepanel.html")
  const jobId = await starter.evaluate(() => globalThis.agent.research("Where does it hang?", { researchers: 4 }).jobId)
  await starter.close()

  const state = (jobId: string) =>
    panel.evaluate(
      async (id) => (await globalThis.agent.researchJobs.list()).find((j) => j.jobId === id) as unknown as JobState | undefined,
      jobId,
    )
  // The job runs on with its page closed: wait for the first researcher's finding and the others' hanging requests.
  await until(async () => {
    const now = await state(jobId)
    assert.notEqual(now?.phase, "finished", "the job is still running")
    return now?.researchers.filter((r) => r.status === "done").length === 1 && hangingRequests().length === 3
  })
  const stoppedAt = Date.now()
  await panel.evaluate((id) => globalThis.agent.researchJobs.stop(id), jobId)
  let finished: JobState | undefined
  await until(async () => (finished = await state(jobId))?.phase === "finished")
  console.log(`  stop → job finished with its report: ${Date.now() - stoppedAt} ms`)
  assert.equal(finished!.status, "stopped")
  assert.deepEqual(
    finished!.researchers.map((r) => r.status),
    ["done", "stopped", "stopped", "stopped"],
  )
  assert.match(finished!.report!.markdown, /This job was stopped/)
  assert.equal(finished!.report!.verified, 1, "what was found is in the saved report, verified")
  await until(() => hangingRequests().every((r) => r.clientClosed))
  assert.equal(hangingRequests().length, 3, "the stopped researchers' model requests were cancelled")
})

test("deleting the conversation a job works for stops the job, and its researchers, before the conversation's labels go", async () => {
  testStart = model.requests.length
  model.script([planner, ...ANGLES.map((angle) => ({ when: `Your angle: ${angle}`, text: "never sent", stallAfter: 0 }))])
  const jobId = await panel.evaluate(
    () => globalThis.agent.research("What goes when its conversation is deleted?", { researchers: 4, conversationId: "doomed" }).jobId,
  )
  await until(() => hangingRequests().length === 3)
  await panel.evaluate(() => globalThis.agent.conversations.delete("doomed"))
  // Nothing of the job may still run once the delete has answered.
  const job = await panel.evaluate(
    async (id) => (await globalThis.agent.researchJobs.list()).find((j) => j.jobId === id) as unknown as JobState | undefined,
    jobId,
  )
  assert.equal(job?.phase, "finished")
  assert.equal(job?.status, "stopped")
  assert.deepEqual(await panel.evaluate(() => globalThis.agent.conversations.running()), [])
  await until(() => hangingRequests().every((r) => r.clientClosed))
  assert.ok(!(await panel.evaluate(() => globalThis.agent.conversations.get("doomed"))), "the job did not bring the conversation back")
})

test("started from the panel's Research action, the job shows its lanes; closed and reopened, the panel shows it still running, then its report", async () => {
  testStart = model.requests.length
  const url = pages.url("/readability-herald-sun-1")
  const quote = quoteFrom((await toolValue<{ content: string }>("web_fetch", { url })).content)
  const findings = (items: unknown[]) => "```json\n" + JSON.stringify({ findings: items }) + "\n```"
  model.script([
    { when: "Split this research question", text: "```json\n" + JSON.stringify({ angles: ANGLES.slice(0, 2) }) + "\n```" },
    // Both researchers wait at a gate that only the test opens, after the panel was closed and reopened.
    {
      when: "Your angle: angle-alpha",
      gate: { name: "panel-job", count: Infinity },
      toolCalls: [{ name: "web_fetch", arguments: { url } }],
    },
    { when: "Your angle: angle-alpha", text: findings([{ claim: "The story", url, quote }]) },
    { when: "Your angle: angle-beta", gate: { name: "panel-job", count: Infinity }, text: findings([]) },
    { when: "Write a concise report", text: "The story is on the page [1]." },
  ])
  const first = await session.openPage("sidepanel.html")
  await first.setViewportSize({ width: 420, height: 800 })
  // The panel's jobs take their size and budget from the settings.
  await first.evaluate(() => globalThis.agent.settings.update({ research: { researchers: 2, steps: 40 } }))
  await composer(first).fill("What does the Herald Sun story say?")
  await first.getByTestId("research-action").click()
  const job = first.locator("am-research")
  await job.getByRole("heading", { name: "What does the Herald Sun story say?" }).waitFor()
  // The conversation is titled by the job's question, not "New conversation".
  await first.getByTestId("conversation-title").getByText("What does the Herald Sun story say?").waitFor()
  await until(() => (model.gateCounts()["panel-job"] ?? 0) === 2)
  const plannerAsked = model.requests.slice(testStart).find((r) => taskOf(r).includes("Split this research question"))
  assert.match(taskOf(plannerAsked!), /at most 2 distinct angles/, "the planner is asked for the set number of angles")
  await job.getByText(/Model turns: \d+ of 40/).waitFor()
  await job.locator("am-lane").nth(2).waitFor()
  assert.equal(await job.locator("am-lane").count(), 3, "a lane for the planner and one per researcher")
  await first.close()

  const again = await session.openPage("sidepanel.html")
  await again.setViewportSize({ width: 420, height: 800 })
  const reopened = again.locator("am-research")
  await reopened.getByRole("heading", { name: "What does the Herald Sun story say?" }).waitFor()
  assert.equal(await reopened.getByRole("status").textContent(), "Researching…", "the job is still running")
  await reopened.getByRole("button", { name: "Stop research" }).waitFor()
  assert.equal(await reopened.locator("am-lane").count(), 3, "its lanes are shown again")

  model.openGate("panel-job")
  await reopened.getByText("1 of 1 citations verified on their pages").waitFor()
  assert.equal(await reopened.getByRole("status").textContent(), "Done")
  await reopened.getByText("The story is on the page").waitFor()
  assert.equal(await reopened.getByRole("button", { name: "Stop research" }).count(), 0)
  await again.evaluate(() => globalThis.agent.settings.update({ research: null }))
  await again.close()
})

test("the research settings set on the options page (checked as typed) are the defaults of the next job", async () => {
  testStart = model.requests.length
  const options = await session.openPage("options.html")
  const field = (name: string) => options.getByRole("textbox", { name })
  const researchers = field("Researchers")
  await researchers.fill("9")
  await options.getByText("Enter a whole number from 1 to 8.").waitFor()
  await researchers.press("Tab")
  const stored = () => options.evaluate(async () => (await globalThis.agent.settings.get()).research)
  assert.equal((await stored()).researchers, 4, "an invalid value is not saved")
  await researchers.fill("3")
  assert.equal(await options.getByText("Enter a whole number from 1 to 8.").count(), 0)
  await researchers.press("Tab")
  await field("Model turns").fill("37")
  await field("Model turns").press("Tab")
  await field("Tokens").fill("50000")
  await field("Tokens").press("Tab")
  await field("Time limit (minutes)").fill("3")
  await field("Time limit (minutes)").press("Tab")
  await options.waitForFunction(async () => {
    const r = (await globalThis.agent.settings.get()).research
    return r.researchers === 3 && r.steps === 37 && r.tokens === 50_000 && r.wallMs === 180_000
  })
  await options.close()

  model.script([
    { when: "Split this research question", text: "```json\n" + JSON.stringify({ angles: ANGLES.slice(0, 3) }) + "\n```" },
    ...ANGLES.slice(0, 3).map((angle) => ({ when: `Your angle: ${angle}`, text: '```json\n{"findings": []}\n```' })),
  ])
  const state = await panel.evaluate(
    async () => (await globalThis.agent.research("Which defaults does this job take?").result) as unknown as JobState & { budget: unknown },
  )
  const plannerAsked = model.requests.slice(testStart).find((r) => taskOf(r).includes("Split this research question"))
  assert.match(taskOf(plannerAsked!), /at most 3 distinct angles/, "the planner is asked for the set number of angles")
  assert.equal(state.researchers.length, 3)
  assert.deepEqual(state.budget, { steps: 37, tokens: 50_000, wallMs: 180_000 }, "the job's budget is the settings'")
  assert.equal(state.status, "completed")
  await panel.evaluate(() => globalThis.agent.settings.update({ research: null }))
})
