/**
 * The handles a selector is made of (an element's stable id, href, test id, name, aria-label,
 * classes, tag) and the steps of a child path, apart from the index and the selector maker
 * (walker-selectors.ts) that count and combine them.
 */

/**
 * A link's href longer than this is no handle: the content shows such a URL cut, and selects the
 * link by the URL's start (`a[href^="…"]`) or by other handles.
 */
export const LONG_URL = 100
/** Attributes that authors set on purpose and rarely regenerate, best first. */
const NAMING = new Set(["aria-label", "title", "placeholder", "alt"])
const STABLE_ATTRIBUTES = [
  "data-testid",
  "data-test-id",
  "data-test",
  "data-qa",
  "data-cy",
  "name",
  "aria-label",
  "placeholder",
  "title",
  "for",
  "alt",
]

const ATTRIBUTES_LOOKED_AT = new Set([...STABLE_ATTRIBUTES, "role", "type", "value"])

/** Framework prefixes whose ids or classes carry a counter or a hash rather than a meaning. */
const GENERATED_ID = /^(?:ember|ext-gen|yui_|mui-|radix-|headlessui-|react-|rc[-_]|downshift-|uid[-_]?|id[-_]|ng-|j_id|__)\S*\d/i
const GENERATED_CLASS = /^(?:css|sc|jsx|emotion|svelte|astro|styled|tw|ng-tns)-/i
const PLAIN_CLASS = /^-?[_a-zA-Z][\w-]*$/

/** Controls by their tag; an element of another tag may act by a role, a click handler or a tab stop. Links are left out: most are selected by their URL. */
const ACTING_TAGS = new Set(["button", "input", "select", "textarea", "summary"])
export const mayAct = (el: Element): boolean =>
  ACTING_TAGS.has(el.localName) ||
  (el.hasAttributes() && (el.hasAttribute("role") || el.hasAttribute("onclick") || el.hasAttribute("tabindex")))

const isDigit = (c: string) => c >= "0" && c <= "9"

/** A run of letters and digits that alternate, as in a hash ("3xYz1", "a9f3k2"). */
const looksHashed = (token: string): boolean => {
  if (token.length < 5 || !/\d/.test(token) || !/[a-z]/i.test(token)) return false
  let switches = 0
  for (let i = 1; i < token.length; i++) if (isDigit(token[i]!) !== isDigit(token[i - 1]!)) switches++
  return switches >= 2
}

/**
 * A word as people write it: lower case ("nav", "h2"), a number, capitalised or camelCase words
 * ("PageHeader", "isOpen") or a short acronym ("UI"). Hashes such as "RTJRk", "kDlIYz" or
 * "dXFha" fail, being neither.
 */
const WORDLIKE = /^(?:\d+|[a-z][a-z0-9]*|[A-Z]?[a-z]+(?:[A-Z][a-z]{2,})*|[A-Z]{2,3})$/

/** Five or more lower-case letters without a vowel: a CSS-modules suffix ("szpyj", "ygtmj"), not a word. */
const UNPRONOUNCEABLE = /^[b-df-hj-np-tv-z]{5,}$/

const tokensLookWritten = (value: string): boolean =>
  value.split(/[-_]+/).every((t) => t === "" || (WORDLIKE.test(t) && !looksHashed(t) && !UNPRONOUNCEABLE.test(t)))

export const isStableId = (id: string): boolean =>
  id.length > 0 && id.length <= 80 && !id.includes(":") && !GENERATED_ID.test(id) && tokensLookWritten(id)

export const isStableClass = (name: string): boolean =>
  name.length >= 2 &&
  name.length <= 40 &&
  PLAIN_CLASS.test(name) &&
  !GENERATED_CLASS.test(name) &&
  !name.includes("__") &&
  tokensLookWritten(name)

/** Test ids and names are chosen by authors, but some frameworks append a generated key: "box-IC_kwDOOAhtcs6wCwKD". */
const isStableValue = (value: string): boolean => !value.split(/[\s\-_:./]+/).some(looksHashed)

/**
 * A CSS string literal; braces are escaped too (same value in CSS), so that an annotation ends at
 * its first bare `}`, and a `>` that would start a `>>>` is written `\3e `, so that a hop ends only at a bare `>>>`.
 */
export const cssString = (value: string): string =>
  `"${value
    .replace(/[\\"{}]/g, (c) => `\\${c}`)
    .replace(/[\n\r\f\t]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)
    .replace(/>(?=>>)/g, "\\3e ")}"`

export const idSelector = (id: string) => (CSS.escape(id) === id ? `#${id}` : `[id=${cssString(id)}]`)

