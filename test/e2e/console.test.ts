/**
 * `npm run console` and `npm start` end to end: each runs as a child process with piped input,
 * as a script would drive it, against a scripted model server and a fixture page server, or
 * against the demo model of `--demo`. The tests build dist/ once (npm run test:e2e does), so
 * the children run with --no-build.
 */
import assert from "node:assert/strict"
import { spawn } from "node:child_process"
import { mkdtemp, readdir, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { after, before, test } from "node:test"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { distDir, repoRoot } from "./harness.ts"

let model: ModelServer
let pages: FixtureServer

before(async () => {
  model = await startModelServer()
  let stalled = () => undefined as void
  const stallSeen = new Promise<void>((resolve) => (stalled = resolve))
  pages = await startFixtureServer({
    // A page that never answers, so only the caller's abort can end the fetch.
    "/stall": () => stalled(),
    // Answers once /stall has been asked for: the console's script waits on it before aborting.
    "/stall-seen": async (_req, res) => {
      await stallSeen
      res.writeHead(200, { "content-type": "text/plain" }).end("seen")
    },
  })
})
after(async () => {
  await model?.close()
  await pages?.close()
})

/** Runs a script of scripts/ with `args`, `input` piped in, and what it printed. */
const runScript = (
  script: "console.mjs" | "start.mjs",
  input: string,
  { args = [], env = {}, signal }: { args?: string[]; env?: Record<string, string | undefined>; signal?: AbortSignal } = {},
) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "scripts", script), "--no-build", ...args], {
      cwd: repoRoot,
      env: { ...process.env, DIST_DIR: distDir, ...env },
      stdio: ["pipe", "pipe", "pipe"],
      // A test that is cancelled takes its child with it (SIGTERM: it closes its browser and profile).
      ...(signal ? { signal } : {}),
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("error", (error) => reject(new Error(`${script}: ${error.message}\nstdout:\n${stdout}\nstderr:\n${stderr}`)))
    child.on("close", (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(input)
  })

test("the console runs piped lines in order against the extension and exits at the end of the input", async (t) => {
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
    // Stopped once it has started (its model answers only after 30 s).
    `const slow = agent.chat("take your time", { conversationId: "console-slow" }); for await (const e of slow) if (e.type === "run_started") break; await slow.stop()`,
    `console.log("STOPPED", (await slow.result).status)`,
    // Aborted once the page server has the request (the page never answers).
    `const ac = new AbortController(); const stalled = agent.tools.call("web_fetch", { url: ${JSON.stringify(pages.url("/stall"))} }, { signal: ac.signal }).catch((e) => console.log("ABORTED", e.code)); await fetch(${JSON.stringify(pages.url("/stall-seen"))}); ac.abort(); await stalled`,
    `agent.tools.call("list_tasks", {}, { conversationId: "console" }).then((t) => console.log("LAST", t.length))`,
  ].join("\n")

  const { code, stdout, stderr } = await runScript("console.mjs", input, { signal: t.signal })
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

test("npm run console -- --demo: the demo model's turn plans, reads the bundled page, ticks its tasks off and answers", async (t) => {
  const input = [
    `const run = agent.chat("What is on the demo page?"); const calls = []`,
    `for await (const e of run) if (e.type === "tool_call_started") calls.push(e.tool)`,
    `const outcome = await run.result; console.log("CALLS", calls.join(","))`,
    `console.log("ANSWER", outcome.status, JSON.stringify(outcome.answer))`,
    `console.log("TASKS", JSON.stringify(await agent.tools.call("list_tasks", {}, { conversationId: run.conversationId })))`,
    `console.log("DEFAULT", JSON.stringify((await agent.settings.get()).defaultModel))`,
  ].join("\n")
  const { code, stdout, stderr } = await runScript("console.mjs", input, { args: ["--demo"], signal: t.signal })
  const context = `\nstdout:\n${stdout}\nstderr:\n${stderr}`
  assert.equal(code, 0, context)
  const lines = stdout.split("\n")
  const find = (tag: string) => lines.find((l) => l.startsWith(`${tag} `))
  const demoLine = lines.find((l) => l.startsWith("Demo model on "))
  assert.match(demoLine ?? "", /^Demo model on http:\/\/127\.0\.0\.1:\d+\/v1 .* it reads http:\/\/127\.0\.0\.1:\d+\/\.$/, context)

  const calls = find("CALLS")?.slice(6).split(",") ?? []
  assert.ok(calls.includes("web_fetch") && calls.includes("create_task") && calls.includes("update_task"), context)
  // The answer quotes the page, so the fetch really reached the bundled page server.
  assert.match(
    find("ANSWER") ?? "",
    /^ANSWER completed "I read the demo page, \\"Welcome to Agent Mesh\\"\. It says: Agent Mesh is an AI agent/,
    context,
  )
  const tasks = JSON.parse(find("TASKS")?.slice(6) ?? "[]") as Array<{ subject: string; status: string }>
  assert.deepEqual(
    tasks.map((task) => [task.subject, task.status]),
    [
      ["Read the demo page", "completed"],
      ["Answer with what it says", "completed"],
    ],
    context,
  )
  assert.deepEqual(JSON.parse(find("DEFAULT")?.slice(8) ?? "null"), { providerId: "demo", model: "demo-model" }, context)
})

test("npm run console: a run prints as one line, an answer as text, and no_model names the way to a model", async (t) => {
  const demo = await runScript(
    "console.mjs",
    ['const run = agent.chat("What is on the demo page?")', "run", "(await run.result).answer"].join("\n"),
    { args: ["--demo"], signal: t.signal },
  )
  const context = `\nstdout:\n${demo.stdout}\nstderr:\n${demo.stderr}`
  assert.equal(demo.code, 0, context)
  const lines = demo.stdout.split("\n")
  const handle = lines.filter((l) => l.startsWith("[agent.chat run "))
  assert.equal(handle.length, 1, `the run is one line${context}`)
  assert.match(handle[0]!, /conversationId: [\w-]{36}.*await its \.result for the answer/, context)
  assert.doesNotMatch(demo.stdout, /Symbol\(|kResourceStore|async_id/, context)
  // The answer as its text: no quotes, no escaped quotes, no literal cut into pieces joined by +.
  const answer = lines.find((l) => l.startsWith("I read the demo page"))
  assert.match(answer ?? "", /^I read the demo page, "Welcome to Agent Mesh"\. It says: Agent Mesh is an AI agent/, context)
  assert.doesNotMatch(demo.stdout, /^'I read|' \+$/m, context)

  const none = await runScript("console.mjs", ['const failed = await agent.chat("Zq?").result', "failed.error.message"].join("\n"), {
    signal: t.signal,
  })
  assert.equal(none.code, 0, none.stderr)
  const told = none.stdout.split("\n").find((l) => l.startsWith("No model is set up."))
  assert.match(told ?? "", /⋯ → Settings.*--demo/, none.stdout)
  assert.doesNotMatch(none.stdout, /Settings (⋯ → Settings in the side panel)/, none.stdout)
})

test("npm start with no display says so in one line and starts headless with the console; --profile keeps the profile", async (t) => {
  const profile = await mkdtemp(path.join(tmpdir(), "agent-mesh-kept-"))
  t.after(() => rm(profile, { recursive: true, force: true }))
  const noDisplay = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined }
  const first = await runScript("start.mjs", `console.log("SAVED", (await agent.settings.update({ stepLimit: 7 })).stepLimit)`, {
    args: ["--profile", profile],
    env: noDisplay,
    signal: t.signal,
  })
  const context = `\nstdout:\n${first.stdout}\nstderr:\n${first.stderr}`
  assert.equal(first.code, 0, context)
  const lines = first.stdout.split("\n")
  assert.equal(lines[0], "No display: starting headless with the developer console attached.", context)
  assert.equal(
    lines[1]?.replace(/ [a-p]{32} /, " ID "),
    `Agent Mesh console: extension ID (headless), side panel page open; profile ${profile}.`,
    context,
  )
  assert.ok(lines.includes("SAVED 7"), context)

  const second = await runScript("start.mjs", `console.log("KEPT", (await agent.settings.get()).stepLimit)`, {
    args: [`--profile=${profile}`, "--headless"],
    env: noDisplay,
    signal: t.signal,
  })
  assert.equal(second.code, 0, second.stderr)
  // Asked for headless: no line about the display.
  assert.match(second.stdout.split("\n")[0] ?? "", /^Agent Mesh console: /)
  assert.ok(second.stdout.split("\n").includes("KEPT 7"), second.stdout)
})

test("a browser that cannot start is one line, and the temporary profile is removed", async (t) => {
  const scratch = await mkdtemp(path.join(tmpdir(), "agent-mesh-tmpdir-"))
  t.after(() => rm(scratch, { recursive: true, force: true }))
  const missing = path.join(scratch, "no-such-chromium")
  for (const script of ["console.mjs", "start.mjs"] as const) {
    for (const [browser, message] of [
      [missing, `Chromium was not found at ${missing}: set CHROMIUM_PATH to a Chromium or Chrome.`],
      // A program that exits at once, as a browser that crashes on start does.
      ["/bin/false", "Chromium (/bin/false) did not start: it exited at once (exit code 1)."],
    ] as const) {
      const { code, stdout, stderr } = await runScript(script, "", {
        env: { CHROMIUM_PATH: browser, TMPDIR: scratch, DISPLAY: undefined },
        signal: t.signal,
      })
      const context = `${script} with ${browser}\nstdout:\n${stdout}\nstderr:\n${stderr}`
      assert.equal(code, 1, context)
      assert.equal(stderr, `${message}\n`, context)
      // Playwright's own scratch folder is Playwright's; the profile is the script's.
      assert.deepEqual(
        (await readdir(scratch)).filter((name) => name.startsWith("agent-mesh-")),
        [],
        `${script} left its profile behind`,
      )
    }
  }
})

test("the scripts' usage: a wrong option is one line naming the usage, runnable as written", async () => {
  for (const [script, usage] of [
    ["console.mjs", "npm run console -- [--headed] [--no-build] [--demo] [--profile DIR]"],
    ["start.mjs", "npm start -- [--headless] [--no-build] [--demo] [--profile DIR]"],
  ] as const) {
    const wrong = await runScript(script, "", { args: ["--colour"] })
    assert.equal(wrong.code, 2)
    assert.equal(wrong.stderr, `Unknown option --colour. Use: ${usage}\n`)
    const missing = await runScript(script, "", { args: ["--profile"] })
    assert.equal(missing.code, 2)
    assert.equal(missing.stderr, `--profile needs a value. Use: ${usage}\n`)
  }
})
