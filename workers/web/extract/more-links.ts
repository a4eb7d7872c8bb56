/**
 * "Read on >>", "Continue reading", "Weiterlesen", "阅读全文": a link whose whole text says
 * "more" leads to the rest of a story elsewhere. In a digest's items (a headline, a summary, then
 * "read on >>") it was kept as a line of the item; it is the page's control, not the article's
 * words (an article that points to more words it with its subject: "read more about the vote").
 */
import { TEXT_NODE, siblingPastBlank, tagOf, textOf } from "./dom.ts"
import { fold, folded } from "./fold.ts"

/** the whole text of a "more" link, in English and the languages the furniture names are read in, arrows and ellipses around it */
const MORE = folded(
  /^[\s[(<«»›>→…._-]*(?:read (?:on|more|the rest|the full (?:story|article)|full (?:story|article))|continue reading|keep reading|full story|more|weiterlesen|weiter|mehr(?: lesen| erfahren)?|lire la suite|en savoir plus|leer más|saber más|seguir leyendo|ver más|continua a leggere|leggi (?:tutto|di più)|scopri di più|leia mais|continue lendo|lees (?:verder|meer)|czytaj (?:dalej|więcej|całość)|więcej|читать (?:далее|дальше|полностью)|узнать больше|подробнее|далее|opširnije|(?:pročitaj(?:te)?|saznaj(?:te)?) više|više|(?:διαβάστε )?περισσότερα|阅读全文|查看全文|阅读更多|全文|详细|详情|更多|続きを読む)[\s\])>»›→…._-]*$/iu,
)

/** Cuts the "more" links inside `root`, with the line break before one that ends its block. */
export const cutMoreLinks = (root: Element): void => {
  for (const link of Array.from(root.querySelectorAll("a[href]"))) {
    if (!MORE.test(fold(textOf(link)))) continue
    const next = siblingPastBlank(link, "nextSibling")
    const before = siblingPastBlank(link, "previousSibling")
    if (next === null && before !== null && tagOf(before) === "br") before.remove()
    // "[<a>More</a>]": the brackets go with the link
    const open = link.previousSibling
    const close = link.nextSibling
    if (
      open?.nodeType === TEXT_NODE &&
      close?.nodeType === TEXT_NODE &&
      /[[(]\s*$/.test(open.textContent!) &&
      /^\s*[\])]/.test(close.textContent!)
    ) {
      open.textContent = open.textContent!.replace(/[[(]\s*$/, "")
      close.textContent = close.textContent!.replace(/^\s*[\])]/, "")
    }
    link.remove()
  }
}
