/**
 * The panel and the settings page in each language besides English, one browser per language
 * (Chromium's `--lang`): a scripted conversation brings every kind of thing the agent says
 * (a tool card done and one failed, a sub-agent's lane, a question, a confirmation, a failed
 * run, a stop before any text and one that keeps its text, the conversation list, an edit,
 * "jump to latest"), and at each state the test fails if a visible text equals an English
 * string of the en locale that the language words differently, or holds an English sentence the
 * agent produced (its notices, its errors, its confirmation summary). User and model content are
 * chosen to equal no English string. axe-core checks each state in Japanese, and the settings and
 * the whole conversation in the others (in dark, the rules colours decide, the others having
 * passed in light); screenshots of the Japanese states go to
 * test-results/screenshots/ (listed in docs/ui.md).
 */
import assert from "node:assert/strict"
import { mkdir, readFile } from "node:fs/promises"
import path from "node:path"
import { before, test } from "node:test"
import type { Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { startFixtureServer } from "./fixture-server.ts"
import { launchExtension, repoRoot, until } from "./harness.ts"
import { checkAccessibility, visibleTexts } from "./ui-support.ts"

type Messages = Record<string, { message: string }>

/** English is checked by ui-sidepanel and ui-options (axe-core in both themes, screenshots). */
const LANGUAGES = ["fr", "uk", "nl", "it", "ja"] as const
const AXE_STATES = new Set(["options", "conversation"])
const SCREENSHOT_LANGUAGES = new Set(["ja"])
const screenshots = path.join(repoRoot, "test-results", "screenshots")
const messagesOf = async (lang: string): Promise<Messages> =>
  JSON.parse(await readFile(path.join(repoRoot, "_locales", lang, "messages.json"), "utf8")) as Messages

let english: Messages
/** A page a researcher reads, and a passage of it that its finding quotes (checked, so verified). */
const ZQ_QUOTE = "Zqa zqb zqc zqd zqe zqf zqg zqh zqi zqj zqk."
const ZQ_PAGE = `<!doctype html><title>Zq page</title><article><h1>Zq page</h1><p>${ZQ_QUOTE} Zql zqm zqn zqo zqp zqq zqr zqs zqt zqu zqv zqw.</p><p>Zqx zq zq zq zq zq zq zq zq zq zq zq zq zq zq zq zq zq zq zq zq zq.</p></article>`
before(async () => {
  await mkdir(screenshots, { recursive: true })
  english = await messagesOf("en")
})

/**
 * The English strings a language words differently: exact ones, those with placeholders as
 * patterns, and the research report's phrases (its code writes them into Markdown, where one
 * paragraph holds several) as fragments found anywhere in a text.
 */
const englishOf = (own: Messages) => {
  const differing = Object.entries(english).filter(([key, entry]) => own[key]?.message !== entry.message)
  const exact = new Set<string>()
  const patterns: RegExp[] = []
  const fragments = differing
    .filter(([key]) => key.startsWith("report_"))
    .flatMap(([, { message }]) => message.split(/\$\w+\$/).map((part) => part.trim()))
    .filter((part) => part.length >= 10)
  for (const [, { message }] of differing) {
    const text = message.trim()
    if (/\$\w+\$/.test(text)) {
      // A placeholder stands for any text, but a count for a number only: "$count$ task" is a
      // card's count, which "Zq task" (model content) is not.
      const pattern = text
        .split(/(\$\w+\$)/)
        .map((part, i) =>
          i % 2 === 0 ? part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : part === "$count$" ? "[\\d\\s.,\\u00a0\\u202f]+" : ".+",
        )
        .join("")
      patterns.push(new RegExp(`^${pattern}$`, "s"))
    } else exact.add(text)
  }
  return { exact, patterns, fragments }
}

for (const lang of LANGUAGES) {
  test(`${lang}: the panel and the settings page say everything in ${lang}, pass axe-core in light and dark`, async () => {
    const english = englishOf(await messagesOf(lang))
    /** The agent's own English sentences seen so far (notices, errors, confirmation summaries), and its site token. */
    const agentSentences = new Set<string>(["unknown site"])
    // A model of its own: a language that fails leaves its script unfinished, which must not be the next one's.
    const model: ModelServer = await startModelServer()
    const pages = await startFixtureServer({ "/zq": { body: ZQ_PAGE } })
    const session = await launchExtension({ lang })
    try {
      /** Every check of a state: no English, no axe violation in either theme, screenshots. */
      const state = async (page: Page, name: string) => {
        const shown = await visibleTexts(page)
        const bad = shown.filter(
          (text) =>
            english.exact.has(text) ||
            english.patterns.some((p) => p.test(text)) ||
            english.fragments.some((f) => text.includes(f)) ||
            [...agentSentences].some((s) => text.includes(s)),
        )
        assert.deepEqual(bad, [], `${lang}, ${name}: English shown`)
        // axe-core at every state in the screenshot language; in the others, where only the words
        // change, at the two states that show the most (the settings, the whole conversation).
        if (!SCREENSHOT_LANGUAGES.has(lang) && !AXE_STATES.has(name)) return
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme })
          const colorsOnly = colorScheme === "dark"
          assert.deepEqual(await checkAccessibility(page, { colorsOnly }), [], `${lang}, ${name}, ${colorScheme}: axe-core`)
          if (SCREENSHOT_LANGUAGES.has(lang))
            await page.screenshot({ path: path.join(screenshots, `locale-${name}-${lang}-${colorScheme}.png`) })
        }
        await page.emulateMedia({ colorScheme: "light" })
      }

      const options = await session.openPage("options.html")
      await options.setViewportSize({ width: 900, height: 1000 })
      assert.equal((await options.evaluate(() => chrome.i18n.getUILanguage())).split("-")[0], lang, "Chromium runs in the language")
      await options.locator("am-options").getByTestId("add-provider").waitFor()
      // A custom tool listed, and the parameters' check worded, in the language.
      await options.evaluate(() =>
        globalThis.agent.customTools.register({
          name: "zq_tool",
          description: "Zq zq.",
          parameters: { type: "object", properties: {} },
          code: "return 1",
        }),
      )
      await options.reload()
      await options.locator('[data-testid="custom-tool"][data-name="zq_tool"]').waitFor()
      // The new tool's starting schema describes its parameter in the language, each line within the field.
      const template = options.locator("#ct-parameters")
      const own = await messagesOf(lang)
      assert.ok((await template.inputValue()).includes(own.customToolExampleDescription!.message), "the template's description")
      assert.ok(await template.evaluate((area) => area.scrollWidth <= area.clientWidth), "no line of the template is cut off")
      await options.locator("#ct-parameters").fill('{ "type": "array" }')
      await options.locator("#ct-parameters-error").waitFor()
      await state(options, "options")
      if (SCREENSHOT_LANGUAGES.has(lang))
        for (const colorScheme of ["light", "dark"] as const) {
          await options.emulateMedia({ colorScheme })
          await options
            .locator("am-custom-tools")
            .screenshot({ path: path.join(screenshots, `locale-custom-tools-${lang}-${colorScheme}.png`) })
        }
      await options.emulateMedia({ colorScheme: "light" })

      const panel = await session.openPage("sidepanel.html")
      await panel.setViewportSize({ width: 420, height: 800 })
      await panel.getByTestId("first-run").getByRole("button").waitFor()
      await state(panel, "first-run")

      await options.evaluate(
        (baseUrl) =>
          globalThis.agent.settings.update({
            providers: [{ id: "srv", name: "Srv", kind: "openai", baseUrl, models: ["m-1"] }],
            defaultModel: { providerId: "srv", model: "m-1" },
          }),
        model.baseUrl("openai"),
      )
      await panel.getByTestId("setup-needed").waitFor({ state: "detached" })
      // A confirmation: close_tab on a tab of the user's (the test denies it).
      const doomed = await session.context.newPage()
      await doomed.goto("data:text/html,<title>Zq tab</title><p>zq</p>")
      // The panel in front again, as a side panel is: a hidden page's timers run once a second.
      await panel.bringToFront()
      const tabs = await panel.evaluate(() => globalThis.agent.tools.call("list_tabs", { title_pattern: "^Zq tab$" }))
      model.script([
        {
          toolCalls: [
            { id: "c1", name: "create_task", arguments: { subject: "Zq task" } },
            { id: "c2", name: "opfs_read", arguments: { path: "zq/missing.txt" } },
            { id: "c5", name: "agent", arguments: { type: "researcher", description: "zq look", prompt: "Zq find" } },
          ],
        },
        // The sub-agent's own turns (its task holds "Zq find").
        { when: "Zq find", toolCalls: [{ id: "s1", name: "list_tabs", arguments: {} }] },
        { when: "Zq find", text: "zq found" },
        { toolCalls: [{ id: "c3", name: "ask_user", arguments: { question: "Zq?", options: ["zq-a", "zq-b"] } }] },
        { toolCalls: [{ id: "c4", name: "close_tab", arguments: { tab_id: tabs[0]!.tab_id } }] },
        { text: "Zq **zq-end**." },
        // The second message: the model service refuses the key.
        { status: 401, body: { error: { message: "Incorrect API key provided. Check the API key." } } },
        // The third: the model says nothing until the user stops it; the fourth writes, then stalls.
        { text: ["zq"], stallAfter: 0 },
        { text: ["Zq part", "zq rest"], stallAfter: 2 },
      ])
      const composer = panel.locator("am-composer textarea")
      await composer.fill("Zq one")
      await composer.press("Enter")

      const question = panel.getByTestId("question")
      await question.waitFor()
      await panel.locator("[data-testid=tool-card][data-tool=opfs_read][data-status=failed]").waitFor()
      await panel.locator("[data-testid=lane-status].done").waitFor()
      await state(panel, "question")
      // The conversation list, which marks the conversation waiting for the user.
      await panel.getByTestId("toggle-list").click()
      await panel.locator("[data-testid=conversation][data-waiting]").waitFor()
      await state(panel, "list-waiting")
      await panel.keyboard.press("Escape")
      await panel.locator("am-conversations").waitFor({ state: "detached" })
      await question.getByRole("radio", { name: "zq-b" }).check()
      await question.locator("button[type=submit]").click()

      const confirmation = panel.getByTestId("confirmation")
      await confirmation.waitFor()
      for (const c of await panel.evaluate(() => globalThis.agent.confirmations.pending())) agentSentences.add(c.summary)
      await state(panel, "confirmation")
      await confirmation.getByTestId("deny").click()
      await panel.getByText("zq-end", { exact: true }).waitFor()
      await panel.locator("[data-testid=tool-card][data-tool=close_tab][data-status=declined]").waitFor()
      await panel.getByTestId("send").waitFor()

      await composer.fill("Zq two")
      await composer.press("Enter")
      await panel.getByTestId("notice").or(panel.getByTestId("run-error")).first().waitFor()
      await panel.getByTestId("send").waitFor()

      await composer.fill("Zq three")
      await composer.press("Enter")
      await panel.getByTestId("stop").click()
      await panel.getByTestId("notice").nth(1).waitFor()
      await panel.getByTestId("send").waitFor()

      await composer.fill("Zq four")
      await composer.press("Enter")
      await panel.getByTestId("streaming").getByText("Zq part").waitFor()
      await panel.getByTestId("stop").click()
      await panel.getByTestId("stopped-mark").waitFor()
      await panel.getByTestId("send").waitFor()

      // A research job in the conversation: its lanes at work (one researcher held at a gate), then
      // its report, whose fixed words (counts, quote states, sources, what is not covered) the
      // job's code writes, in the language of the panel that started it.
      const page = pages.url("/zq")
      const findings = (items: unknown[]) => "```json\n" + JSON.stringify({ findings: items }) + "\n```"
      model.script([
        { when: "Split this research question", text: '```json\n{"angles": ["zq-angle-a", "zq-angle-b"]}\n```' },
        { when: "Your angle: zq-angle-a", toolCalls: [{ id: "r1", name: "web_fetch", arguments: { url: page } }] },
        {
          when: "Your angle: zq-angle-a",
          text: findings([
            { claim: "Zq claim", url: page, quote: ZQ_QUOTE },
            { claim: "Zq doubt", url: page, quote: "Zqx zqy zqz zqw zqv zqu" },
          ]),
        },
        { when: "Your angle: zq-angle-b", gate: { name: "zq-research", count: Infinity }, text: findings([]) },
        { when: "Write a concise report", text: "Zq [1]. Zq [2]. Zq [7]." },
      ])
      await composer.fill("Zq research?")
      await panel.getByTestId("research-action").click()
      const job = panel.locator("am-research")
      await until(async () => (model.gateCounts()["zq-research"] ?? 0) === 1, "the second researcher asks its model")
      // The conversation read the user's data: the page a researcher fetches waits for the user's yes.
      await confirmation.waitFor()
      await confirmation.getByTestId("allow").click()
      await job.locator("[data-testid=lane-status].done").nth(1).waitFor()
      await state(panel, "research-running")
      model.openGate("zq-research")
      await job.locator("am-markdown").waitFor()
      await until(async () => (await job.locator("[data-testid=lane-status].done").count()) === 4, "every agent of the job is done")

      // Every English sentence the agent saved for this conversation, then the whole log is checked.
      const conversation = await panel.evaluate(async () => {
        const [first] = await globalThis.agent.conversations.list()
        return globalThis.agent.conversations.get(first!.id)
      })
      for (const record of conversation?.messages ?? []) {
        if (record.notice) agentSentences.add(record.notice.message)
        if (record.tool?.error) agentSentences.add(record.tool.error.message)
      }
      // The research job's own descriptions of its agents (the researchers' are the model's angles).
      for (const sub of conversation?.subAgents ?? [])
        if (sub.parent?.description && !/zq/i.test(sub.parent.description)) agentSentences.add(sub.parent.description)
      await state(panel, "research")
      assert.ok(agentSentences.size >= 5, `the agent said things to check (${[...agentSentences].join(" | ")})`)
      // The cards open: their error lines, results and details are read too.
      await panel.evaluate(() => {
        for (const card of document
          .querySelector("am-sidepanel")!
          .shadowRoot!.querySelector("am-chat-log")!
          .shadowRoot!.querySelectorAll("am-tool-card"))
          card.shadowRoot!.querySelector("details")!.open = true
      })
      await state(panel, "conversation")

      // A sent message being edited, then the reader scrolled up: "jump to latest".
      // The last one, in view at the end where the log follows.
      await panel.getByTestId("edit").last().click()
      await panel.getByTestId("edit-message").waitFor()
      await state(panel, "message-editing")
      await panel.keyboard.press("Escape")
      await panel.getByTestId("edit-message").waitFor({ state: "detached" })
      const log = panel.locator("am-chat-log")
      const box = (await log.boundingBox())!
      await panel.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await panel.mouse.wheel(0, -2500)
      await panel.getByTestId("jump-to-latest").waitFor()
      await state(panel, "jump-to-latest")
      // Reopened, the panel lands at the end of the conversation.
      await panel.reload()
      await panel.getByTestId("stopped-mark").waitFor()
      await until(async () => {
        const end = await panel.getByTestId("stopped-mark").boundingBox()
        return end !== null && end.y + end.height <= 800
      }, "the reopened panel shows the end of the conversation")
      await state(panel, "reopened")
    } finally {
      await session.close()
      await model.close()
      await pages.close()
    }
  })
}
