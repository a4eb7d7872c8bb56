/**
 * The page's tools set after the story, in words: "Print", "Email", "Send This Article To Your
 * Friend", "Reprints", "扫一扫在手机打开当前页" (a QR code to open the page on a phone, under
 * every story of Chinese government and news templates), "【打印本页】【关闭窗口】", "← 返回". They
 * are buttons, not the article's words; set in the story's box they stayed as its last lines. The
 * meta bar's words before the first paragraph are cut by `edges.ts` `cutHeadMeta`; a line of the
 * same tools after the last one is cut here, line by line from the end, while the content's last
 * line is made of such words alone. The source and editor lines ("来源：…", "责任编辑：…") are
 * not tools: the ground truths read keep some of them.
 */
import { isElement, textOf } from "./dom.ts"
import { lastText } from "./legal-line.ts"
import { isToolsLine } from "./tool-words.ts"
import { isRatingLine } from "./rating-lines.ts"
import { isPromo } from "./edges.ts"

/** a line of tools is short */
const TOOLS_LINE = 100
/** at most this many lines are cut */
const MAX_LINES = 8

/**
 * a line of the page's tools, of a rating widget's prompt, score and votes, or a call to follow or
 * subscribe ("Be a fan of Lifestyle on Facebook | Follow us on Twitter!"): a story set as one block
 * broken by <br> ends with them as lines, which `cutEdgePromos`, reading whole blocks, leaves
 */
const isTool = (text: string): boolean => isToolsLine(text) || isRatingLine(text) || isCallLine(text)
/** a story's sentence that speaks of a newsletter ends with a full stop; a call ends with "!", a link or nothing */
const isCallLine = (text: string): boolean => text.length <= TOOLS_LINE && !/\.\s*$/.test(text) && isPromo(text)

/**
 * The content's last line when it is made of tools alone: its last text, or the highest element
 * above it whose whole text is tools ("[<a>打印</a>]": the bracket is the last text).
 */
const toolsLine = (root: Element): Node | null => {
  const text = lastText(root)
  if (text === null) return null
  let line: Node | null = isTool(textOf(text)) ? text : null
  for (let up = text.parentElement; up !== null && up !== root; up = up.parentElement) {
    const written = textOf(up)
    if (written.length > TOOLS_LINE) break
    if (isTool(written)) line = up
  }
  return line
}

/** Cuts the lines of tools the content ends with, never the whole content. */
export const cutTailTools = (root: Element): void => {
  for (let cut = 0; cut < MAX_LINES; cut++) {
    const line = toolsLine(root)
    const parent = line?.parentNode
    if (line === null || !parent) return
    const next = line.nextSibling
    parent.removeChild(line)
    if (lastText(root) === null) {
      // the content was tools only: not ours to empty
      parent.insertBefore(line, next)
      return
    }
    if (isElement(parent) && parent !== root && textOf(parent) === "") parent.remove()
  }
}
