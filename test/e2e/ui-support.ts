/** Helpers of the UI suites: the side panel's composer, an axe-core check of the open page (shadow roots included). */
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import type { Page } from "playwright-core"

/** The side panel's message box, by the name a screen reader announces (in English). */
export const composer = (page: Page) => page.getByRole("textbox", { name: "Message to the agent" })

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

/**
 * The serious and critical axe-core violations of the page, one line each ("rule: target").
 * `colorsOnly` runs the rules that colours decide (contrast), for a second colour scheme of a
 * page whose other rules passed already.
 */
export const checkAccessibility = async (page: Page, { colorsOnly = false } = {}): Promise<string[]> => {
  // Evaluated through the DevTools protocol: the extension pages' CSP forbids injected <script>s.
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.evaluate(await axeSource)
  return page.evaluate(async (colorsOnly) => {
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
      runOnly: colorsOnly
        ? { type: "rule", values: ["color-contrast", "link-in-text-block"] }
        : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    })
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`))
  }, colorsOnly)
}

/**
 * Every text a person sees or hears on the page, shadow roots included, trimmed: visible text
 * nodes (an option's when its select shows), the placeholders, aria-labels and titles (tooltips)
 * of visible elements, and the page's title (its tab's name).
 */
export const visibleTexts = (page: Page): Promise<string[]> => page.evaluate(VISIBLE_TEXTS) as Promise<string[]>

// A string, so that the TypeScript loader adds no helpers (`__name`) the page lacks.
const VISIBLE_TEXTS = `(() => {
  const texts = []
  const shows = (el) => (el.closest("select") ?? el).checkVisibility({ visibilityProperty: true })
  const visit = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.data.replace(/\\s+/g, " ").trim()
        const parent = node.parentElement
        if (text && parent && !["STYLE", "SCRIPT", "TITLE"].includes(parent.tagName) && shows(parent)) texts.push(text)
        continue
      }
      for (const name of ["placeholder", "aria-label", "title"]) {
        const value = node.getAttribute(name)?.replace(/\\s+/g, " ").trim()
        if (value && shows(node)) texts.push(value)
      }
      if (node.shadowRoot) visit(node.shadowRoot)
    }
  }
  visit(document.body)
  if (document.title.trim()) texts.push(document.title.trim())
  return texts
})()`
