/**
 * Weak and local models end to end: the built extension's side panel, a scripted model server
 * in strict mode (it refuses what vLLM, LM Studio, Anthropic and Ollama refuse in a
 * conversation's history), and replies taken from the weak-model corpus. What the person sees:
 * a call the model wrote as text runs and shows as a tool card, not as raw markup; calls whose
 * ids the service repeats each show their own result; the agent's nudge to the model is not
 * shown as the person's message; an empty reply ends with a notice in the person's words; and
 * the next message in the same conversation works.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { launchExtension, type ExtensionSession } from "./harness.ts"
import { composer, visibleTexts } from "./ui-support.ts"

let model: ModelServer
let session: ExtensionSession
let panel: Page

const card = (tool: string, status: string) => panel.locator(`[data-testid=tool-card][data-tool=${tool}][data-status=${status}]`)
const lastAnswer = () => panel.locator("[data-testid=assistant-message]").last()
const chatRequests = () => model.requests.filter((r) => /chat\/completions|\/messages$|\/api\/chat/.test(r.path))
const refused = () => chatRequests().filter((r) => r.status === 400)

const useProvider = (kind: "openai" | "ollama") =>
  panel.evaluate(
    ([kind, baseUrl]) =>
      globalThis.agent.settings.update({
        providers: [{ id: kind, name: kind, kind, baseUrl } as never],
        defaultModel: { providerId: kind, model: "small-model" },
      }),
    [kind, model.baseUrl(kind)] as const,
  )

const send = async (text: string) => {
  await composer(panel).fill(text)
  await composer(panel).press("Enter")
}

const newConversation = () => panel.getByRole("button", { name: "New conversation" }).click()

before(async () => {
  model = await startModelServer({ strict: true })
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
})
after(async () => {
  await session?.close()
  await model?.close()
})

test("Ollama: a call written as Hermes <tool_call> text runs as a tool call; the next message works", async () => {
  await useProvider("ollama")
  model.script([
    // ollama/ollama#11621: Qwen's template asks for calls inside <tool_call> tags, which a model
    // served without a tool parser leaves in its text.
    { text: 'I will add it.\n<tool_call>\n{"name": "create_task", "arguments": {"subject": "Book the flight"}}\n</tool_call>' },
    { text: "The task is on the list." },
  ])
  await send("Remind me to book the flight")
  await card("create_task", "done").waitFor()
  await lastAnswer().getByText("The task is on the list.").waitFor()
  const texts = (await visibleTexts(panel)).join("\n")
  assert.doesNotMatch(texts, /<tool_call>|"arguments"/, "no raw call markup is shown")
  assert.match(texts, /I will add it\./, "the words around the call stay")

  model.script([{ text: "You have one task." }])
  await send("What is on my list?")
  await lastAnswer().getByText("You have one task.").waitFor()
  assert.deepEqual(refused(), [], "the strict server refused nothing")
})

test("OpenAI-compatible: a repeated id gets each result its own card; an empty reply is nudged once, then a notice", async () => {
  await newConversation()
  await useProvider("openai")
  model.script([
    // NousResearch/hermes-agent#70724: llama.cpp sends one constant id on every turn's call.
    { toolCalls: [{ id: "ZsSt4SkIFMRz0HtqT7MTlimNvzlKM896", name: "create_task", arguments: { subject: "Write ALPHA" } }] },
    { toolCalls: [{ id: "ZsSt4SkIFMRz0HtqT7MTlimNvzlKM896", name: "create_task", arguments: { subject: "Write BETA" } }] },
    // dotflow-io/pycodeloop#69: a small model's empty reply, twice.
    { text: "" },
    { text: "" },
  ])
  await send("Add two tasks")
  // The run's end is a notice, or a run error (a failure shows what went wrong, not a timeout).
  const end = panel.locator("[data-testid=notice], [data-testid=run-error]").last()
  await end.waitFor()
  assert.equal(await end.getAttribute("data-testid"), "notice", `the run ended with: ${await end.innerText()}`)
  const cards = panel.locator("[data-testid=tool-card][data-tool=create_task]")
  assert.equal(await cards.count(), 2)
  for (const [i, subject] of ["Write ALPHA", "Write BETA"].entries()) {
    const one = cards.nth(i)
    await one.locator("summary").first().click()
    assert.match(await one.getByTestId("tool-result").innerText(), new RegExp(subject), `card ${i + 1} shows its own call's result`)
  }
  assert.equal(
    await panel.locator("[data-testid=notice]").last().innerText(),
    "The model gave an empty reply twice: no answer and no tool call. Try again, or try another model.",
  )
  const texts = (await visibleTexts(panel)).join("\n")
  assert.doesNotMatch(texts, /Your reply was empty/, "the nudge to the model is not shown as the person's message")
  assert.equal(await panel.locator("[data-testid=user-message]").count(), 1)

  const before = chatRequests().length
  model.script([{ text: "Both tasks are there." }])
  await send("Are they there?")
  await lastAnswer().getByText("Both tasks are there.").waitFor()
  const ids = chatRequests()
    .at(-1)!
    .body.messages.flatMap((m: { tool_calls?: Array<{ id: string }> }) => (m.tool_calls ?? []).map((c) => c.id))
  assert.equal(new Set(ids).size, 2, "two calls, two ids, in the request after")
  assert.equal(chatRequests().length, before + 1)
  assert.deepEqual(refused(), [], "the strict server refused nothing")
})
