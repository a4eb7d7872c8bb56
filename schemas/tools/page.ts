/** Page tools: get_tab_content and execute_script (worker group "page"). */
import * as Schema from "effect/Schema"
import { groupTools, SUMMARISED_READ_LIMITS, SUMMARY_ERRORS } from "../tool-definition.ts"
import { destructiveAction, webRead } from "../tool-annotations.ts"
import { WholeNumber } from "../primitives.ts"
import { contentResult } from "../read-fields.ts"
import { GetTabContentParameters } from "./page-parameters.ts"

/** The page tools: the page operator's (get_tab_content the researcher's too). */
const pageTool = groupTools("page", { timeoutMs: 35_000, subAgents: ["page_operator"] })

// ---------------------------------------------------------------------------------------------
// get_tab_content

export const GetTabContentResult = Schema.Struct({
  tab_id: WholeNumber.annotate({ description: "The tab that was read." }),
  url: Schema.String.annotate({ description: "The page's URL." }),
  title: Schema.String.annotate({ description: "The page's title." }),
  ...contentResult("The page as structured Markdown annotated with CSS selectors, or the summary when `prompt` was given."),
  used_selector: Schema.String.annotate({ description: "The selector that was actually read." }),
})

export const getTabContent = pageTool({
  name: "get_tab_content",
  card: { label: "Read page", subject: ["result.title", "result.url", "params.tab_id"], result: "markdown" },
  subAgents: ["researcher", "page_operator"],
  description:
    'Read the rendered content of an open tab as structured Markdown annotated with CSS selectors. Unlike web_fetch it makes no new request: it reads the page as the browser shows it, including content made by scripts and pages behind the user\'s login. Each annotation selects exactly the element it annotates: `{selector}` is a CSS selector; a link written `[text](url)` with no `{…}` after it is selected by `a[href="url"]`, one whose URL is cut (a long URL, or one ending in tracking parameters such as utm_source), `[text](start…)`, by `a[href^="start"]`, `[text](url){^S}` (S a CSS selector, the `^` not part of it) by `S a[href="url"]`, and `[text](url){^}` by `S a[href="url"]` with S the scope (after a cut URL, `(start…){^S}` and `(start…){^}`, by `S a[href^="start"]`): whichever is nearer above, the `{S}` that ends a landmark line (a line such as `[nav "Main"]{S}`), the S of a `{^S}`, or the S of an annotation `{:is(S) R}` (itself a plain selector, which sets the scope). On pages with nothing to hold on to, a control is written relative to the scope: `{^ R}` (a caret and a space) is selected by `S R`; `{:is(^ R1) R}` sets the scope to `S R1` and is selected by `:is(S R1) R`; `{:is(^^ R1) R}` the same with P, the scope set before the one in force (counting every scope set, whatever set it), in place of S, and `{:is(^3 R1) R}` to `{:is(^9 R1) R}` with the scope set two to eight before the one in force (`^` the last set, `^^` the one before, `^3` the one before that); and `[label]{^}` (no URL) by `S R`, R that of the last `{^ R}` or `{:is(…) R}` written after the same `[label]` (the same buttons in every post); a `[label]` with neither `(` nor `{` after it is `[label]{^}` (`["Reply"]`). Put these together before passing them on. When the content\'s first line declares `URL prefixes: ~1 https://a.org ~2 ~1/news …` (a prefix may start with an earlier one), a link\'s URL that starts with `~1` is that prefix followed by the rest (`(~1/x)` is `(https://a.org/x)`): put it together before reading the link\'s selector. A URL shown before any other `{selector}` may be relative to the page (`/path`, `?query`, `#fragment`): resolve it against the result\'s `url`. A link written `[text]{selector}` shows no URL: its selector spells the href, or it goes where the last link of the same text above went (none if that one showed none, or there is none); `[text](){selector}` has none. Pass a selector back as `selector` to read just that part, or use it in execute_script to click, fill or read that element. A control is written `[kind "name" …]{selector}` (`[checkbox "Remember me" checked]{#r}`), a button with a name as its name alone, `["Send"]{#send}`. Page text escapes `\\`, `{`, `}`, `[` and `]` with a backslash, and a link label that opens with `"` writes it `\\"`. Get the tab_id from list_tabs or open_tab.',
  annotations: webRead("page", { reads: ["private", "untrusted"] }),
  parameters: GetTabContentParameters,
  result: GetTabContentResult,
  ...SUMMARISED_READ_LIMITS,
  errors: {
    page_not_readable:
      "The tab shows something no extension may read (a browser page, the Web Store, a PDF viewer, an error page), or gave no content: open the content as a web page, or try again.",
    selector_not_found: "No element matches `selector`; the message lists selectors of the page to use instead.",
    ...SUMMARY_ERRORS,
  },
})

// ---------------------------------------------------------------------------------------------
// execute_script

export const ScriptTarget = Schema.Literals(["page", "sandbox"])

export const ExecuteScriptParameters = Schema.Struct({
  code: Schema.NonEmptyString.annotate({
    description:
      "The JavaScript to run. The value of the last expression (or a `return` value) is the result; promises are awaited. The result is converted to JSON.",
  }),
  target: ScriptTarget.annotate({
    description:
      'Where to run: "page" runs in the page\'s MAIN world (DOM, the page\'s own variables and functions; no access to extension blob URLs); "sandbox" runs isolated, without DOM, for pure computation.',
  }),
  tab_id: Schema.optionalKey(
    WholeNumber.annotate({
      description: 'The tab, when target is "page" (default: the active tab); ignored for "sandbox".',
    }),
  ),
})

export const ExecuteScriptResult = Schema.Struct({
  result: Schema.Json.annotate({ description: "The script's value, converted to JSON." }),
  type: Schema.String.annotate({
    description: 'The JavaScript type of the value before conversion (e.g. "object", "undefined", "string").',
  }),
  truncated: Schema.optionalKey(Schema.Boolean.annotate({ description: "True when the converted value was too large and was cut." })),
})

export const executeScript = pageTool({
  name: "execute_script",
  card: { label: "Run script", subject: ["params.tab_id"], result: "data" },
  description:
    'Run JavaScript in a web page (target "page": read or change the DOM, click, fill forms, call the page\'s functions) or in an isolated sandbox (target "sandbox": pure computation, no DOM). Page scripts can change what the user has in that page, so prefer get_tab_content just to read, and aim at elements with the CSS selectors it returns. Pick the tab with list_tabs or open_tab.',
  annotations: destructiveAction(
    "page",
    { says: "would run this code in", shows: "code" },
    {
      openWorld: true,
      flow: { reads: ["private", "untrusted"], readsWhen: { param: "target", equals: "page", absentMeans: "page" }, sendsTo: "anywhere" },
    },
  ),
  parameters: ExecuteScriptParameters,
  result: ExecuteScriptResult,
  errors: {
    script_error: "The code does not compile, threw (the message has the error and its stack), or the page gave no result.",
    scripts_blocked:
      "The page's Content Security Policy forbids running code and user scripts are not allowed: the message says what the user can turn on.",
    sandbox_crashed: "The sandbox stopped while the script ran (most often it used too much memory); it was reset.",
    sandbox_memory: "The sandbox passed its memory cap (a setting, 256 MiB by default) and was stopped and reset: use less memory.",
    browser_error: "The browser refused to run the script in the tab (the message gives its reason).",
  },
})
