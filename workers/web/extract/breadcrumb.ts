/**
 * A breadcrumb trail ("You are here: Home > News > Article", "首页>>人物聚焦>>2005人物", "您现在的位置：
 * 读书 -> 连载 -> 正文") set in the same box as the story's first lines is kept with them when it
 * is not marked as navigation; it names the site's sections, not the story. Among the content's
 * first blocks, a short one that is three or more short steps joined by an arrow is cut.
 */
import type { PageMeasure } from "./article.ts"
import { textOf } from "./dom.ts"
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

/** Cuts a breadcrumb trail among the first blocks of `root`. */
export const cutBreadcrumb = (root: Element, page: PageMeasure): void => {
  for (const block of blocksIn(root, page).slice(0, HEAD)) if (isBreadcrumb(textOf(block))) block.remove()
}
