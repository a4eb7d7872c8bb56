/**
 * `npm run screenshots`: the side panel and the settings page at a side panel's size (420×800),
 * in English and Japanese, light and dark, in the states a daily user meets most: a research job
 * running and done, a close_tab confirmation, a long script's confirmation, a refused call, and
 * the settings' search section with DuckDuckGo chosen. Offline: the demo model
 * (scripts/demo-model.mjs) answers, scripted scene by scene, and reads its bundled page.
 *   npm run screenshots -- [--no-build]
 * The PNGs go to test-results/screenshots/ (listed in docs/ui.md).
 */
import { spawnSync } from "node:child_process"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import type { Page } from "playwright-core"
import { launchExtension, repoRoot, until } from "../test/e2e/harness.ts"
import { startDemo } from "./demo-model.mjs"

const LANGUAGES = ["en", "ja"] as const
const out = path.join(repoRoot, "test-results", "screenshots")
const SIZE = { width: 420, height: 800 }

/** What the person types, per language: the scenes are the same, the user's words theirs. */
const WORDS = {
  en: { close: "Close the demo tab.", script: "Tick every box on the demo page.", research: "What does Agent Mesh do, per its own page?" },
  ja: {
    close: "デモのタブを閉じてください。",
    script: "デモページのチェックボックスをすべてオンにしてください。",
    research: "Agent Mesh のページによると、何ができますか？",
  },
} as const

/** A script of the size that broke lines mid-word (3,752 characters), of lines a page script has. */
const longScript = (): string => {
  const lines = ["// Ticks every checkbox of the page's forms and records which ones changed, for the answer.", "const changed = []"]
  for (let i = 0; lines.join("\n").length < 3_700; i++)
    lines.push(
      `for (const box of document.querySelectorAll('form:nth-of-type(${i + 1}) input[type="checkbox"]:not([disabled])')) { if (!box.checked) { box.checked = true; box.setAttribute("data-checked", "true"); box.dispatchEvent(new Event("change", { bubbles: true })); changed.push(box.name || box.id || "box-${i}") } }`,
    )
  lines.push("return { changed, count: changed.length }")
  return lines.join("\n")
}

const shoot = async (page: Page, name: string, lang: string) => {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme })
    await page.screenshot({ path: path.join(out, `${name}-${lang}-${colorScheme}.png`) })
  }
  await page.emulateMedia({ colorScheme: "light" })
  console.log(`  ${name}-${lang}-{light,dark}.png`)
}

