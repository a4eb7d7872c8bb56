/** Sub-agents end to end: the agent tool, tool sets by type, parallel runs, transcripts, stop, spawn. */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { type ModelServer } from "../support/model-server.mjs"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { openScriptedPanel, until, type ExtensionSession, type ScriptedPanel } from "./harness.ts"

let scripted: ScriptedPanel | undefined
let session: ExtensionSession
let panel: Page
let pages: FixtureServer
let model: ModelServer

const chats = () => model.requests.filter((r) => r.path.endsWith("/chat/completions"))
const isSub = (r: { body: any }) => String(r.body.messages[0]?.content ?? "").includes("You are a sub-agent")

before(async () => {
  scripted = await openScriptedPanel()
  ;({ model, session, panel } = scripted)
  pages = await startFixtureServer({
    "/a": {
      body: "<html><head><title>Alpha</title></head><body><main><h1>Alpha</h1><p>Alpha fact: the sky is blue on clear days, because of Rayleigh scattering.</p></main></body></html>",
    },
  })
  // The fixture server stands for a public site (smooth-use.test.ts): read from a local address,
  // a page is private too, and a run holding private and untrusted data asks before each fetch.
  await panel.evaluate((origin) => globalThis.agent.settings.update({ publicOrigins: [origin] }), pages.origin)
})
after(async () => {
  await scripted?.close()
  await pages?.close()
})

/** The researchers' first turns wait here until the test has seen all three arrive. */
const FIRST_TURNS = { name: "parallel-first-turns", count: Infinity }

test("three researchers in one turn run at the same time, use their tools, are refused execute_script, and the parent answers from their results", async () => {
  const url = pages.url("/a")
  model.script([
    {
      toolCalls: ["one", "two", "three"].map((label, i) => ({
        id: `sub_${i}`,
        name: "agent",
        arguments: { type: "researcher", description: `research ${label}`, prompt: `Find fact ${label} on ${url}` },
      })),
    },
    // The three sub-agents' first turns (in whatever order they arrive), held at a gate until all
    // three have asked: none is answered before the last one asks.
    {
      gate: FIRST_TURNS,
      toolCalls: [
        { id: "f1", name: "web_fetch", arguments: { url } },
        { id: "x1", name: "execute_script", arguments: { code: "1+1", target: "sandbox" } },
      ],
    },
    { gate: FIRST_TURNS, toolCalls: [{ id: "f2", name: "web_fetch", arguments: { url } }] },
    { gate: FIRST_TURNS, toolCalls: [{ id: "f3", name: "web_fetch", arguments: { url } }] },
    { text: "Finding: the sky is blue." },
    { text: "Finding: the sky is blue." },
    { text: "Finding: the sky is blue." },
    { text: "All three researchers agree: the sky is blue." },
  ])
  const before = chats().length
  const finished = panel.evaluate(async () => {
    const run = globalThis.agent.chat("Research the sky, in parallel", { conversationId: "parallel" })
    const events: Array<{ type: string; agentId?: string; event?: { type: string } }> = []
    for await (const event of run) events.push(event as never)
    return { events, result: await run.result }
  })
  // All three ask the model while none has its answer: they run at the same time.
  await until(() => model.gateCounts()[FIRST_TURNS.name] === 3, "the three sub-agents' first turns, all held at once")
  model.openGate(FIRST_TURNS.name)
  const { events, result } = await finished
  assert.equal(result.status, "completed", JSON.stringify(result))
  assert.equal(result.answer, "All three researchers agree: the sky is blue.")

  const sent = chats().slice(before)
  const subFirstTurns = sent.filter((r) => isSub(r) && r.body.messages.filter((m: { role: string }) => m.role === "tool").length === 0)
  assert.equal(subFirstTurns.length, 3)
  assert.equal(model.gateCounts()[FIRST_TURNS.name], 3, "no other request reached the first turns' gate")

  // A researcher has the contract's researcher tools only: the model was not even offered execute_script.
  for (const r of subFirstTurns) {
    const offered = r.body.tools.map((t: { function: { name: string } }) => t.function.name).sort()
    assert.deepEqual(offered, ["get_tab_content", "list_tabs", "web_fetch", "web_search"])
  }
  const parentFinal = sent
    .filter((r) => !isSub(r))
    .at(-1)!
    .body.messages.filter((m: { role: string }) => m.role === "tool")
  assert.equal(parentFinal.length, 3)
  for (const m of parentFinal) assert.match(m.content, /sky is blue/)

  const agentIds = new Set(events.filter((e) => e.type === "sub_agent_event").map((e) => e.agentId))
  assert.equal(agentIds.size, 3, "the parent's stream carries each sub-agent's events")

  const saved = await panel.evaluate(() => globalThis.agent.conversations.get("parallel"))
  assert.equal(saved?.subAgents?.length, 3)
  const tools = saved!.subAgents!.flatMap((s) => s.messages.filter((m) => m.message.role === "tool"))
  const refused = tools.find((m) => (m.message as { name: string }).name === "execute_script")
  // Refused in the sub-agent's own loop, which offers only its type's tools (the hub would refuse it too).
  assert.equal(refused?.tool?.error?.code, "unknown_tool")
  assert.match(refused?.tool?.error?.message ?? "", /"execute_script" is not one of your tools\. .*The tools you can call are: .*web_fetch/)
  assert.equal(tools.filter((m) => (m.message as { name: string }).name === "web_fetch" && m.tool?.result !== undefined).length, 3)
  assert.ok(!(await panel.evaluate(() => globalThis.agent.conversations.list())).some((c) => c.id.startsWith("sub:")))
})

