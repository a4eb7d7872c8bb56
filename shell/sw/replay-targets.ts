/**
 * The route a replay checks its step's targets with before the step acts (docs/routines.md,
 * "Replays"): injects the page walker (the same file get_tab_content injects) into the tab's
 * isolated world and tells, for each target, how many elements its selector selects and the
 * first's kind and name, as get_tab_content's annotations tell them, and a fresh selector for the
 * one element of the target's kind and name when its selector no longer holds.
 */
import * as Effect from "effect/Effect"
import { unreadablePage } from "../../schemas/page-content-words.ts"
import type { Identity } from "../../workers/page/injected/walker-identify.ts"
import { callWalker, getTab, refusal } from "./page-content.ts"
import { defineRoute } from "./route.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

export const replayTargetRoutes = {
  "replay.identify": defineRoute({
    params: routeParams["replay.identify"],
    handle: ({ tab_id, targets }) =>
      Effect.gen(function* () {
        const tab = yield* getTab(tab_id)
        const url = tab.pendingUrl ?? tab.url ?? ""
        const refused = refusal(url)
        if (refused !== null) return yield* Effect.fail(unreadablePage(tab_id, url, refused))
        const found = yield* callWalker<Identity[]>(
          tab_id,
          url,
          "__agentMeshIdentify",
          targets.map((t) => ({ ...t })),
        )
        return found ?? []
      }),
  }),
}
