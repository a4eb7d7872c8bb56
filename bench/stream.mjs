// `npm run bench:stream`: what the mesh adds to a streamed reply, without any UI.
//
// The scripted model server (test/support/model-server.mjs) streams a reply of 20,000 tokens, one
// token per delta. It is read:
// - as the baseline, by a plain fetch of the same stream from a page, read to its end and decoded;
// - through the mesh, by `agent.chat()` in an extension page (the options page: no chat is rendered): the agent worker reads the stream, its events cross to
//   the offscreen supervisor and to the page, which counts the text of every `text_delta` up to
//   `run_finished`.
// It prints both times (median of the rounds) and their ratio beside the target (≤ 1.5 ×), and
// fails if a delta came after `run_finished` or any text was missing.
//
//   node bench/stream.mjs [--tokens N] [--rounds N] [--no-build] [--dev]
import { loadavg } from "node:os"
import { buildExtension, launchExtension } from "../scripts/console.mjs"
import { startModelServer } from "../test/support/model-server.mjs"

const option = (name, fallback) => {
  const at = process.argv.indexOf(name)
  return at === -1 ? fallback : Number(process.argv[at + 1])
}
const TOKENS = option("--tokens", 20_000)
const ROUNDS = option("--rounds", 5)
if (!Number.isInteger(TOKENS) || TOKENS < 100) throw new Error("--tokens takes a whole number of at least 100")
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error("--rounds takes a whole number of at least 1")
const TARGET = 1.5

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const tokens = Array.from({ length: TOKENS }, (_, i) => `word${i % 1000} `)
const text = tokens.join("")

if (!process.argv.includes("--no-build")) buildExtension(process.argv.includes("--dev") ? [] : ["--production"])
const model = await startModelServer()
const session = await launchExtension({ headless: true })
try {
  const page = session.page
  await page.goto(`chrome-extension://${session.extensionId}/options.html`)
  await page.waitForFunction(() => globalThis.agent !== undefined)
  await page.evaluate(
    (baseUrl) =>
      globalThis.agent.settings.update({
        providers: [{ id: "local", name: "Local", kind: "openai", baseUrl, models: ["bench-model"] }],
        defaultModel: { providerId: "local", model: "bench-model" },
      }),
    model.baseUrl("openai"),
  )

  // The baseline reads from a page of the model server's own origin (an extension page may not
  // reach it without a host permission).
  const plainPage = await session.context.newPage()
  await plainPage.goto(`${model.baseUrl("openai")}/models`)
  const plain = async () => {
    model.script([{ text: tokens }])
    return plainPage.evaluate(
      async (url) => {
        const started = performance.now()
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ model: "bench-model", stream: true, messages: [{ role: "user", content: "Write the long reply" }] }),
        })
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        let chars = 0
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          chars += value.length
        }
        return { ms: performance.now() - started, chars }
      },
      `${model.baseUrl("openai")}/chat/completions`,
    )
  }

  const meshed = async () => {
    model.script([{ text: tokens }])
    return page.evaluate(async () => {
      const started = performance.now()
      const run = globalThis.agent.chat("Write the long reply")
      let chars = 0
      let deltas = 0
      let late = 0
      let finished = false
      for await (const event of run) {
        if (event.type === "text_delta") {
          if (finished) late++
          chars += event.delta.length
          deltas++
        }
        if (event.type === "run_finished") finished = true
      }
      const result = await run.result
      return { ms: performance.now() - started, chars, deltas, late, status: result.status }
    })
  }

  console.log(
    `bench:stream — ${TOKENS} tokens (${text.length} characters), one per delta, ${ROUNDS} rounds, load ${loadavg()[0].toFixed(1)}`,
  )
  // One of each first, unmeasured: the worker's and the page's first runs pay for compiling.
  await plain()
  await meshed()
  const plainMs = []
  const meshMs = []
  let events = 0
  for (let i = 0; i < ROUNDS; i++) {
    const p = await plain()
    if (p.chars === 0) throw new Error("the plain fetch read nothing")
    plainMs.push(p.ms)
    const m = await meshed()
    if (m.status !== "completed") throw new Error(`the run ended ${m.status}`)
    if (m.chars !== text.length) throw new Error(`the mesh delivered ${m.chars} of ${text.length} characters`)
    if (m.late > 0) throw new Error(`${m.late} text deltas came after run_finished`)
    meshMs.push(m.ms)
    events = m.deltas
  }
  const ratio = median(meshMs) / median(plainMs)
  console.table({
    "plain fetch of the stream (baseline), ms": { value: Math.round(median(plainMs)) },
    "through the mesh to agent.chat(), ms": { value: Math.round(median(meshMs)) },
    "ratio (target ≤ 1.5)": { value: ratio.toFixed(2), met: ratio <= TARGET ? "yes" : "no" },
    "text_delta events the page received": { value: events },
  })
} finally {
  await session.close()
  await model.close()
}
