/**
 * What an element is for the reader of the page: interactive kind, landmark, heading level,
 * accessible name, value and states. An approximation of the ARIA rules, kept small: enough to
 * label each element the way a screen reader would announce it.
 */

/** The ARIA roles that make an element interactive (bench/page-content.mjs counts elements by them too). */
export const INTERACTIVE_ROLES: ReadonlySet<string> = new Set([
  "button",
  "link",
  "checkbox",
  "radio",
  "switch",
  "tab",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "option",
  "combobox",
  "textbox",
  "searchbox",
  "slider",
  "spinbutton",
  "treeitem",
  "listbox",
])

const BUTTON_TYPES = new Set(["submit", "reset", "button", "image"])
/** The values of `contenteditable` that make an element editable of its own. */
const EDITABLE = new Set(["", "true", "plaintext-only"])

/** An editable region, or one marked editable of its own inside another (an editor's nested field); not the text inside one. */
const isEditable = (el: Element): boolean =>
  (el as HTMLElement).isContentEditable &&
  (!(el.parentElement as HTMLElement | null)?.isContentEditable || EDITABLE.has(el.getAttribute("contenteditable") ?? "-"))

/**
 * Whether an element is in the tab order by its `tabindex`, as the browser reads the attribute:
 * HTML's integer parsing takes `0abc` and ` 1` as 0 and 1, and ignores `""` or `abc` (the element
 * keeps its default, -1 for one that is not focusable of its own). An element outside HTML and
 * SVG has no `tabIndex`: the same parsing by hand.
 */
const inTabOrder = (el: Element, tabindex: string): boolean => {
  const index = (el as HTMLElement).tabIndex
  if (typeof index === "number") return index >= 0
  return /^[\t\n\f\r ]*\+?\d/.test(tabindex)
}

/** The kind printed for an interactive element, or null when it is not interactive. */
export const interactiveKind = (el: Element): string | null => {
  const role = el.getAttribute("role")?.trim().split(/\s+/)[0]
  if (role && INTERACTIVE_ROLES.has(role)) return role
  switch (el.localName) {
    case "a":
    case "area":
      if (el.hasAttribute("href")) return "link"
      // An anchor with no href is no link, but a click handler or a tab stop still makes it one to act on (`<a onclick="print()">`).
      break
    case "button":
      return "button"
    case "select":
      return "select"
    case "textarea":
      return "textarea"
    case "summary":
      if (el.parentElement?.localName === "details") return "summary"
      break
    case "input": {
      const type = (el as HTMLInputElement).type
      if (type === "hidden") return null
      if (BUTTON_TYPES.has(type)) return "button"
      if (type === "text") return "textbox"
      if (type === "search") return "searchbox"
      if (type === "range") return "slider"
      return type
    }
  }
  if (isEditable(el)) return "editable"
  // A click handler in the markup, or a place in the tab order, makes any element something to act on.
  if (el.hasAttribute("onclick")) return "clickable"
  const tabindex = el.getAttribute("tabindex")
  if (tabindex !== null && inTabOrder(el, tabindex)) return "focusable"
  return null
}

/** Kinds that say only that an element reacts: its content is read as usual after its annotation. */
export const GENERIC_KINDS = new Set(["clickable", "focusable"])

const LANDMARK_ROLES: Record<string, string> = {
  banner: "header",
  navigation: "nav",
  main: "main",
  complementary: "aside",
  contentinfo: "footer",
  search: "search",
  form: "form",
  region: "region",
}

const SECTIONING = "article, aside, main, nav, section"

/** The landmark an element opens (printed name: header, nav, main, aside, footer, search, form, region), or null. */
export const landmarkOf = (el: Element): string | null => {
  const role = el.getAttribute("role")?.trim().split(/\s+/)[0]
  if (role) {
    const landmark = LANDMARK_ROLES[role] ?? null
    // A region is a landmark only when it is named.
    if (landmark === "region" && !el.hasAttribute("aria-label") && !el.hasAttribute("aria-labelledby")) return null
    return landmark
  }
  switch (el.localName) {
    case "nav":
    case "main":
    case "aside":
    case "search":
    case "form":
      return el.localName
    case "header":
    case "footer":
      // Only the page's own header and footer are landmarks, not an article's.
      return el.parentElement?.closest(SECTIONING) ? null : el.localName
    case "section":
      return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ? "region" : null
  }
  return null
}

