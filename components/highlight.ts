/**
 * Syntax highlighting of the code blocks in rendered Markdown, by highlight.js. It is imported on
 * first use, as a chunk of its own (highlight-languages.ts), so a panel that shows no code never
 * loads it. highlight.js escapes the code it wraps in spans, so what it writes is as inert as
 * the sanitised HTML it replaces.
 */
type Highlighter = typeof import("./highlight-languages.ts")

let loading: Promise<Highlighter> | undefined
const highlighter = () => (loading ??= import("./highlight-languages.ts"))

/** Marks a code element done: a block is highlighted once, however often it is looked at. */
const DONE = "data-highlighted"

/** The code blocks under `root` that name a language and are not highlighted yet. */
const pending = (root: ParentNode): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>('pre code[class*="language-"]')].filter((code) => !code.hasAttribute(DONE))

/** Highlights the code blocks under `root` (loading highlight.js if there are any); resolves when done. */
export const highlightCodeIn = async (root: ParentNode): Promise<void> => {
  if (pending(root).length === 0) return
  const { highlightCode } = await highlighter()
  // Read again: the element may have been re-rendered while highlight.js loaded.
  for (const code of pending(root)) {
    const language = /(?:^|\s)language-([\w+#.-]+)/.exec(code.className)?.[1] ?? ""
    const html = highlightCode(code.textContent ?? "", language)
    code.setAttribute(DONE, "")
    if (html !== undefined) code.innerHTML = html
  }
}
