/**
 * What the service worker decodes, all of it: each router method's parameters, the stored
 * settings, and the lists it keeps in chrome.storage. Effect Schema is their one source; the
 * service worker itself loads none of it but the decoders `npm run docs` writes from here
 * (sw-contracts.decoders.ts, scripts/decoder-plans.ts), which keeps Effect Schema out of its
 * bundle (issue 30). A route's parameters are written here, not beside its handler, so the
 * generator sees them.
 */
import * as Schema from "effect/Schema"
import { StoredCustomTool } from "./custom-tools.ts"
import { McpOAuthState, McpServer, McpSession } from "./mcp.ts"
import { WholeNumber } from "./primitives.ts"
import { ReplayTarget, Routine, RoutineDue, RoutineIdParams, RoutineRun } from "./routines.ts"
import { Settings } from "./settings.ts"
import { ActivateTabParameters, CloseTabParameters, ListTabsParameters, OpenTabParameters } from "./tools/tab-parameters.ts"
import { CaptureTabParameters, GetTabContentParameters } from "./tools/page-parameters.ts"

/** A method that takes no parameters (anything sent is ignored). */
const NoParams = Schema.optional(Schema.Unknown)
const Named = Schema.Struct({ name: Schema.String })
const Url = Schema.Struct({ url: Schema.String })

/** Each router method's parameters, by method (shell/sw/router.ts has the handlers). */
export const routeParams = {
  "mesh.ensure": NoParams,
  "mesh.ping": NoParams,
  "action.setWaiting": Schema.Struct({ count: WholeNumber.check(Schema.isGreaterThanOrEqualTo(0)) }),
  "settings.get": NoParams,
  "providers.resolve": Schema.Struct({ providerId: Schema.String }),
  "search.credentials": NoParams,
  /** A patch of the settings, decoded once merged (shell/sw/settings-store.ts). */
  "settings.update": Schema.Unknown,
  "tabs.query": ListTabsParameters,
  "tabs.active": NoParams,
  /** open_tab's, and `fresh`: the hub's own tab for a job, never one the agent opened before. */
  "tabs.open": Schema.Struct({ ...OpenTabParameters.fields, fresh: Schema.optionalKey(Schema.Boolean) }),
  "tabs.close": CloseTabParameters,
  "tabs.activate": ActivateTabParameters,
  "userScripts.status": NoParams,
  "userScripts.openDetails": NoParams,
  "scripting.runInPage": Schema.Struct({ tabId: Schema.Number, program: Schema.String }),
  /** get_tab_content's `tab_id` and `selector`, the characters to read at most, and an audit for benches and tests. */
  "page.readContent": Schema.Struct({
    tab_id: GetTabContentParameters.fields.tab_id,
    selector: GetTabContentParameters.fields.selector,
    limit: Schema.optionalKey(Schema.Number),
    /** Bench and tests only: mark the annotated elements in the page and list selector/mark pairs. */
    audit: Schema.optionalKey(Schema.Boolean),
  }),
  "page.capture": Schema.Struct({
    tab_id: CaptureTabParameters.fields.tab_id,
    selector: CaptureTabParameters.fields.selector,
    marks: Schema.optionalKey(Schema.Boolean),
  }),
  "customTools.list": NoParams,
  "customTools.put": StoredCustomTool,
  "customTools.delete": Named,
  "web.redirectTarget": Url,
  "web.responseAddress": Url,
  /** The offscreen document's word on one conversation's fence. */
  "fence.set": Schema.Struct({
    conversationId: Schema.String,
    tabs: Schema.Array(Schema.Number),
    allowed: Schema.NullOr(Schema.Array(Schema.String)),
  }),
  "mcp.list": NoParams,
  "mcp.server": Named,
  "mcp.put": McpServer,
  "mcp.restore": Schema.Struct({ name: Schema.String, url: Schema.String }),
  "mcp.saveAuth": Schema.Struct({ name: Schema.String, ...McpOAuthState.fields }),
  "mcp.authorize": Url,
  "mcp.redirectUrl": NoParams,
  "mcp.saveSession": Schema.Struct({ name: Schema.String, session: Schema.optionalKey(McpSession) }),
  "mcp.delete": Named,
  "system.memory": NoParams,
  "routines.list": NoParams,
  "routines.put": Routine,
  "routines.delete": RoutineIdParams,
  "routines.history": RoutineIdParams,
  "routines.recordRun": RoutineRun,
  "routines.takeDue": NoParams,
  "notifications.show": Schema.Struct({
    id: Schema.NonEmptyString,
    title: Schema.String.check(Schema.isMaxLength(200)),
    summary: Schema.String.check(Schema.isMaxLength(1000)),
    status: Schema.Literals(["completed", "stopped", "failed", "step_limit", "paused"]),
  }),
  /** Development builds: fire the routine alarms due by `until`; `startup` replays the browser-start check. */
  "debug.alarms.fire": Schema.Struct({ until: Schema.Finite, startup: Schema.optionalKey(Schema.Boolean) }),
  "replay.identify": Schema.Struct({
    tab_id: Schema.Number,
    targets: Schema.Array(ReplayTarget).check(Schema.isMaxLength(20)),
  }),
}

export { Settings }

/**
 * What the service worker keeps in chrome.storage, read back as lists (an entry that no longer
 * matches is left out). Tested with Schema.is, which looks at the decoded side: none of these
 * may transform what it decodes (the generator's `stored` records refuse one that does).
 */
export const stored = {
  customTool: StoredCustomTool,
  mcpServer: McpServer,
  mcpSession: McpSession,
  routine: Routine,
  routineRun: RoutineRun,
  routineDue: RoutineDue,
}
