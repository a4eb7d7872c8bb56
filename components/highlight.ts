/**
 * Syntax highlighting of the code blocks in rendered Markdown (highlight-languages.ts). It is
 * imported on first use, as a chunk of its own, so a panel that shows no code never loads it. The
 * highlighter escapes the code it wraps in spans, so what it writes is as inert as the sanitised
 * HTML it replaces.
 */
type Highlighter = typeof import("./highlight-languages.ts")

let loading: Promise<Highlighter> | undefined
const highlighter = () => (loading ??= import("./highlight-languages.ts"))

/** Marks a code element done: a block is highlighted once, however often it is looked at. */
const DONE = "data-highlighted"

/** The code blocks under `root` that name a language and are not highlighted yet. */
const pending = (root: ParentNode): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>('pre code[class*="language-"]')].filter((code) => !code.hasAttribute(DONE))

/** Highlights the code blocks under `root` (loading the highlighter if there are any); resolves when done. */
export const highlightCodeIn = async (root: ParentNode): Promise<void> => {
  if (pending(root).length === 0) return
  const { highlightCode } = await highlighter()
  // Read again: the element may have been re-rendered while the highlighter loaded.
  const blocks = pending(root)
  for (const code of blocks) code.setAttribute(DONE, "")
  await Promise.all(
    blocks.map(async (code) => {
      const language = /(?:^|\s)language-([\w+#.-]+)/.exec(code.className)?.[1] ?? ""
      const text = code.textContent ?? ""
      const html = await highlightCode(text, language)
      // a language's grammar loads on first use: the block may have been given other text meanwhile
      if (html !== undefined && code.textContent === text) code.innerHTML = html
    }),
  )
}
