/**
 * What the user does with answers in the side panel (420×800): stop one while it streams and
 * keep what it wrote; ask for the last answer again; edit a sent message and send it again.
 * The saved record keeps the older branches; the model is sent only the current one.
 */
import assert from "node:assert/strict"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import { after, before, test } from "node:test"
import type { Locator, Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { launchExtension, repoRoot, useListedModel, type ExtensionSession } from "./harness.ts"
import { composer } from "./ui-support.ts"

type Message = { role: string; content: string }

const screenshots = path.join(repoRoot, "test-results", "screenshots")
let model: ModelServer
let session: ExtensionSession
let panel: Page

const answers = () => panel.locator("[data-testid=assistant-message]")
const chatRequests = () => model.requests.filter((r) => r.path.endsWith("/chat/completions"))
const userTurns = (body: { messages: Message[] }) => body.messages.filter((m) => m.role === "user").map((m) => m.content)
const saved = () =>
  panel.evaluate(async () => {
    const id = localStorage.getItem("agent-mesh.lastConversation")!
    return globalThis.agent.conversations.get(id)
  })

/** An element's text with its shadow roots' (innerText stops at them). */
const deepText = (target: Locator) =>
  target.evaluate((el) => {
    // An explicit stack: the page cannot see the helpers a named function would need here.
    const parts: string[] = []
    const stack: Node[] = [el]
    while (stack.length) {
      const node = stack.pop()!
      if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? "")
      stack.push(...[...node.childNodes].reverse(), ...[...((node as Element).shadowRoot?.childNodes ?? [])].reverse())
    }
    return parts.join("").trim()
  })

const shoot = async (name: string) => {
  for (const colorScheme of ["light", "dark"] as const) {
    await panel.emulateMedia({ colorScheme })
    await panel.screenshot({ path: path.join(screenshots, `${name}-${colorScheme}.png`) })
  }
  await panel.emulateMedia({ colorScheme: "light" })
}

before(async () => {
  await mkdir(screenshots, { recursive: true })
  model = await startModelServer()
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
  await panel.setViewportSize({ width: 420, height: 800 })
  await useListedModel(panel, model.baseUrl("openai"), ["test-model"])
  await panel.locator("[data-testid=send]:not([disabled])").waitFor()
})
after(async () => {
  await session?.close()
  await model?.close()
})

test("stop keeps the streamed text, saved and marked as stopped, and the model sees it next time", async () => {
  model.script([{ text: ["The three largest ", "cities are ", "Tokyo, ", "Delhi"], stallAfter: 3 }])
  await composer(panel).fill("Name the largest cities")
  await composer(panel).press("Enter")
  await panel.getByTestId("streaming").getByText("cities are").waitFor()
  await panel.getByTestId("stop").click()
  const stopped = answers().last()
  await stopped.getByTestId("stopped-mark").waitFor()
  assert.match(await deepText(stopped.locator("am-reply")), /^The three largest cities are/)
  assert.equal(await panel.getByTestId("notice").count(), 0, "no notice replaces the text")
  await shoot("answer-stopped")

  const record = await saved()
  const last = record!.messages.at(-1)!
  assert.equal(last.stopped, true)
  assert.match(last.message.content, /^The three largest cities are/)
  assert.equal(record!.status, "stopped")

  model.script([{ text: "Go on: Tokyo, Delhi, Shanghai." }])
  await composer(panel).fill("Go on")
  await composer(panel).press("Enter")
  await answers().filter({ hasText: "Shanghai" }).waitFor()
  const sent = chatRequests().at(-1)!.body.messages as Message[]
  assert.ok(
    sent.some((m) => m.role === "assistant" && m.content.startsWith("The three largest cities are")),
    "the stopped text is part of the conversation",
  )
})

test("regenerate asks for the last answer again; the old answer stays in the record", async () => {
  await panel.getByTestId("send").waitFor()
  model.script([{ text: "A second take: Tokyo, Delhi, Shanghai, São Paulo." }])
  const before = chatRequests().length
  await answers().last().getByTestId("regenerate").click()
  await answers().filter({ hasText: "A second take" }).waitFor()
  await panel.getByTestId("send").waitFor()
  assert.equal(await answers().filter({ hasText: "Go on: Tokyo" }).count(), 0, "the old answer is no longer shown")
  const request = chatRequests().slice(before)[0]!.body as { messages: Message[] }
  assert.deepEqual(userTurns(request), ["Name the largest cities", "Go on"], "the question once, without the old answer after it")
  assert.ok(!request.messages.some((m) => m.content === "Go on: Tokyo, Delhi, Shanghai."))

  const record = await saved()
  const old = record!.messages.find((m) => m.message.content === "Go on: Tokyo, Delhi, Shanghai.")
  assert.ok(old?.superseded, "the old answer is kept, marked as an older branch")
  assert.equal(record!.messages.filter((m) => !m.superseded && m.message.role === "user").length, 2)
})

