/**
 * get_tab_content: asks the service worker to run the page walker in the tab, then fits the
 * Markdown to `max_length`. `prompt` (an LLM summary of the content) is not wired yet: the
 * content is returned as read.
 */
import { Effect } from "effect"
import { fromWire, Unavailable } from "../../schemas/errors.ts"
import type { getTabContent } from "../../schemas/tools/page.ts"
import type { ReadContentValue } from "../../shell/router/page-content.ts"
import type { Handler } from "../mesh/serve.ts"
import { fitToLength } from "./content-length.ts"

export const contentHandler: Handler<typeof getTabContent> = (params, context) =>
  Effect.gen(function* () {
    const reply = yield* Effect.tryPromise({
      try: () =>
        context.router("page.readContent", {
          tab_id: params.tab_id,
          ...(params.selector !== undefined ? { selector: params.selector } : {}),
          // One character past the limit is enough to know that the content was cut.
          ...(params.max_length !== undefined ? { limit: params.max_length + 1 } : {}),
        }),
      catch: (error) => new Unavailable({ message: `The service worker could not be reached: ${String(error)}` }),
    })
    if (!reply.ok) return yield* Effect.fail(fromWire("get_tab_content", reply.error))
    const value = reply.value as ReadContentValue
    const fitted = fitToLength(value.content, params.max_length)
    return {
      tab_id: params.tab_id,
      url: value.url,
      title: value.title,
      content: fitted.content,
      truncated: fitted.truncated || value.stopped,
      used_selector: value.used_selector,
    }
  })
