/**
 * get_tab_content: asks the service worker to run the page walker in the tab, then fits the
 * Markdown to `max_length`. With `prompt`, the whole content is returned, for the hub to distill
 * with the summary model under a time limit of its own (`max_length` then bounds the summary). Reading the page
 * keeps the tool's 30 s, enforced here since the supervisor's limit then covers the summary too.
 */
import * as Effect from "effect/Effect"
import { Timeout } from "../../schemas/errors.ts"
import { getTabContent } from "../../schemas/tools/page.meta.ts"
import { hiddenNote, stopNote } from "../../schemas/page-content-words.ts"
import type { Handler } from "../runtime/serve.ts"
import { routed } from "../runtime/routed.ts"
import { fitToLength } from "./content-length.ts"

/** The page's read is given the tool's time limit here, as the walker's own budget may not stop a page that does not answer. */
const withinTimeLimit = <A, E>(read: Effect.Effect<A, E>) =>
  read.pipe(
    Effect.timeout(getTabContent.timeoutMs),
    Effect.catchTag("TimeoutError", () => Effect.fail(new Timeout({ tool: "get_tab_content", ms: getTabContent.timeoutMs }))),
  )

/** The group's warm runs the time limit once with nothing to do, so a first read does not compile it (workers/runtime/serve.ts). */
export const rehearseContent = (): Promise<unknown> => Effect.runPromiseExit(withinTimeLimit(Effect.succeed(0)))

export const contentHandler: Handler<typeof getTabContent> = (params, context) =>
  Effect.gen(function* () {
    const value = yield* routed(context, getTabContent, "page.readContent", {
      tab_id: params.tab_id,
      ...(params.selector !== undefined ? { selector: params.selector } : {}),
      // One character past the limit is enough to know that the content was cut.
      ...(params.max_length !== undefined && params.prompt === undefined ? { limit: params.max_length + 1 } : {}),
    }).pipe(withinTimeLimit)
    // The walker says why it stopped or what it did not read; the model is told in the content's last line.
    const note =
      value.budget !== undefined ? stopNote(value.budget.afterMs, value.budget.at) : value.hidden ? hiddenNote(value.used_selector) : ""
    const fitted = fitToLength(value.content, params.prompt === undefined ? params.max_length : undefined, note)
    return {
      tab_id: params.tab_id,
      url: value.url,
      title: value.title,
      content: fitted.content,
      truncated: fitted.truncated || value.stopped,
      used_selector: value.used_selector,
    }
  })