test("edit a sent message and resend it: the conversation continues from it, the old branch stays saved", async () => {
  const first = panel.locator("[data-testid=user-message]").filter({ hasText: "Name the largest cities" })
  await first.getByTestId("edit").click()
  const editor = panel.getByTestId("edit-message")
  const box = editor.getByRole("textbox", { name: "Edit your message" })
  assert.equal(await box.inputValue(), "Name the largest cities")
  await shoot("message-editing")
  await box.fill("Name the largest rivers")
  model.script([{ text: "The Nile, the Amazon and the Yangtze." }])
  const before = chatRequests().length
  await box.press("Enter")
  await answers().filter({ hasText: "The Nile" }).waitFor()
  await panel.getByTestId("send").waitFor()

  assert.deepEqual(await panel.locator("[data-testid=user-message] .user").allInnerTexts(), ["Name the largest rivers"])
  assert.equal(await answers().count(), 1, "only the new branch is shown")
  const request = chatRequests().slice(before)[0]!.body as { messages: Message[] }
  assert.deepEqual(userTurns(request), ["Name the largest rivers"], "the model is sent the edited branch only")

  const record = await saved()
  const contents = record!.messages.map((m) => [m.message.content, m.superseded ? "old" : "current"])
  assert.deepEqual(
    contents.filter(([, state]) => state === "current"),
    [
      ["Name the largest rivers", "current"],
      ["The Nile, the Amazon and the Yangtze.", "current"],
    ],
  )
  assert.ok(
    contents.some(([c, state]) => c === "Name the largest cities" && state === "old"),
    "the old branch stays saved",
  )

  // Reopened, the panel shows the current branch.
  await panel.reload()
  await answers().filter({ hasText: "The Nile" }).waitFor()
  assert.deepEqual(await panel.locator("[data-testid=user-message] .user").allInnerTexts(), ["Name the largest rivers"])
  await shoot("message-edited")
})

test("instructions for one conversation: set in the panel before its first message, sent after the global prompt, kept, cleared", async () => {
  await panel.evaluate(() => globalThis.agent.settings.update({ systemPrompt: "GLOBAL-RULE: answer briefly." }))
  await panel.getByTestId("new-conversation").click()
  const openInstructions = async () => {
    await panel.getByTestId("menu").click()
    await panel.getByTestId("open-instructions").click()
  }
  await openInstructions()
  const field = panel.getByRole("textbox", { name: "Instructions for this conversation" })
  await field.fill("CONV-RULE: answer in French.")
  await shoot("conversation-instructions")
  await panel.getByTestId("instructions-save").click()
  await field.waitFor({ state: "detached" })

  const systemOf = (body: { messages: Message[]; system?: string }) => body.messages.find((m) => m.role === "system")?.content ?? ""
  model.script([{ text: "Bonjour." }])
  const before = chatRequests().length
  await composer(panel).fill("Hello")
  await composer(panel).press("Enter")
  await answers().filter({ hasText: "Bonjour." }).waitFor()
  const system = systemOf(chatRequests()[before]!.body)
  assert.ok(system.indexOf("GLOBAL-RULE") >= 0 && system.indexOf("GLOBAL-RULE") < system.indexOf("CONV-RULE"), system)
  assert.equal((await saved())?.system, "CONV-RULE: answer in French.")
  assert.equal((await saved())?.title, "Hello", "the first message still names the conversation")

  // Shown again as saved, and cleared: the next run has the global prompt only.
  await panel.getByTestId("send").waitFor()
  await openInstructions()
  assert.equal(await field.inputValue(), "CONV-RULE: answer in French.")
  await field.fill("")
  await panel.getByTestId("instructions-save").click()
  await field.waitFor({ state: "detached" })
  model.script([{ text: "Hi." }])
  const next = chatRequests().length
  await composer(panel).fill("Again")
  await composer(panel).press("Enter")
  await answers().filter({ hasText: "Hi." }).waitFor()
  const after = systemOf(chatRequests()[next]!.body)
  assert.ok(after.includes("GLOBAL-RULE") && !after.includes("CONV-RULE"), after)
  await panel.evaluate(() => globalThis.agent.settings.update({ systemPrompt: "" }))
})
