/** A test's stand-in for the service worker's router: it answers any method with whatever value the test gives. */
import type { RouterReply } from "../../../schemas/router.ts"
import type { RouterMethod } from "../../../shell/sw/router.ts"
import type { RouterCall } from "../protocol.ts"

export const routerFake = (answer: (method: RouterMethod, params?: unknown) => Promise<RouterReply>): RouterCall => answer as RouterCall
