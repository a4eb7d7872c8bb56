/**
 * Injected into a page (isolated world) by the service worker's "page.readContent" and
 * "page.identify" routes. It only installs the walker and the identifier; the route then calls
 * one with its options, since a file injection cannot take arguments. Installed once per page:
 * later injections find it in place.
 */
import { readPage } from "./walker.ts"
import { identify } from "./walker-identify.ts"

const slot = globalThis as { __agentMeshReadPage?: typeof readPage; __agentMeshIdentify?: typeof identify }
slot.__agentMeshReadPage ??= readPage
slot.__agentMeshIdentify ??= identify
