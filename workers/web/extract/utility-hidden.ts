/**
 * The hiding classes of the CSS frameworks: Bootstrap's `hidden` and `d-none`, Tailwind's `hidden`
 * set `display: none` from a style sheet the page links to, which we do not fetch
 * (`style-hidden.ts` reads only the page's own `<style>`). Templates so hide what a reader never
 * sees: a second copy of the story for another edition, a menu, comments folded below a score,
 * dialogs. Unless another class shows it again at some width or state (`hidden md:block`, `d-none
 * d-lg-block`, `visible-lg`, `show`): it is then shown to some readers. Bootstrap 2's `hide` is
 * left out: it marks the dialogs a script opens (a paywall's), furniture already, whose weight
 * kept one page's reading down in its story; without them it rose to a wrapper that held a
 * donation appeal.
 */
import { classOf } from "./dom.ts"

const HIDING = /(?:^|\s)(?:hidden|d-none)(?=\s|$)/
const SHOWING = /(?:^|\s)(?:[\w-]+:(?:block|flex|inline|grid|table)[\w-]*|d-(?:sm|md|lg|xl|xxl)-(?!none)[\w-]+|visible-[\w-]+|show)(?=\s|$)/

/** Whether `el` carries a framework's class that hides it from every reader. */
export const hiddenByUtilityClass = (el: Element): boolean => {
  const names = classOf(el)
  return HIDING.test(names) && !SHOWING.test(names)
}
