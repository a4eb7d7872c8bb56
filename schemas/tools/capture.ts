/**
 * capture_tab (worker group "page"): the page as a model with vision sees it. An extra tool beside
 * the seventeen of docs/builtin-tools.md; no specialised sub-agent gets it, so the researcher's
 * and the page operator's tool sets stay as the contract lists them.
 */
import * as Schema from "effect/Schema"
import { defineTool } from "../tool-definition.ts"
import { webRead } from "../tool-annotations.ts"
import { PositiveWholeNumber, WholeNumber } from "../primitives.ts"
import { getTabContent } from "./page.ts"
import { CaptureTabParameters } from "./page-parameters.ts"

/** The image as the model services take it: base64 bytes and their type. */
export const CapturedImage = Schema.Struct({
  media_type: Schema.Literals(["image/png", "image/jpeg"]).annotate({ description: "The image's format." }),
  data: Schema.String.annotate({ description: "The image's bytes in base64 (sent to the model as an image, not as text)." }),
})
export type CapturedImage = typeof CapturedImage.Type

export const CaptureMark = Schema.Struct({
  n: PositiveWholeNumber.annotate({ description: "The number drawn on the image." }),
  selector: Schema.String.annotate({ description: "The element's selector, exactly as get_tab_content writes it." }),
})

export const CaptureTabResult = Schema.Struct({
  tab_id: WholeNumber.annotate({ description: "The tab that was captured." }),
  url: Schema.String.annotate({ description: "The page's URL." }),
  title: Schema.String.annotate({ description: "The page's title." }),
  width: PositiveWholeNumber.annotate({ description: "The image's width in pixels, after scaling." }),
  height: PositiveWholeNumber.annotate({ description: "The image's height in pixels, after scaling." }),
  scale: Schema.Number.annotate({ description: "Image pixels per CSS pixel of the page." }),
  image: CapturedImage,
  used_selector: Schema.String.annotate({ description: "The element captured (`html` for the visible part of the page)." }),
  marks: Schema.optionalKey(
    Schema.Array(CaptureMark).annotate({ description: "With `marks`: each label's number and its element's selector." }),
  ),
})

export const captureTab = defineTool({
  name: "capture_tab",
  group: "page",
  timeoutMs: getTabContent.timeoutMs,
  subAgents: [],
  returnsImage: true,
  card: { label: "Capture page", subject: ["result.title", "result.url", "params.tab_id"], result: "data" },
  description:
    "Look at an open tab: an image of its visible part (or of one element, `selector`), for charts, canvases, maps, image-only buttons and layout that get_tab_content's text does not show. With `marks: true` each interactive element carries a small number on the image and `marks` maps each number to the selector get_tab_content gives that element: use it in execute_script or get_tab_content to act on what you see. Only the tab shown in its window can be captured; activate_tab brings one to the front (ask the user first). Prefer get_tab_content to read text.",
  // Scrolling to `selector` is seen by the page (a scroll event): one bit sent to its site.
  annotations: webRead("page", { reads: ["private", "untrusted"], signalsTab: "tab_id", signalsTabWhen: "selector" }),
  parameters: CaptureTabParameters,
  result: CaptureTabResult,
  errors: {
    page_not_readable: getTabContent.errors.page_not_readable,
    selector_not_found: "No element matches `selector`, or it has no size on the page.",
    tab_not_visible:
      "The tab is not the one shown in its window (or its window is minimised): the browser captures only what is on screen, and the tab is not brought to the front without the user. Call activate_tab first, or use get_tab_content.",
    capture_failed: "The browser refused to capture the tab (the message gives its reason).",
  },
})
