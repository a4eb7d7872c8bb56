/**
 * Injected into a page (isolated world) by the service worker's "page.readContent" route. It
 * only installs the walker; the route then calls it with its options, since a file injection
 * cannot take arguments. Installed once per page: later injections find it in place.
 */
import { readPage } from "./walker.ts"

const slot = globalThis as { __agentMeshReadPage?: typeof readPage }
slot.__agentMeshReadPage ??= readPage