test("stopping the parent stops its sub-agent and the sub-agent's tool calls", async () => {
  model.script([
    { toolCalls: [{ id: "s", name: "agent", arguments: { type: "general", prompt: "take your time" } }] },
    { delayMs: 30_000, text: "too late" },
  ])
  const before = chats().length
  const pending = panel.evaluate(async () => {
    const run = globalThis.agent.chat("start a slow helper", { conversationId: "stop-sub" })
    for await (const _ of run) {
      // drain
    }
    return run.result
  })
  // Stop once the sub-agent is waiting on the model.
  await until(() => chats().length >= before + 2, "the sub-agent's model request")
  assert.equal(chats().length, before + 2)
  await panel.evaluate(() => globalThis.agent.stop("stop-sub"))
  const outcome = await pending
  assert.equal(outcome.status, "stopped")
  const saved = await panel.evaluate(() => globalThis.agent.conversations.get("stop-sub"))
  assert.equal(saved?.subAgents?.[0]?.status, "stopped")
  assert.equal(saved?.messages.find((m) => m.message.role === "tool")?.tool?.error?.code, "cancelled")
  assert.deepEqual(await panel.evaluate(() => globalThis.agent.conversations.running()), [])
})

test("agent.spawn runs a sub-agent job outside any conversation and streams its events", async () => {
  model.script([{ text: "Spawned answer." }])
  const out = await panel.evaluate(async () => {
    const job = globalThis.agent.spawn({ type: "researcher", prompt: "Say something", description: "solo job" })
    const types: string[] = []
    for await (const event of job) types.push(event.event.type)
    return { result: await job.result, types }
  })
  assert.equal(out.result.answer, "Spawned answer.")
  assert.equal(out.result.type, "researcher")
  assert.ok(out.types.includes("run_finished"))
})

test("a job of agent.spawn shows as a lane in the panel while it works, also in a panel opened after it started", async () => {
  model.script([
    { when: "Count the pages", gate: { name: "spawn-lane", count: Infinity }, toolCalls: [{ name: "list_tabs", arguments: {} }] },
    { when: "Count the pages", text: "Three pages." },
  ])
  const viewer = await session.openPage("sidepanel.html")
  const lanes = viewer.getByTestId("spawn-lanes")
  // Started from another page (a script's), which stays open: a spawn job ends with its caller.
  const starter = await session.openPage("sidepanel.html")
  await starter.evaluate(() => void globalThis.agent.spawn({ type: "researcher", prompt: "Count the pages", description: "page counter" }))
  await lanes.getByText("page counter").waitFor()
  assert.match((await lanes.locator("summary").textContent()) ?? "", /1 running of 1/)
  await viewer.close()

  const reopened = await session.openPage("sidepanel.html")
  const again = reopened.getByTestId("spawn-lanes")
  await again.getByText("page counter").waitFor()
  assert.match((await again.locator("summary").textContent()) ?? "", /1 running of 1/, "a panel opened later finds the running job")
  model.openGate("spawn-lane")
  await again
    .locator("summary")
    .getByText(/0 running of 1/)
    .waitFor()
  assert.equal(await again.locator("am-lane").count(), 1)
  await reopened.close()
  await starter.close()
})