export const headingLevel = (el: Element): number => {
  const match = /^h([1-6])$/.exec(el.localName)
  if (match) return Number(match[1])
  if (el.getAttribute("role") === "heading") return Math.min(6, Math.max(1, Number(el.getAttribute("aria-level")) || 2))
  return 0
}

export const collapse = (text: string): string => text.replace(/\s+/g, " ").trim()

export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text)

const NAME_MAX = 100

/** The text of a subtree as the user reads it, without what form controls inside it hold. */
const textWithoutControls = (el: Element, includeHidden = false): string => {
  let text = ""
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) text += node.nodeValue
    else if (node.nodeType === Node.ELEMENT_NODE) {
      const tag = (node as Element).localName
      if (tag === "select" || tag === "textarea" || tag === "script" || tag === "style" || tag === "input") return
      if (!includeHidden && (node as Element).getAttribute("aria-hidden") === "true") return
      if (tag === "img") text += ` ${(node as Element).getAttribute("alt") ?? ""} `
      for (let child = node.firstChild; child; child = child.nextSibling) visit(child)
    }
  }
  visit(el)
  return collapse(text)
}

/**
 * innerText, or, for an element in a subtree that content-visibility:auto has not drawn yet (where
 * innerText is empty until it scrolls into view), its text content.
 */
export const renderedText = (el: Element): string => {
  const text = (el as HTMLElement).innerText ?? ""
  return text || el.checkVisibility({ contentVisibilityAuto: true }) ? text : (el.textContent ?? "")
}

/** The text of an element as drawn: slots replaced by what is assigned to them, shadow trees entered, hidden parts left out. */
const drawnText = (el: Element): string => {
  let text = ""
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) text += node.nodeValue
    if (node.nodeType !== Node.ELEMENT_NODE) return
    const e = node as Element
    const tag = e.localName
    if (tag === "script" || tag === "style" || tag === "template" || e.hasAttribute("hidden") || e.getAttribute("aria-hidden") === "true")
      return
    if (tag === "slot") {
      const assigned = (e as HTMLSlotElement).assignedNodes({ flatten: true })
      if (assigned.length > 0) {
        for (const n of assigned) visit(n)
        return
      }
    }
    if (tag === "img") text += ` ${e.getAttribute("alt") ?? ""} `
    for (let child = (e.shadowRoot ?? e).firstChild; child; child = child.nextSibling) visit(child)
  }
  visit(el)
  return text
}

const byIds = (el: Element, ids: string): string => {
  const root = el.getRootNode() as Document | ShadowRoot
  return collapse(
    ids
      .split(/\s+/)
      .map((id) => root.getElementById(id))
      .filter((e): e is HTMLElement => e !== null)
      // A label pointed at by aria-labelledby counts even when hidden (often a tooltip).
      .map((e) => textWithoutControls(e, true))
      .join(" "),
  )
}

const TYPED_IN = new Set(["textbox", "searchbox", "combobox", "spinbutton"])

const isFormControl = (el: Element) => el.localName === "input" || el.localName === "select" || el.localName === "textarea"

/** Where an element's name comes from: its own ARIA attributes, its labels, or its content. */
export const namedByLabel = (el: Element): boolean =>
  isFormControl(el) &&
  !el.getAttribute("aria-labelledby") &&
  !el.getAttribute("aria-label") &&
  ((el as HTMLInputElement).labels?.length ?? 0) > 0

/** The visible text of an element, with images' alt text for pictures that stand for words. */
const shownText = (el: Element): string => {
  const text = collapse((el as HTMLElement).innerText ?? el.textContent ?? "")
  if (text) return text
  // innerText follows the DOM and what was laid out: it misses the text slotted into a shadow
  // tree's control, and it is empty in a subtree that content-visibility:auto has not drawn yet.
  if (el.querySelector("slot") !== null || !el.checkVisibility({ contentVisibilityAuto: true })) {
    const drawn = collapse(drawnText(el))
    if (drawn) return drawn
  }
  const pictures = [...el.querySelectorAll("img[alt], [role=img][aria-label], svg[aria-label]")]
    .map((p) => p.getAttribute("alt") ?? p.getAttribute("aria-label") ?? "")
    .filter(Boolean)
  if (pictures.length) return collapse(pictures.join(" "))
  const svgTitle = el.querySelector("svg > title")?.textContent
  return collapse(svgTitle ?? "")
}

