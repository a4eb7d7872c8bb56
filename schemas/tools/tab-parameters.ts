/**
 * The tab tools' parameters, apart from their definitions (tabs.ts): the service worker's tab
 * routes take them as they are, and a module of its own keeps the definitions' descriptions and
 * result schemas out of the service worker's bundle.
 */
import * as Schema from "effect/Schema"
import { WholeNumber, withDefault } from "../primitives.ts"

export const TabId = WholeNumber
export const WindowId = WholeNumber

/** The parameter of a tool that works on one tab (close_tab, activate_tab): its ID. */
const OneTabParameters = (does: string) =>
  Schema.Struct({ tab_id: TabId.annotate({ description: `The ID of the tab to ${does} (from list_tabs or open_tab).` }) })

export const ListTabsParameters = Schema.Struct({
  url_pattern: Schema.optionalKey(
    Schema.String.annotate({
      description: "Only tabs whose URL matches this regular expression (case-insensitive, at most 200 characters).",
    }),
  ),
  title_pattern: Schema.optionalKey(
    Schema.String.annotate({
      description: "Only tabs whose title matches this regular expression (case-insensitive, at most 200 characters).",
    }),
  ),
  active: Schema.optionalKey(Schema.Boolean.annotate({ description: "When true, only the active tab; when false, only inactive tabs." })),
  window_id: Schema.optionalKey(WindowId.annotate({ description: "Only tabs of this window." })),
  audible: Schema.optionalKey(Schema.Boolean.annotate({ description: "When true, only tabs currently playing audio." })),
})

export const OpenTabParameters = Schema.Struct({
  url: Schema.NonEmptyString.annotate({
    description: "The URL to open: an http:// or https:// address, or about:blank (Agent Mesh refuses other schemes).",
  }),
  tab_id: Schema.optionalKey(
    TabId.annotate({
      description: "An existing tab to navigate to `url`. When omitted, a new tab opens.",
    }),
  ),
  active: Schema.Boolean.annotate({
    description: "Whether to activate the tab (default true). Pass false to load it in the background.",
  }).pipe(withDefault(true)),
  window_id: Schema.optionalKey(WindowId.annotate({ description: "The window to open the new tab in." })),
  wait_until_loaded: Schema.Boolean.annotate({
    description:
      'Wait until the page has finished loading before returning (default true). The wait lasts 30 s at most; a page still loading then is returned with status "loading".',
  }).pipe(withDefault(true)),
})

export const CloseTabParameters = OneTabParameters("close")

export const ActivateTabParameters = OneTabParameters("show")
