/**
 * A form control's label ("3"x5" Cards", "Full Page", "Remember me", "Search") names a button or
 * a field that stripping took away (`DROP_TAGS`): left behind, it reads as a line of the page, a
 * recipe card's print options once under every recipe. A label names a control when it points at
 * one (`for`) or holds one; a `<label>` without a control is a template's styling of text ("Prep
 * time: 2 hours"), and stays.
 */
import { tagOf } from "./dom.ts"

const CONTROLS = "input, select, textarea, button"

/** Whether `el` is the label of a form control. */
export const labelsControl = (el: Element): boolean =>
  tagOf(el) === "label" && (el.hasAttribute("for") || el.querySelector(CONTROLS) !== null)