/**
 * Roles whose name never comes from their content (ARIA: name from author only): a listbox, tree
 * or menu holds its items, each written with its own name, so their text is no name for it.
 */
const NAMED_BY_AUTHOR_ONLY = new Set(["listbox", "tree", "treegrid", "menu", "menubar", "grid", "tablist", "radiogroup", "toolbar"])
/** A nested list of items inside an item (a tree's group, a submenu): its items are written apart, with their own names. */
const NESTED_ITEMS = '[role="group"], [role="menu"], [role="tree"], [role="listbox"], [role="tablist"], [role="menubar"]'

/**
 * The text of an item that holds a nested list of items (an expanded tree item, a menu item with
 * its submenu): its own words only, as Chromium names it. Without this every parent of an
 * expanded tree was named by all its descendants' words, up to the length cut.
 */
const ownText = (el: Element): string => {
  let text = collapse((el as HTMLElement).innerText ?? "")
  for (const nested of el.querySelectorAll(NESTED_ITEMS)) {
    if (nested.parentElement?.closest(NESTED_ITEMS) !== el.closest(NESTED_ITEMS)) continue
    const inner = collapse((nested as HTMLElement).innerText ?? "")
    if (inner) text = text.replace(inner, " ")
  }
  return collapse(text)
}

/** The accessible name, roughly as in the ARIA name computation, cut to a readable length. */
export const accessibleName = (el: Element): string => {
  const labelledBy = el.getAttribute("aria-labelledby")
  if (labelledBy) {
    const text = byIds(el, labelledBy)
    if (text) return clip(text, NAME_MAX)
  }
  const label = collapse(el.getAttribute("aria-label") ?? "")
  if (label) return clip(label, NAME_MAX)
  if (isFormControl(el)) {
    const input = el as HTMLInputElement
    if (input.localName === "input" && BUTTON_TYPES.has(input.type)) {
      const value = input.type === "image" ? input.alt : input.value
      return clip(collapse(value || (input.type === "reset" ? "Reset" : input.type === "submit" ? "Submit" : "")), NAME_MAX)
    }
    const fromLabels = collapse([...(input.labels ?? [])].map((l) => textWithoutControls(l)).join(" "))
    if (fromLabels) return clip(fromLabels, NAME_MAX)
    return clip(collapse(el.getAttribute("title") ?? input.placeholder ?? ""), NAME_MAX)
  }
  if (el.localName === "img" || el.localName === "area") return clip(collapse(el.getAttribute("alt") ?? ""), NAME_MAX)
  // A text field's content is its value, not its name.
  if (isEditable(el) || TYPED_IN.has(el.getAttribute("role") ?? "")) {
    return clip(collapse(el.getAttribute("title") ?? el.getAttribute("aria-placeholder") ?? el.getAttribute("placeholder") ?? ""), NAME_MAX)
  }
  const role = el.getAttribute("role") ?? ""
  if (NAMED_BY_AUTHOR_ONLY.has(role)) return clip(collapse(el.getAttribute("title") ?? ""), NAME_MAX)
  const text = el.querySelector(NESTED_ITEMS) === null ? shownText(el) : ownText(el)
  if (text) return clip(text, NAME_MAX)
  return clip(collapse(el.getAttribute("title") ?? ""), NAME_MAX)
}

/** The landmark's own name: only an explicit label, never its whole content. */
export const landmarkName = (el: Element): string => {
  const labelledBy = el.getAttribute("aria-labelledby")
  if (labelledBy) return clip(byIds(el, labelledBy), NAME_MAX)
  return clip(collapse(el.getAttribute("aria-label") ?? ""), NAME_MAX)
}

