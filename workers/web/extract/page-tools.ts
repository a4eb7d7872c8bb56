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
import { fold, folded } from "./fold.ts"
import { lastText } from "./legal-line.ts"

/**
 * One tool, in English, then Chinese, German, French, Spanish, Italian, Portuguese, Dutch, Russian,
 * Polish, Croatian and Greek: print, e-mail or send the page, share it, reprints, the page whole,
 * the text size, close the window, back (to the top, to the list).
 */
const TOOL =
  "(?:print(?:er[- ]friendly)?(?: (?:this|the) (?:page|article|story))?(?: version)?|e-?mail(?: (?:this|the) (?:page|article|story))?|send (?:this |the )?(?:page |article |story )?to (?:a|your) friend|share(?: this(?: page| article| story)?)?|reprints?|single page|(?:font|text) size|close (?:this )?window|back to top|top of page" +
  "|打印(?:本页|此页|文章|本文)?|关闭(?:窗口|本页|此页)|分享到?|收藏(?:本页|本文|此页)?|扫一扫(?:在手机(?:上)?打开当前页)?|字[号体][:：]?(?:\\s*[大中小]){0,3}|返回(?:顶部|首页|列表|上一页|目录)?|推荐给(?:朋友|好友)" +
  "|drucken|teilen|(?:artikel )?versenden|nach oben|imprimer|partager|envoyer|imprimir|compartir|enviar|stampa|condividi|compartilhar|partilhar|afdrukken|printen|delen|печать|версия для печати|поделиться|drukuj|udostępnij|ispiši|podijeli|εκτύπωση|κοινοποίηση)"
/** a line made of tools alone, with the brackets, arrows and bars that set them apart, or of bars alone (left between two tools) */
const TOOLS = folded(
  new RegExp(`^(?:(?:[\\s[\\]【】()（）<>«»←↑|｜/·•:：-]*${TOOL})+[\\s[\\]【】()（）<>«»↑|｜/·•:：-]*|[\\s|｜/·•]+)$`, "iu"),
)
/** a line of tools is short */
const TOOLS_LINE = 100
/** at most this many lines are cut */
const MAX_LINES = 8

/**
 * The content's last line when it is made of tools alone: its last text, or the highest element
 * above it whose whole text is tools ("[<a>打印</a>]": the bracket is the last text).
 */
const toolsLine = (root: Element): Node | null => {
  const text = lastText(root)
  if (text === null) return null
  const isTools = (written: string): boolean => TOOLS.test(fold(written))
  let line: Node | null = isTools(textOf(text)) ? text : null
  for (let up = text.parentElement; up !== null && up !== root; up = up.parentElement) {
    const written = textOf(up)
    if (written.length > TOOLS_LINE) break
    if (isTools(written)) line = up
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
