/**
 * The toolbar icon: its badge counts what waits for the user (ask_user questions and
 * confirmations, in any conversation), so a question is seen with the side panel closed.
 */
import * as Effect from "effect/Effect"
import { Unavailable } from "../../schemas/errors.ts"
import { defineRoute } from "./route.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

/** The badge's colour: the warning amber of the panel's question cards, legible with white text. */
const BADGE_COLOR = "#8a5a00"

export const actionRoutes = {
  /** Shows `count` on the toolbar icon (nothing for 0), with a title that says what it counts. */
  "action.setWaiting": defineRoute({
    params: routeParams["action.setWaiting"],
    handle: ({ count }) =>
      Effect.tryPromise({
        try: async () => {
          await chrome.action.setBadgeBackgroundColor({ color: BADGE_COLOR })
          await chrome.action.setBadgeText({ text: count > 0 ? String(count) : "" })
          const title = count > 0 ? chrome.i18n.getMessage("badgeWaiting", String(count)) : chrome.i18n.getMessage("actionTitle")
          await chrome.action.setTitle({ title })
          return null
        },
        catch: (error) => new Unavailable({ message: `The toolbar badge could not be set: ${String(error)}` }),
      }),
  }),
}
