// Written by `npm run docs` from ./capture.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./capture.ts"

export const captureTab: ToolMeta<typeof tools.captureTab> = {
  name: "capture_tab",
  group: "page",
  timeoutMs: 30000,
  errors: {
    page_not_readable:
      "The tab shows something no extension may read (a browser page, the Web Store, a PDF viewer, an error page), or gave no content: open the content as a web page, or try again.",
    selector_not_found: "No element matches `selector`, or it has no size on the page.",
    tab_not_visible:
      "The tab is not the one shown in its window (or its window is minimised): the browser captures only what is on screen, and the tab is not brought to the front without the user. Call activate_tab first, or use get_tab_content.",
    capture_failed: "The browser refused to capture the tab (the message gives its reason).",
  },
}
