/**
 * `npm run console` end to end: the console runs as a child process with piped input, as a
 * script would drive it, against a scripted model server and a fixture page server.
 */
import assert from "node:assert/strict"
import { spawn } from "node:child_process"
import path from "node:path"
import { after, before, test } from "node:test"
// @ts-expect-error: a plain ES module of the test support, typed by JSDoc
import { startModelServer } from "../support/model-server.mjs"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { distDir, repoRoot } from "./harness.ts"

let model: {
  baseUrl(kind: string): string
  script(steps: unknown[]): void
  requests: Array<{ path: string; body: any }>
  close(): Promise<void>
}
let pages: FixtureServer

before(async () => {
  model = await startModelServer()
  // A page that never answers, so only the caller's abort can end the fetch.
  pages = await startFixtureServer({ "/stall": () => undefined })
})
after(async () => {
  await model?.close()
  await pages?.close()
})

const runConsole = (input: string) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "scripts", "console.mjs")], {
      cwd: repoRoot,
      env: { ...process.env, DIST_DIR: distDir },
      stdio: ["pipe", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`the console did not exit in time.\nstdout:\n${stdout}\nstderr:\n${stderr}`))
    }, 60_000)
    child.on("exit", (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
    child.stdin.end(input)
  })

test("the console runs piped lines in order against the extension and exits at the end of the input", async () => {
  model.script([
    { toolCalls: [{ id: "c1", name: "create_task", arguments: { subject: "Write the report" } }] },
    { text: "Hello from the scripted model." },
    { text: "Spawned answer." },
    { delayMs: 30_000, text: "too late" },
  ])
  const settings = {
    providers: [{ id: "m", name: "m", kind: "openai", baseUrl: model.baseUrl("openai") }],
    defaultModel: { providerId: "m", model: "x" },
  }
  const input = [
    `const saved = await agent.settings.update(${JSON.stringify(settings)}); console.log("SETTINGS", saved.defaultModel.providerId)`,
    `console.log("TASK", JSON.stringify(await agent.tools.call("create_task", { subject: "Buy milk" }, { conversationId: "console" })))`,
    `console.log("LIST", JSON.stringify(await agent.tools.call("list_tasks", {}, { conversationId: "console" })))`,
    `await agent.tools.call("create_task", { subject: 42 }).catch((e) => console.log("ERROR", e instanceof Error, e.code, e.parameter))`,
    `const seen = []; const off = agent.onEvent((e) => seen.push(e.type))`,
    `const run = agent.chat("hi", { conversationId: "console-chat" })`,
    // One statement over several lines: the console must wait for its end before running it.
    `for await (const e of run) {`,
    `  console.log("EVENT", e.type)`,
    `}`,
    `const outcome = await run.result; console.log("ANSWER", outcome.status, outcome.answer)`,
    `off(); console.log("SEEN", [...new Set(seen)].sort().join(","))`,
    `const job = agent.spawn({ type: "researcher", prompt: "Say something" }); const jobTypes = []`,
    `for await (const e of job) jobTypes.push(e.event.type)`,
    `console.log("SPAWN", (await job.result).answer, typeof job.agentId, jobTypes.at(-1))`,
    `await agent.spawn({ type: "wizard", prompt: "x" }).result.catch((e) => console.log("SPAWN_ERROR", e.code))`,
    `const slow = agent.chat("take your time", { conversationId: "console-slow" }); await new Promise((r) => setTimeout(r, 500)); await slow.stop()`,
    `console.log("STOPPED", (await slow.result).status)`,
    `const ac = new AbortController(); setTimeout(() => ac.abort(), 500); void 0`,
    `await agent.tools.call("web_fetch", { url: ${JSON.stringify(pages.url("/stall"))} }, { signal: ac.signal }).catch((e) => console.log("ABORTED", e.code))`,
    `agent.tools.call("list_tasks", {}, { conversationId: "console" }).then((t) => console.log("LAST", t.length))`,
  ].join("\n")

  const { code, stdout, stderr } = await runConsole(input)
  const context = `\nstdout:\n${stdout}\nstderr:\n${stderr}`
  assert.equal(code, 0, context)
  const lines = stdout.split("\n")
  const find = (tag: string) => lines.find((l) => l.startsWith(`${tag} `))
  assert.match(lines[0] ?? "", /^Agent Mesh console: extension [a-p]{32}\b/, context)

  assert.equal(find("SETTINGS"), "SETTINGS m", context)
  assert.equal(find("TASK"), `TASK {"task_id":"t1","subject":"Buy milk","status":"pending"}`, context)
  assert.equal(find("LIST"), `LIST [{"task_id":"t1","subject":"Buy milk","status":"pending"}]`, context)
  assert.equal(find("ERROR"), "ERROR true invalid_input subject", context)

  const events = lines.filter((l) => l.startsWith("EVENT ")).map((l) => l.slice(6))
  assert.ok(events.includes("tool_call_started") && events.includes("text_delta"), context)
  assert.equal(events.at(-1), "run_finished", context)
  assert.equal(find("ANSWER"), "ANSWER completed Hello from the scripted model.", context)
  assert.ok(find("SEEN")?.split(" ")[1]?.split(",").includes("tool_call_finished"), context)
  // The chat reached the scripted model, and the tool it asked for ran in the chat's conversation.
  const chatRequests = model.requests.filter((r) => r.path.endsWith("/chat/completions"))
  assert.equal(chatRequests[0]?.body.messages.at(-1).content, "hi")

  assert.equal(find("SPAWN"), "SPAWN Spawned answer. string run_finished", context)
  assert.equal(find("SPAWN_ERROR"), "SPAWN_ERROR invalid_input", context)
  assert.equal(find("STOPPED"), "STOPPED stopped", context)
  assert.equal(find("ABORTED"), "ABORTED cancelled", context)
  assert.equal(pages.requests.filter((r) => r.path === "/stall").length, 1, "the aborted fetch had reached the page server")
  // A promise nobody awaited still settles before the console exits.
  assert.equal(lines.filter((l) => l.startsWith("LAST ")).at(-1), "LAST 1", context)

  const order = ["SETTINGS", "TASK", "LIST", "ERROR", "ANSWER", "SEEN", "SPAWN", "SPAWN_ERROR", "STOPPED", "ABORTED", "LAST"].map((tag) =>
    lines.findIndex((l) => l.startsWith(`${tag} `)),
  )
  assert.deepEqual(
    order,
    [...order].sort((a, b) => a - b),
    `the lines ran in order${context}`,
  )
})
