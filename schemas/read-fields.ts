/**
 * The fields of the tools that read content and may summarise it (web_fetch, get_tab_content):
 * a `prompt` for the summary, a `max_length` that cuts, and a result that says whether it did.
 */
import * as Schema from "effect/Schema"
import { PositiveWholeNumber } from "./primitives.ts"

/** The parameters `prompt` (described by `promptDescription`) and `max_length`. */
export const summaryParameters = (promptDescription: string) => ({
  prompt: Schema.optionalKey(Schema.String.annotate({ description: promptDescription })),
  max_length: Schema.optionalKey(
    PositiveWholeNumber.annotate({
      description: "Maximum number of characters of `content` (at least 1). Longer content is cut and `truncated` is true.",
    }),
  ),
})

/** The result's `content` (described by `contentDescription`) and `truncated`. */
export const contentResult = (contentDescription: string) => ({
  content: Schema.String.annotate({ description: contentDescription }),
  truncated: Schema.Boolean.annotate({ description: "True when `content` was cut to `max_length`." }),
})
