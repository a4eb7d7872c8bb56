/**
 * The real sandbox page, on a machine where a run's worker is slow to start: each worker's
 * first message (the answer that it runs) reaches the page `START_MS` late, as if its start took that long.
 */
import "../../sandbox/sandbox.ts"

export const START_MS = 400

const SlowStart = class extends Worker {
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) {
    if (type !== "message") return super.addEventListener(type, listener, options)
    let first = true
    const call = (event: Event) => (typeof listener === "function" ? listener.call(this, event) : listener.handleEvent(event))
    super.addEventListener(
      type,
      (event) => {
        if (!first) return call(event)
        first = false
        setTimeout(() => call(event), START_MS)
      },
      options,
    )
  }
}
// the page makes a run's worker when the run comes, after this
globalThis.Worker = SlowStart
