/**
 * get_tab_content's failures and notes as data, and their wording for the model, in one place:
 * the page walker (in the page) and the route (in the service worker) report what happened as
 * codes with parameters; the route and the tool's handler word them here for the model, and the
 * panel words the codes from _locales (`error_<code>_params`). Apart from schemas/tools/page.ts,
 * whose plain data is all tool workers import of it (page.meta.ts).
 */
import { InvalidInput, NotFound, quoteInput, ToolFailed, type ToolError } from "./errors.ts"

/** The page's landmarks (or, lacking any, its h1–h3 headings), each with its selector: where a model can aim `selector` instead. */
export interface PageMap {
  readonly of: "landmarks" | "headings" | "none"
  /** `kind` is the landmark's kind (`nav`, `main`, …) or the heading's tag; `name` its label or text (may be empty). */
  readonly entries: ReadonlyArray<{ readonly kind: string; readonly name: string; readonly selector: string }>
}

/** Why a tab cannot be read (`page_not_readable`). */
export type Unreadable =
  | { readonly reason: "browser_page"; readonly page: string }
  | { readonly reason: "view_source" | "extension_page" | "web_store" | "pdf" | "error_page" | "no_content" }
  | { readonly reason: "url_scheme"; readonly scheme: string }
  /** Chrome refused to script the tab; `detail` is Chrome's own reason. */
  | { readonly reason: "refused"; readonly detail: string }

/** What the page walker reports when it cannot read: a code and its parameters, no sentence. */
export type ReadFailure =
  | { readonly ok: false; readonly code: "page_not_readable"; readonly unreadable: Unreadable }
  | { readonly ok: false; readonly code: "invalid_input"; readonly parameter: "selector"; readonly reason: "selector_empty" }
  | {
      readonly ok: false
      readonly code: "invalid_input"
      readonly parameter: "selector"
      readonly reason: "selector_invalid"
      /** The hop of a `>>>` selector that is not CSS (the whole selector when it has one hop). */
      readonly hop: string
      readonly map: PageMap
    }
  | { readonly ok: false; readonly code: "selector_not_found"; readonly selector: string; readonly url: string; readonly map: PageMap }

/** A name in quotes, escaped as the content escapes quoted names (docs/page-content.md). */
const quoted = (name: string) => `"${name.replace(/["\\{}[\]]/g, "\\$&")}"`

/** The page map as the model reads it: `kind "name" {selector}`, comma-separated, in a sentence that says what it lists. */
export const pageMapText = (map: PageMap): string => {
  if (map.of === "none") return "The page has no landmarks or headings: read it without `selector`."
  const entries = map.entries.map((e) =>
    map.of === "landmarks" ? `${e.kind}${e.name ? ` ${quoted(e.name)}` : ""} {${e.selector}}` : `${quoted(e.name)} {${e.selector}}`,
  )
  return map.of === "landmarks"
    ? `The page's landmarks: ${entries.join(", ")}.`
    : `The page has no landmarks; its headings: ${entries.join(", ")}.`
}

const unreadableText = (tabId: number, url: string, why: Unreadable): string => {
  const cannot = (what: string) =>
    `Tab ${tabId} shows ${what}, which extensions may not read. Open the content in a normal web page (http or https) and read that tab.`
  switch (why.reason) {
    case "browser_page":
      return cannot(`a browser page (${why.page})`)
    case "view_source":
      return cannot("a view-source page")
    case "extension_page":
      return cannot("an extension's page")
    case "web_store":
      return cannot("the Chrome Web Store")
    case "url_scheme":
      return cannot(`a ${why.scheme}: URL`)
    case "pdf":
      return `Tab ${tabId} shows a PDF in Chrome's viewer, which get_tab_content cannot read: fetch its URL with web_fetch instead.`
    case "error_page":
      return `Tab ${tabId} shows Chrome's error page (the page failed to load): reload or open the URL again, then read it.`
    case "no_content":
      return `The page in tab ${tabId} gave no content: it may still be loading or have navigated away. Try again.`
    case "refused":
      return `The page in tab ${tabId} (${url}) cannot be read: ${why.detail}`
  }
}

/** `page_not_readable` for tab `tabId` at `url`; the panel's wording takes the URL. */
export const unreadablePage = (tabId: number, url: string, why: Unreadable): ToolFailed<"page_not_readable"> =>
  new ToolFailed({ code: "page_not_readable", message: unreadableText(tabId, url, why), params: [url] })

/** A tab that is not there (`not_found`): none by that id, or closed while it was read. */
export const tabNotFound = (tabId: number, when: "asked" | "reading"): NotFound =>
  new NotFound({
    message:
      when === "asked"
        ? `There is no tab with id ${tabId}. Call list_tabs for the open tabs and their ids.`
        : `Tab ${tabId} was closed while it was being read.`,
  })

/** The walker's failure in tab `tabId` as the tool's error, worded for the model. */
export const readFailureError = (tabId: number, url: string, failure: ReadFailure): ToolError => {
  switch (failure.code) {
    case "page_not_readable":
      return unreadablePage(tabId, url, failure.unreadable)
    case "invalid_input":
      return new InvalidInput({
        tool: "get_tab_content",
        parameter: failure.parameter,
        message:
          failure.reason === "selector_empty"
            ? "`selector` is empty: give a CSS selector, or omit it to read the whole page."
            : `\`${quoteInput(failure.hop, 120)}\` is not a valid CSS selector. ${pageMapText(failure.map)}`,
      })
    case "selector_not_found":
      return new ToolFailed({
        code: "selector_not_found",
        message: `No element matches the selector ${JSON.stringify(quoteInput(failure.selector, 120))} on ${failure.url}. ${pageMapText(failure.map)} Pass one of these as \`selector\`, or omit it to read the whole page.`,
        params: [quoteInput(failure.selector, 120)],
      })
  }
}

/** Starts the last line of a walk that ran out of time, which says where it stopped. */
export const STOP_NOTE_START = "(Stopped reading: time budget spent"

/** The content's last line after a walk stopped by its time budget: how long it read and where it stopped (`at`, a selector; null while indexing). */
export const stopNote = (afterMs: number, at: string | null): string =>
  `${STOP_NOTE_START} after ${(afterMs / 1000).toFixed(1)} s${at === null ? "" : ` at {${at}}`}: the rest of the page is not here. Read parts of it with \`selector\` (a landmark or heading above).)`

/** The content when the element `selector` picks is hidden. */
export const hiddenNote = (selector: string): string => `(The element ${selector} is hidden: nothing of it is shown on the page.)`
