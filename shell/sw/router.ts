/**
 * Every route of the service worker's router, by method name. A tool group that needs a
 * `chrome.*` API adds its routes in a module of its own here and spreads them in below.
 */
import { actionRoutes } from "./action.ts"
import { captureRoutes } from "./capture.ts"
import { customToolRoutes } from "./custom-tools.ts"
import { mcpRoutes } from "./mcp.ts"
import { meshRoutes } from "./mesh.ts"
import { pageContentRoutes } from "./page-content.ts"
import { fenceRoutes } from "./fence.ts"
import { redirectRoutes } from "./redirects.ts"
import { routineRoutes } from "./routines.ts"
import type { EncodedOf } from "../../schemas/decode-plan.ts"
import type { Route } from "./route.ts"
import { scriptingRoutes } from "./scripting.ts"
import { settingsRoutes } from "./settings.ts"
import { systemRoutes } from "./system.ts"
import { tabsRoutes } from "./tabs.ts"

export const routes = {
  ...meshRoutes,
  ...actionRoutes,
  ...settingsRoutes,
  ...tabsRoutes,
  ...scriptingRoutes,
  ...pageContentRoutes,
  ...captureRoutes,
  ...customToolRoutes,
  ...redirectRoutes,
  ...fenceRoutes,
  ...mcpRoutes,
  ...systemRoutes,
  ...routineRoutes,
}

export type RouterMethod = keyof typeof routes

/** What a route takes, as its caller sends it (before the route's defaults). */
export type RouteParams<M extends RouterMethod> = (typeof routes)[M] extends Route<infer P, unknown> ? EncodedOf<P> : never
/** What a route answers with. */
export type RouteValue<M extends RouterMethod> = (typeof routes)[M] extends Route<infer _P, infer A> ? A : never
