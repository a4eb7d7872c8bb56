/** Helpers of the UI suites: an axe-core check of the open page (shadow roots included). */
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import type { Page } from "playwright-core"

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

/** The serious and critical axe-core violations of the page, one line each ("rule: target"). */
export const checkAccessibility = async (page: Page): Promise<string[]> => {
  // Evaluated through the DevTools protocol: the extension pages' CSP forbids injected <script>s.
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.evaluate(await axeSource)
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            ctx: unknown,
            options: unknown,
          ): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }> }>
        }
      }
    ).axe
    const { violations } = await axe.run(document, {
      resultTypes: ["violations"],
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    })
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`))
  })
}
