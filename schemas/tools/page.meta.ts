// Written by `npm run docs` from ./page.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./page.ts"

export const executeScript: ToolMeta<typeof tools.executeScript> = {
  name: "execute_script",
  group: "page",
  timeoutMs: 35000,
  errors: {
    script_error: "The code does not compile, threw (the message has the error and its stack), or the page gave no result.",
    scripts_blocked:
      "The page's Content Security Policy forbids running code and user scripts are not allowed: the message says what the user can turn on.",
    sandbox_crashed: "The sandbox stopped while the script ran (most often it used too much memory); it was reset.",
    sandbox_memory: "The sandbox passed its memory cap (a setting, 256 MiB by default) and was stopped and reset: use less memory.",
    browser_error: "The browser refused to run the script in the tab (the message gives its reason).",
  },
}
export const getTabContent: ToolMeta<typeof tools.getTabContent> = {
  name: "get_tab_content",
  group: "page",
  timeoutMs: 30000,
  summaryTimeoutMs: 1800000,
  errors: {
    page_not_readable:
      "The tab shows something no extension may read (a browser page, the Web Store, a PDF viewer, an error page), or gave no content: open the content as a web page, or try again.",
    selector_not_found: "No element matches `selector`; the message lists selectors of the page to use instead.",
    no_summary_model: "A prompt needs a summary model and none is set: call again without prompt to get the content itself.",
    summary_timeout:
      "The content was read, but the summary model did not finish within the summary time limit: call again without prompt, or with a shorter max_length.",
    summary_failed: "The summary model failed (the message says how): call again without prompt to get the content itself.",
  },
}
