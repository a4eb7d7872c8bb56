/** capture_tab: the service worker captures (shell/sw/capture.ts), this worker makes the picture (capture-image.ts). */
import * as Effect from "effect/Effect"
import { ToolFailed } from "../../schemas/errors.ts"
import { captureTab } from "../../schemas/tools/capture.meta.ts"
import type { Handler } from "../runtime/serve.ts"
import { routed } from "../runtime/routed.ts"
import { renderShot } from "./capture-image.ts"

export const captureHandler: Handler<typeof captureTab> = (params, context) =>
  Effect.gen(function* () {
    const shot = yield* routed(context, captureTab, "page.capture", {
      tab_id: params.tab_id,
      ...(params.selector !== undefined ? { selector: params.selector } : {}),
      ...(params.marks ? { marks: true } : {}),
    })
    const picture = yield* Effect.tryPromise({
      try: () =>
        renderShot({
          dataUrl: shot.data_url,
          viewport: shot.viewport,
          limits: shot.limits,
          ...(shot.boxes !== undefined && params.selector !== undefined ? { clip: shot.boxes.clip } : {}),
          ...(shot.boxes !== undefined && params.marks ? { marks: shot.boxes.marks } : {}),
        }),
      catch: (error) =>
        new ToolFailed({
          code: "capture_failed" as const,
          message: `The captured image could not be decoded or encoded: ${error instanceof Error ? error.message : String(error)}`,
          params: [String(error)],
        }),
    })
    return { tab_id: params.tab_id, url: shot.url, title: shot.title, used_selector: shot.used_selector, ...picture }
  })