const run = async () => {
  if (!process.argv.includes("--no-build")) {
    const build = spawnSync(process.execPath, [path.join(repoRoot, "build.mjs")], { stdio: ["ignore", 2, 2] })
    if (build.status !== 0) throw new Error(`node build.mjs failed (exit ${build.status ?? build.signal})`)
  }
  await mkdir(out, { recursive: true })
  for (const lang of LANGUAGES) {
    console.log(lang)
    const demo = await startDemo()
    const session = await launchExtension({ lang })
    try {
      const words = WORDS[lang]
      const panel = await session.openPage("sidepanel.html")
      await panel.setViewportSize(SIZE)
      await panel.evaluate(
        (provider) =>
          globalThis.agent.settings.update({
            providers: [provider],
            defaultModel: { providerId: provider.id, model: provider.models[0]! },
          }),
        demo.provider,
      )
      await panel.getByTestId("setup-needed").waitFor({ state: "detached" })
      const composer = panel.locator("am-composer textarea")
      const send = async (text: string) => {
        await panel.getByTestId("send").waitFor()
        await composer.fill(text)
        await composer.press("Enter")
      }

      // The demo page open in a tab of the user's: close_tab's confirmation names it by its title and site.
      const tab = await session.context.newPage()
      await tab.goto(demo.pageUrl)
      const [{ tab_id }] = (await panel.evaluate(
        (url) => globalThis.agent.tools.call("list_tabs", { url_pattern: url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") }),
        demo.pageUrl,
      )) as Array<{ tab_id: number }>
      const confirmation = panel.getByTestId("confirmation")
      demo.model.script([{ toolCalls: [{ id: "c1", name: "close_tab", arguments: { tab_id } }] }, { text: "—" }])
      await send(words.close)
      await confirmation.waitFor()
      await shoot(panel, "confirmation-close-tab", lang)
      // Refused: the card says so without alarm.
      await confirmation.getByTestId("deny").click()
      const refused = panel.locator("[data-testid=tool-card][data-tool=close_tab][data-status=declined]")
      await refused.waitFor()
      await refused.locator("summary").first().click()
      await refused.scrollIntoViewIfNeeded()
      await shoot(panel, "confirmation-refused", lang)

      demo.model.script([{ toolCalls: [{ id: "c2", name: "execute_script", arguments: { tab_id, code: longScript() } }] }, { text: "—" }])
      await send(words.script)
      await confirmation.waitFor()
      await shoot(panel, "confirmation-long-script", lang)
      await confirmation.getByTestId("deny").click()
      await panel.getByTestId("send").waitFor()

      // A research job, in a conversation of its own (the one above read the user's tabs).
      const quote = "It answers by calling tools: it fetches and searches the web, reads and drives your tabs"
      const angles = lang === "ja" ? ["Agent Mesh のツール", "Agent Mesh の動作環境"] : ["Agent Mesh's tools", "Where Agent Mesh runs"]
      const findings = (items: unknown[]) => "```json\n" + JSON.stringify({ findings: items }) + "\n```"
      demo.model.script([
        { when: "Split this research question", text: "```json\n" + JSON.stringify({ angles }) + "\n```" },
        { when: `Your angle: ${angles[0]}`, toolCalls: [{ id: "r1", name: "web_fetch", arguments: { url: demo.pageUrl } }] },
        {
          when: `Your angle: ${angles[0]}`,
          text: findings([{ claim: lang === "ja" ? "ツールを呼び出して答える" : "It answers by calling tools", url: demo.pageUrl, quote }]),
        },
        { when: `Your angle: ${angles[1]}`, toolCalls: [{ id: "r2", name: "web_fetch", arguments: { url: demo.pageUrl } }] },
        {
          when: `Your angle: ${angles[1]}`,
          gate: { name: "second", count: Infinity },
          text: findings([
            {
              claim: lang === "ja" ? "ブラウザの中で動く" : "It lives in the browser",
              url: demo.pageUrl,
              quote: "Agent Mesh is an AI agent that lives in your browser.",
            },
          ]),
        },
        {
          when: "Write a concise report",
          text:
            lang === "ja"
              ? "Agent Mesh はブラウザの中で動く AI エージェントです [2]。ツールを呼び出して答えます [1]。\n\n| 項目 | 内容 |\n|---|---|\n| 動作場所 | ブラウザ [2] |\n| 方法 | ツール [1] |"
              : "Agent Mesh is an AI agent that lives in the browser [2]. It answers by calling tools [1].\n\n| What | How |\n|---|---|\n| Where | the browser [2] |\n| By | tools [1] |",
        },
      ])
      await panel.getByTestId("new-conversation").click()
      await composer.fill(words.research)
      await panel.getByTestId("research-action").click()
      const job = panel.locator("am-research")
      await until(async () => (demo.model.gateCounts().second ?? 0) === 1, "the second researcher's answer held")
      await job.locator("[data-testid=lane-status].done").nth(1).waitFor()
      await shoot(panel, "research-running", lang)
      demo.model.openGate("second")
      await job.locator("am-markdown").waitFor()
      await until(async () => (await job.locator("[data-testid=lane-status].done").count()) === 4, "every agent of the job done")
      await shoot(panel, "research-done", lang)

      const options = await session.openPage("options.html")
      await options.setViewportSize(SIZE)
      await options.locator("#engine").waitFor()
      await options.evaluate(() => globalThis.agent.settings.update({ search: { engine: "duckduckgo" } }))
      // As a person gets there: the section's link in the page's navigation.
      await options.locator('nav a[href="#search"]').click()
      await options.locator("#search-h").waitFor()
      await shoot(options, "settings-search-duckduckgo", lang)
    } finally {
      await session.close()
      await demo.close()
    }
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error))
  process.exit(1)
})
