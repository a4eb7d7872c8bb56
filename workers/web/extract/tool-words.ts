/**
 * The page's tools in words ("Print", "Email", "字号：大 中 小", "分享到：新浪微博 腾讯微博"): buttons,
 * not an article's words. A line made of them alone is read as a tool bar, before the story
 * (`edges.ts`) or after it (`page-tools.ts`).
 */
import { fold, folded } from "./fold.ts"

/**
 * One tool, in English, then Chinese, German, French, Spanish, Italian, Portuguese, Dutch, Russian,
 * Polish, Croatian and Greek: print, e-mail or send the page, share it, reprints, the page whole,
 * the text size, close the window, back (to the top, to the list). The text size may be set by
 * letters ("字号:T|T", "字体：A+ A-"). The networks a page is shared to are tools too, by name, as
 * a share bar spells them out ("分享到： 新浪微博 腾讯微博 人人网 豆瓣", "转帖到： QQ空间 开心网").
 */
const NETWORK =
  "(?:(?:新浪|腾讯|騰訊|网易|網易|搜狐|人民|凤凰|鳳凰|百度)(?:微博|空间|空間)|(?:qq|qzone|腾讯|騰訊)(?:空间|空間)?|人人网|人人網|开心网|開心網|豆瓣网?|百度(?:搜藏|贴吧)|微信|朋友圈|facebook|twitter|plurk|weibo|google\\+|linkedin)"
const TOOL =
  "(?:print(?:er[- ]friendly)?(?: (?:this|the) (?:page|article|story))?(?: version)?|e-?mail(?: (?:this|the) (?:page|article|story))?|send (?:this |the )?(?:page |article |story )?to (?:a|your) friend|share(?: this(?: page| article| story)?)?|reprints?|single page|(?:font|text) size|close (?:this )?window|back to top|top of page" +
  "|打印(?:本页|此页|文章|本文)?|关闭(?:窗口|本页|此页)|(?:分享|转帖|转发|转载|轉貼|轉發)到?|收藏(?:本页|本文|此页)?|扫一扫(?:在手机(?:上)?打开当前页)?|字[号体號體]\\s*[:：︰]?(?:[\\s|｜]*(?:[大中小]|[at][+-]?)(?![\\p{L}\\p{N}])){0,4}|返回(?:顶部|首页|列表|上一页|目录)?|推荐给(?:朋友|好友)" +
  `|${NETWORK}` +
  "|drucken|teilen|(?:artikel )?versenden|nach oben|imprimer|partager|envoyer|imprimir|compartir|enviar|stampa|condividi|compartilhar|partilhar|afdrukken|printen|delen|печать|версия для печати|поделиться|drukuj|udostępnij|ispiši|podijeli|εκτύπωση|κοινοποίηση)"
/** a line made of tools alone, with the brackets, arrows and bars that set them apart, or of bars alone (left between two tools) */
const TOOLS = folded(
  new RegExp(`^(?:(?:[\\s[\\]【】()（）<>«»←↑|｜/·•:：-]*${TOOL})+[\\s[\\]【】()（）<>«»↑|｜/·•:：-]*|[\\s|｜/·•]+)$`, "iu"),
)

/** one network's name alone: the last word of "follow us on <a>Twitter</a>", not a share bar */
const LONE_NETWORK = new RegExp(`^[\\s[\\]【】()（）]*${NETWORK}[\\s[\\]【】()（）]*$`, "iu")

/** Whether `text` is made of the page's tools alone. */
export const isToolsLine = (text: string): boolean => TOOLS.test(fold(text)) && !LONE_NETWORK.test(text)
