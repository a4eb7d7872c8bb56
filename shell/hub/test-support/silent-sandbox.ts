/**
 * A sandbox page that starts (it answers the host's first ping) and goes silent once given a run,
 * as a page whose process ended under a run: its run never settles and no later ping is answered.
 */
import * as Comlink from "comlink"
import type { SandboxApi } from "../../sandbox/sandbox.ts"

let silent = false
const never = new Promise<never>(() => undefined)
const api: SandboxApi = {
  ping: () => (silent ? (never as never) : "pong"),
  run: () => {
    silent = true
    return never
  },
  cancel: () => undefined,
}
const parentOrigin = new URL(location.href).origin
Comlink.expose(api, Comlink.windowEndpoint(parent, self, parentOrigin), [parentOrigin])