const escapedTags = new Map<string, string>()
export const tagOf = (el: Element): string => {
  let tag = escapedTags.get(el.localName)
  if (tag === undefined) {
    tag = CSS.escape(el.localName)
    escapedTags.set(el.localName, tag)
  }
  return tag
}

/**
 * A step of a child path for an element that shares its tag with a sibling: its place among them
 * (`div:nth-of-type(3)`) or among all its siblings (`:nth-child(4)`), whichever is shorter (a
 * thread's posts are long paths of such steps). A last step that a candidate is checked by keeps its tag
 * (`button:nth-child(2)`): the candidates that end with it are checked among the elements of that tag.
 */
export const placeStep = (tag: string, nth: number, child: number, last: boolean): string => {
  const ofType = `${tag}:nth-of-type(${nth})`
  const ofAll = `${last ? tag : ""}:nth-child(${child})`
  return ofAll.length < ofType.length ? ofAll : ofType
}

/** A plain compound selector for one element, and the key it is counted under in its tree. */
export interface Handle {
  readonly text: string
  readonly key: string
}

export const plain = (text: string): Handle => ({ text, key: text })

const stableClasses = new Map<string, boolean>()
const stableClass = (name: string): boolean => {
  let stable = stableClasses.get(name)
  if (stable === undefined) {
    stable = isStableClass(name)
    if (stableClasses.size < 50_000) stableClasses.set(name, stable)
  }
  return stable
}

/**
 * The handles an element offers by itself, in tiers of preference: authored attributes (href,
 * id, test ids, name, labels), then the bare tag, then stable classes. Each handle is a plain
 * compound selector. In a quirks-mode document ids and classes match regardless of case, so
 * they are counted lower-cased; `type` matches regardless of case in any HTML document.
 */
const tagHandles = new Map<string, Handle[]>()

export const ownHandles = (el: Element, quirks: boolean): Handle[][] => {
  const tag = tagOf(el)
  let bare = tagHandles.get(tag)
  if (bare === undefined) {
    bare = [plain(tag)]
    tagHandles.set(tag, bare)
  }
  if (!el.hasAttributes()) return [[], bare, []]
  // One look at the names the element carries: most elements have no attribute worth a look.
  // Names, not `el.attributes`, whose Attr nodes Blink creates on demand and then keeps on the
  // element: on a big page one more object per attribute for every later garbage collection to trace.
  const names = el.getAttributeNames()
  let id = ""
  let classNames = ""
  let href: string | null = null
  let worth = false
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!
    if (name === "id") id = el.getAttribute(name) ?? ""
    else if (name === "class") classNames = el.getAttribute(name) ?? ""
    else if (name === "href") href = el.getAttribute(name)
    else if (!worth && ATTRIBUTES_LOOKED_AT.has(name)) worth = true
  }
  const authored: Handle[] = []
  if (tag === "a" && href !== null && href.length <= LONG_URL) authored.push(plain(`a[href=${cssString(href)}]`))
  if (id && isStableId(id)) {
    const text = idSelector(id)
    authored.push({ text, key: quirks && text.startsWith("#") ? text.toLowerCase() : text })
  }
  if (worth) {
    for (const attribute of STABLE_ATTRIBUTES) {
      const value = el.getAttribute(attribute)
      if (!value || value.length > 100 || !(NAMING.has(attribute) || isStableValue(value))) continue
      // A test id says enough by itself; the tag only adds length.
      authored.push(plain(`${attribute.startsWith("data-") ? "" : tag}[${attribute}=${cssString(value)}]`))
    }
    const role = el.getAttribute("role")
    if (role && /^[a-z]+$/.test(role)) authored.push(plain(`${tag}[role=${cssString(role)}]`))
    if (tag === "input" || tag === "button") {
      const type = el.getAttribute("type")?.toLowerCase()
      const value = el.getAttribute("value")
      const name = el.getAttribute("name")
      if (name && value && value.length <= 60) authored.push(plain(`${tag}[name=${cssString(name)}][value=${cssString(value)}]`))
      if (type && /^[a-z]+$/.test(type)) authored.push(plain(`${tag}[type=${cssString(type)}]`))
    }
  }
  const classes: Handle[] = []
  if (classNames)
    for (const name of classNames.split(/[ \t\n\r\f]+/)) {
      if (!name || !stableClass(name)) continue
      const text = `${tag}.${name}`
      if (!classes.some((c) => c.text === text)) classes.push({ text, key: quirks ? text.toLowerCase() : text })
    }
  return [authored, bare, classes]
}

/** The elements a handle matches, in document order, with their positions. */
export interface Listed {
  readonly elements: Element[]
  readonly at: number[]
}

export const EMPTY: Listed = { elements: [], at: [] }