const VALUE_MAX = 200
const OPTIONS_SHOWN = 10
const TEXT_TYPES = new Set([
  "textbox",
  "searchbox",
  "email",
  "tel",
  "url",
  "number",
  "textarea",
  "combobox",
  "spinbutton",
  "slider",
  "date",
  "datetime-local",
  "month",
  "week",
  "time",
  "color",
])

/** The value a control holds now (not its default), or undefined when it has none to show. */
export const valueOf = (el: Element, kind: string): string | undefined => {
  const tag = el.localName
  if (tag === "input" || tag === "textarea") {
    const input = el as HTMLInputElement
    if (input.type === "password") return input.value ? "••••" : undefined
    if (input.type === "file") return input.files?.length ? [...input.files].map((f) => f.name).join(", ") : undefined
    if (input.type === "checkbox" || input.type === "radio" || BUTTON_TYPES.has(input.type)) return undefined
    return input.value ? clip(input.value.replace(/\s+/g, " "), VALUE_MAX) : undefined
  }
  if (tag === "select") {
    const chosen = [...(el as HTMLSelectElement).selectedOptions].map((o) => collapse(o.text))
    return chosen.length ? clip(chosen.join(", "), VALUE_MAX) : undefined
  }
  if (kind === "editable" || kind === "textbox" || kind === "searchbox") {
    const text = collapse(renderedText(el))
    return text ? clip(text, VALUE_MAX) : undefined
  }
  if (TEXT_TYPES.has(kind)) {
    const now = el.getAttribute("aria-valuetext") ?? el.getAttribute("aria-valuenow")
    return now ?? undefined
  }
  return undefined
}

/** The choices of a select, when few enough to list. */
export const optionsOf = (el: Element): string | undefined => {
  if (el.localName !== "select") return undefined
  const options = [...(el as HTMLSelectElement).options].map((o) => collapse(o.text)).filter(Boolean)
  if (options.length === 0) return undefined
  const shown = options.slice(0, OPTIONS_SHOWN).map((o) => `"${escapeQuoted(clip(o, 40))}"`)
  return `options ${shown.join(", ")}${options.length > OPTIONS_SHOWN ? ` +${options.length - OPTIONS_SHOWN} more` : ""}`
}

/** A quoted name or value: its quotes, backslashes and braces escaped, so that it never reads as an annotation. */
export const escapeQuoted = (text: string): string => text.replace(/["\\{}[\]]/g, (c) => `\\${c}`)

const ariaTrue = (el: Element, name: string) => el.getAttribute(name) === "true"

/** The states worth telling the reader: checked, disabled, required, expanded, ... */
export const statesOf = (el: Element, kind: string): string[] => {
  const states: string[] = []
  const control = el as HTMLInputElement
  if (kind === "checkbox" || kind === "radio" || kind === "switch" || kind === "menuitemcheckbox" || kind === "menuitemradio") {
    if (el.localName === "input") {
      if (control.indeterminate) states.push("mixed")
      else states.push(control.checked ? "checked" : "unchecked")
    } else {
      const checked = el.getAttribute("aria-checked")
      states.push(checked === "true" ? "checked" : checked === "mixed" ? "mixed" : "unchecked")
    }
  }
  if (kind === "summary") states.push((el.parentElement as HTMLDetailsElement).open ? "expanded" : "collapsed")
  else if (el.hasAttribute("aria-expanded")) states.push(ariaTrue(el, "aria-expanded") ? "expanded" : "collapsed")
  if (ariaTrue(el, "aria-selected")) states.push("selected")
  if (ariaTrue(el, "aria-pressed")) states.push("pressed")
  if ((el.getAttribute("aria-current") ?? "false") !== "false") states.push("current")
  if (control.disabled === true || ariaTrue(el, "aria-disabled")) states.push("disabled")
  if (control.required === true || ariaTrue(el, "aria-required")) states.push("required")
  if ((control.readOnly === true && el.localName !== "select") || ariaTrue(el, "aria-readonly")) states.push("readonly")
  if (ariaTrue(el, "aria-invalid")) states.push("invalid")
  if (el.localName === "select" && (el as HTMLSelectElement).multiple) states.push("multiple")
  return states
}
