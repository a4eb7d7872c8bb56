/**
 * A breadcrumb trail ("You are here: Home > News > Article", "首页>>人物聚焦>>2005人物", "您现在的位置：
 * 读书 -> 连载 -> 正文") set in the same box as the story's first lines is kept with them when it
 * is not marked as navigation; it names the site's sections, not the story. Among the content's
 * first blocks, a short one that is three or more short steps joined by an arrow is cut.
 */
import type { PageMeasure } from "./article.ts"
import { isElement, textOf } from "./dom.ts"
import { fold, folded } from "./fold.ts"
import { blocksIn } from "./edges.ts"

/** "You are here:" before the trail, in the languages the furniture names are read in */
const HERE =
  /^(?:you are here|current location|location|当前位置|您现在的位置|您的位置|现在位置|位置|sie sind hier|vous êtes ici|está(?:s)? (?:en|aquí)|você está (?:em|aqui)|ti trovi (?:in|qui)|u bent hier|jesteś tutaj|nalazite se|вы здесь|βρίσκεστε)\s*[:：]?\s*/iu
/** the arrows that join the steps: >, >>, ->, →, », ›, and their full-width forms */
const ARROW = /\s*(?:-?>>?|→|»|›|＞＞?|＞)\s*/u
/** a trail is short, its steps shorter */
const [MAX_TRAIL, MAX_STEP, MIN_STEPS] = [120, 30, 3]
/** how many of the content's first blocks are looked at */
const HEAD = 2

/** Whether `text` reads as a breadcrumb trail. */
export const isBreadcrumb = (text: string): boolean => {
  if (text.length > MAX_TRAIL) return false
  const steps = text.replace(HERE, "").split(ARROW)
  return steps.length >= MIN_STEPS && steps.every((step) => step.trim().length > 0 && step.trim().length <= MAX_STEP)
}

/** the link a trail opens with: the site's home page, in the furniture names' languages */
const HOME = folded(
  /^(?:home(?: ?page)?|start(?:seite)?|accueil|inicio|portada|início|pagina (?:iniziale|principale)|главная(?: страница)?|strona główna|naslovnica|početna(?: stranica)?|αρχική(?: σελίδα)?|首页|首頁|网站首页|主页)$/iu,
)
/** what may stand between a trail's links: arrows, bars, slashes, dots */
const BETWEEN = /^[\s>»›→|/·•:-]*$/u
/** the page's own title may end a trail: longer than a step, shorter than a paragraph */
const [MAX_LAST, MAX_LINKED_TRAIL] = [150, 250]

/**
 * A trail that opens with a link to the home page and goes on in links to sections, with nothing
 * but arrows or bars between them, and at most the page's own title after the last link ("Home »
 * News » Work and Career News » Depression Care for Workers Improves Health, Productivity"): the
 * title is longer than `isBreadcrumb`'s steps, and some trails set their arrows as pictures or
 * style sheet content, leaving the links glued together ("Αρχική ΣελίδαΕιδήσεις - Νέα…").
 */
export const isHomeTrail = (el: Element): boolean => {
  const links = Array.from(el.querySelectorAll("a[href]")).filter((a) => textOf(a).trim() !== "")
  if (links.length < 2 || textOf(el).length > MAX_LINKED_TRAIL || !HOME.test(fold(textOf(links[0]!).trim()))) return false
  // the words outside the links: separators only, but for the title after the last link
  const outside: string[] = [""]
  const walk = (node: Node): void => {
    for (let child = node.firstChild; child !== null; child = child.nextSibling) {
      if (isElement(child) && links.includes(child)) outside.push("")
      else if (isElement(child)) walk(child)
      else outside[outside.length - 1] += child.textContent ?? ""
    }
  }
  walk(el)
  const last = outside
    .pop()!
    .replace(/^[\s>»›→|/·•:-]+/u, "")
    .trim()
  const steps = links.length + (last === "" ? 0 : 1)
  return steps >= MIN_STEPS && last.length <= MAX_LAST && outside.every((text) => BETWEEN.test(text) || HERE.test(text.trim()))
}

/** Cuts a breadcrumb trail among the first blocks of `root`. */
export const cutBreadcrumb = (root: Element, page: PageMeasure): void => {
  for (const block of blocksIn(root, page).slice(0, HEAD)) if (isBreadcrumb(textOf(block)) || isHomeTrail(block)) block.remove()
}
