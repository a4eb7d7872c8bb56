/**
 * The parameters of the page group's tools that the service worker's routes take too
 * (get_tab_content's and capture_tab's tab and selector), apart from their definitions (page.ts,
 * capture.ts), whose descriptions and result schemas then stay out of the service worker's bundle.
 */
import * as Schema from "effect/Schema"
import { WholeNumber, withDefault } from "../primitives.ts"
import { summaryParameters } from "../read-fields.ts"

export const GetTabContentParameters = Schema.Struct({
  tab_id: WholeNumber.annotate({ description: "The tab to read (tab_id from list_tabs or open_tab)." }),
  selector: Schema.optionalKey(
    Schema.String.annotate({
      description:
        "A CSS selector: only the matching part of the page is read. Use a selector shown in an earlier get_tab_content result to zoom in.",
    }),
  ),
  ...summaryParameters(
    "Optional summarising instruction (as in web_fetch): when given, the content is distilled by an LLM with it and the summary is returned as `content`.",
  ),
})

export const CaptureTabParameters = Schema.Struct({
  tab_id: WholeNumber.annotate({
    description: "The tab to capture (tab_id from list_tabs or open_tab); it must be the visible tab of its window.",
  }),
  selector: Schema.optionalKey(
    Schema.String.annotate({
      description: "A CSS selector from get_tab_content: only that element is captured (scrolled into view first when it is not).",
    }),
  ),
  marks: Schema.Boolean.annotate({
    description:
      "Label each interactive element get_tab_content would address with a small number on the image; `marks` then lists number -> that element's selector.",
  }).pipe(withDefault(false)),
})
