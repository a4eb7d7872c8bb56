/**
 * The set lines of an official notice or letter in Chinese (公文): its title centred over one to
 * four lines, its number ("吉政明电〔2022〕1号") centred, the issuer and the date aligned right
 * under the text. Each is a short line without punctuation, which elsewhere reads as a label or a
 * byline; here the alignment the document's own style sets says it is the document's.
 */
import { textOf } from "./dom.ts"

const ALIGNED_STYLE = /text-align\s*:\s*(?:center|right)/i
const ALIGNED = /^(?:center|right)$/i
const HAN = /\p{Script=Han}/u
/** the longest set line */
const NOTICE_LINE = 60

/** Whether `el` is a short line of Chinese text that its own style centres or aligns right. */
export const isNoticeLine = (el: Element): boolean => {
  if (!ALIGNED_STYLE.test(el.getAttribute("style") ?? "") && !ALIGNED.test(el.getAttribute("align") ?? "")) return false
  const text = textOf(el)
  return text.length <= NOTICE_LINE && HAN.test(text)
}
