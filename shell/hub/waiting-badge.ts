/**
 * Counts the questions and confirmations that wait for the user, across conversations, from the
 * mesh's events, and shows the count on the toolbar icon through the router (the service worker
 * is the only caller of chrome.action). Updates go out one at a time, in order.
 */
import type { RouterReply } from "../../schemas/router.ts"
import type { MeshEvent } from "../../schemas/events.ts"

type Router = (method: "action.setWaiting", params: { count: number }) => Promise<RouterReply>

export class WaitingBadge {
  private readonly pending = new Set<string>()
  private shown = 0
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly router: Router) {}

  observe(event: MeshEvent): void {
    if (event.type === "question_asked") this.pending.add(`q:${event.id}`)
    else if (event.type === "confirmation_requested") this.pending.add(`c:${event.id}`)
    else if (event.type === "question_closed") this.pending.delete(`q:${event.id}`)
    else if (event.type === "confirmation_closed") this.pending.delete(`c:${event.id}`)
    else return
    const count = this.pending.size
    if (count === this.shown) return
    this.shown = count
    this.queue = this.queue.then(() => this.router("action.setWaiting", { count })).catch(() => undefined)
  }

  /** Resolves once the updates sent so far have landed. */
  settled(): Promise<unknown> {
    return this.queue
  }
}