test("a sub-agent's tool call reaches a subscriber of every event once: inside its sub_agent_event, not also on its own", async () => {
  model.script([
    { when: "Read the list of tabs", toolCalls: [{ id: "once", name: "list_tabs", arguments: {} }] },
    { when: "Read the list of tabs", text: "Listed." },
  ])
  const seen = await panel.evaluate(async () => {
    const events: Array<{ type: string; callId?: string; event?: { type: string; callId?: string } }> = []
    const unsubscribe = globalThis.agent.onEvent((event) => void events.push(event as never))
    const job = globalThis.agent.spawn({ type: "researcher", prompt: "Read the list of tabs" })
    await job.result
    unsubscribe()
    return events
  })
  const callEvents = (type: string) =>
    seen.filter(
      (e) =>
        (e.type === type && e.callId?.endsWith(":once")) ||
        (e.type === "sub_agent_event" && e.event?.type === type && e.event.callId?.endsWith(":once")),
    )
  assert.equal(callEvents("tool_call_started").length, 1, JSON.stringify(callEvents("tool_call_started")))
  assert.equal(callEvents("tool_call_finished").length, 1, JSON.stringify(callEvents("tool_call_finished")))
  assert.equal(callEvents("tool_call_started")[0]!.type, "sub_agent_event", "the parent's stream is where a sub-agent's calls show")
})

/**
 * Runs `prompt` in `conversationId`, injects `fault` into its agent worker once the model has the
 * request, checks that the run ended as agent_crashed with the notice saved, and gives the answer
 * of the conversation's next run.
 */
const faultEndsRun = async (conversationId: string, prompt: string, fault: (target: `agent:${string}`) => Promise<void>) => {
  const before = chats().length
  const ended = panel.evaluate(
    async ({ prompt, conversationId }) => {
      const run = globalThis.agent.chat(prompt, { conversationId })
      for await (const _ of run) {
        // drain
      }
      return run.result
    },
    { prompt, conversationId },
  )
  await until(() => chats().length > before, "the run's model request")
  await fault(`agent:${conversationId}`)
  const outcome = await ended
  assert.equal(outcome.status, "failed")
  assert.equal(outcome.error?.code, "agent_crashed")
  const saved = await panel.evaluate((id) => globalThis.agent.conversations.get(id), conversationId)
  assert.equal(saved?.messages.at(-1)?.notice?.code, "agent_crashed", "the notice says so in the transcript")
  return panel.evaluate(
    async (id) => (await globalThis.agent.chat("Answer after the fault", { conversationId: id }).result).answer,
    conversationId,
  )
}

test(
  "an agent worker that ends without an error event is found by its heartbeat: the run ends with agent_crashed",
  { timeout: 60_000 },
  async () => {
    model.script([
      { when: "Wait to be killed", delayMs: 60_000, text: "too late" },
      { when: "Wait to be killed", text: "Back again." },
    ])
    // terminate() fires no error event: only the pool's heartbeat can notice.
    const next = await faultEndsRun("killed-top", "Wait to be killed", (target) =>
      panel.evaluate((t) => globalThis.agent.debug.killWorker(t), target),
    )
    assert.equal(next, "Back again.")
  },
)

test("an agent worker that really crashes ends its run with agent_crashed, and the next run and spawn work", async () => {
  model.script([
    { when: "Wait for the crash", delayMs: 30_000, text: "too late" },
    // Steps match a conversation's first message: the next run of the same conversation.
    { when: "Wait for the crash", text: "Still here." },
    { when: "Spawned before a crash", delayMs: 30_000, text: "too late" },
    { when: "Spawned after a crash", text: "Spawned fine." },
  ])
  // A conversation's run: its worker crashes while the model is answering.
  const next = await faultEndsRun("crash-top", "Wait for the crash", (target) =>
    panel.evaluate((t) => globalThis.agent.debug.crashWorker(t), target),
  )
  assert.equal(next, "Still here.")

  // A sub-agent's run: its job fails with the same code; the pool's next spawn works.
  const spawnedBefore = chats().length
  const job = panel.evaluate(async () => {
    const run = globalThis.agent.spawn({ type: "researcher", prompt: "Spawned before a crash" })
    ;(globalThis as { crashTarget?: string }).crashTarget = `agent:sub:${run.agentId}`
    return run.result.then(
      () => "completed",
      (error: { code?: string }) => error.code,
    )
  })
  await until(() => chats().length > spawnedBefore, "the sub-agent's model request")
  await panel.evaluate(() => globalThis.agent.debug.crashWorker((globalThis as { crashTarget?: string }).crashTarget as `agent:${string}`))
  assert.equal(await job, "agent_crashed")
  const after = await panel.evaluate(
    async () => (await globalThis.agent.spawn({ type: "researcher", prompt: "Spawned after a crash" }).result).answer,
  )
  assert.equal(after, "Spawned fine.")
})
