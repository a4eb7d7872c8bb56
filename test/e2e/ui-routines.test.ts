/**
 * Routines on the settings page, driven as a person drives it: create one with the form, see it
 * listed with its schedule and next run, a field that does not fit worded beside it, run it now and read its
 * history, pause it, edit it, delete it after a yes. axe-core on the section. The built extension
 * in headless Chromium with a scripted model server.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { launchExtension, until, useListedModel, useScriptedModel, type ExtensionSession } from "./harness.ts"
import { checkAccessibility } from "./ui-support.ts"

let model: ModelServer
let session: ExtensionSession
let options: Page

before(async () => {
  model = await startModelServer()
  session = await launchExtension()
  options = await session.openPage("options.html")
  await options.setViewportSize({ width: 900, height: 1000 })
  await useScriptedModel(options, model.baseUrl("openai"))
})
after(async () => {
  await session?.close()
  await model?.close()
})

const section = () => options.locator("am-routines")
const item = (name: string) => options.locator(`[data-testid="routine"][data-name="${name}"]`)

test("create a daily routine with the form: listed with its schedule and next run", async () => {
  await options.getByRole("heading", { name: "Routines", exact: true }).waitFor()
  await section().getByTestId("routines-empty").waitFor()
  await options.locator("#rt-name").fill("Morning news")
  await options.locator("#rt-prompt").fill("Summarise the news")
  await options.locator("#rt-kind").selectOption("daily")
  await options.locator("#rt-time").fill("07:30")
  await options.locator("#rt-onConfirm").selectOption("refuse")
  await section().getByTestId("save-routine").click()
  await item("Morning news").waitFor()
  const facts = await item("Morning news").locator(".facts").innerText()
  assert.match(facts, /^Daily at a time · Next run: .+ · Not run yet$/)
  const [saved] = await options.evaluate(() => globalThis.agent.routines.list())
  assert.deepEqual(
    { schedule: saved!.schedule, onConfirm: saved!.onConfirm, folder: saved!.folder },
    { schedule: { kind: "daily", time: "07:30" }, onConfirm: "refuse", folder: "routines/Morning news" },
  )
  assert.equal(new Date(saved!.nextRunAt!).getHours(), 7)
  assert.deepEqual(await checkAccessibility(options), [])
})

test("a field that does not fit is worded beside it and focused; nothing is saved", async () => {
  await options.locator("#rt-name").fill("Orders")
  await options.locator("#rt-prompt").fill("Note the order")
  await options.locator("#rt-kind").selectOption("tab")
  await options.locator("#rt-pattern").fill("shop.example/orders/*")
  await section().getByTestId("save-routine").click()
  await options.locator("#rt-pattern-error").waitFor()
  assert.equal(await options.locator("#rt-pattern").getAttribute("aria-invalid"), "true")
  const focused = await options.evaluate(
    () => document.querySelector("am-options")?.shadowRoot?.querySelector("am-routines")?.shadowRoot?.activeElement?.id,
  )
  assert.equal(focused, "rt-pattern")
  assert.equal(
    await options.locator("#rt-pattern-error").innerText(),
    "Start with http://, https:// or *://, then the site: https://shop.example/orders/*",
  )
  assert.equal((await options.evaluate(() => globalThis.agent.routines.list())).length, 1)
  await options.locator("#rt-pattern").fill("https://shop.example/orders/*")
  await section().getByTestId("save-routine").click()
  await item("Orders").waitFor()
  assert.match(await item("Orders").locator(".facts").innerText(), /^When a matching page loads · Not run yet$/)
})

test("run now, then its history; pause; edit; delete after a yes", async () => {
  model.script([{ text: "Nothing new today." }])
  const row = item("Morning news")
  await row.getByRole("button", { name: "Run now: Morning news" }).click()
  await section().getByText("Morning news started: its conversation is in the side panel.").waitFor()
  await until(async () => (await options.evaluate(() => globalThis.agent.routines.list())).some((r) => r.lastRun), "the run's end")
  await row.getByRole("button", { name: "History: Morning news" }).click()
  await row.getByTestId("routine-run").waitFor()
  assert.match(await row.getByTestId("routine-run").innerText(), /run by hand · done · Report: routines\/Morning news\/.+\.md/)

  await row.getByRole("button", { name: "Pause: Morning news" }).click()
  await row.getByRole("button", { name: "Resume: Morning news" }).waitFor()
  assert.match(await row.locator(".facts").innerText(), /^Daily at a time · Paused · Last run: .+, done$/)

  await row.getByRole("button", { name: "Edit: Morning news" }).click()
  await options.getByRole("heading", { name: "Edit Morning news" }).waitFor()
  assert.equal(await options.locator("#rt-time").inputValue(), "07:30")
  await options.locator("#rt-prompt").fill("Summarise the news in three lines")
  await section().getByTestId("save-routine").click()
  await options.getByRole("heading", { name: "New routine" }).waitFor()
  const edited = (await options.evaluate(() => globalThis.agent.routines.list())).find((r) => r.name === "Morning news")
  assert.equal(edited?.prompt, "Summarise the news in three lines")
  assert.equal(edited?.paused, true)

  await row.getByRole("button", { name: "Delete: Morning news" }).click()
  await row.getByRole("button", { name: "Yes, delete" }).click()
  await row.waitFor({ state: "detached" })
  assert.deepEqual(
    (await options.evaluate(() => globalThis.agent.routines.list())).map((r) => r.name),
    ["Orders"],
  )
})

test("the side panel: make a finished conversation a routine, prefilled; its run is marked as the routine's", async () => {
  const panel = await session.openPage("sidepanel.html")
  try {
    model.script([{ text: "Shop A has it for 10 €." }])
    await panel.evaluate(() => globalThis.agent.chat("Find the price of tea").result)
    await panel.reload()
    await panel.waitForFunction(() => typeof globalThis.agent === "object")
    await panel.getByTestId("toggle-list").click()
    await panel.locator("am-conversations [data-testid=conversation] .open", { hasText: "Find the price of tea" }).click()
    await panel.getByTestId("menu").click()
    await panel.getByTestId("make-routine-open").click()
    const form = panel.getByTestId("make-routine")
    assert.equal(await form.getByRole("textbox", { name: "Name" }).inputValue(), "Find the price of tea")
    assert.equal(await form.getByRole("textbox", { name: "Prompt" }).inputValue(), "Find the price of tea")
    await form.getByRole("textbox", { name: "Name" }).fill("Tea price")
    await form.getByRole("combobox", { name: "When it runs" }).selectOption("weekdays")
    await form.getByTestId("make-routine-save").click()
    await panel.getByTestId("routine-made").waitFor()
    const routine = (await panel.evaluate(() => globalThis.agent.routines.list())).find((r) => r.name === "Tea price")
    assert.deepEqual(
      { prompt: routine?.prompt, schedule: routine?.schedule, onConfirm: routine?.onConfirm, model: routine?.model },
      {
        prompt: "Find the price of tea",
        schedule: { kind: "weekdays", time: "08:00" },
        onConfirm: "pause",
        model: { providerId: "m", model: "x" },
      },
    )
    assert.deepEqual(await checkAccessibility(panel), [])

    model.script([{ text: "Still 10 €." }])
    const { conversationId } = await panel.evaluate((id) => globalThis.agent.routines.runNow(id), routine!.id)
    await until(
      async () => (await panel.evaluate((id) => globalThis.agent.conversations.get(id), conversationId))?.status === "completed",
      "the routine's run",
    )
    await panel.getByRole("button", { name: "Close" }).click()
    await panel.getByTestId("toggle-list").click()
    await panel.locator("am-conversations [data-testid=conversation] .open", { hasText: "Tea price" }).click()
    assert.match(await panel.getByTestId("routine-mark").innerText(), /^Run of the routine Tea price, run by hand, .+$/)
  } finally {
    await panel.close()
  }
})

test("a routine's model is picked from the providers' models, as the chat's picker offers them; the default model clears it", async () => {
  await useListedModel(options, model.baseUrl("openai"), ["alpha", "beta"])
  await options.reload()
  await options.getByRole("heading", { name: "Routines", exact: true }).waitFor()
  await options.locator('#rt-model option[value=\'["local","beta"]\']').waitFor({ state: "attached" })
  assert.deepEqual(await options.locator("#rt-model option").allInnerTexts(), ["The default model", "alpha · Local", "beta · Local"])
  await options.locator("#rt-name").fill("Priced")
  await options.locator("#rt-prompt").fill("Price the tea")
  await options.locator("#rt-model").selectOption({ label: "beta · Local" })
  await section().getByTestId("save-routine").click()
  await item("Priced").waitFor()
  const saved = async () => (await options.evaluate(() => globalThis.agent.routines.list())).find((r) => r.name === "Priced")
  assert.deepEqual((await saved())?.model, { providerId: "local", model: "beta" })

  await item("Priced").getByRole("button", { name: "Edit: Priced" }).click()
  await options.getByRole("heading", { name: "Edit Priced" }).waitFor()
  assert.equal(await options.locator("#rt-model").inputValue(), '["local","beta"]')
  await options.locator("#rt-model").selectOption({ label: "The default model" })
  await section().getByTestId("save-routine").click()
  await options.getByRole("heading", { name: "New routine" }).waitFor()
  assert.equal((await saved())?.model, undefined)
  assert.deepEqual(await checkAccessibility(options), [])
})
