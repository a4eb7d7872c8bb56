/**
 * A run's events, from its agent worker to the mesh, in order and in batches.
 *
 * Events travel on a MessagePort of their own, as Comlink calls of the mesh's `EventSink` (the
 * sink runs each call as it arrives, and a port keeps its messages in order). Calls to
 * the mesh (a tool call, the run's result) travel on other ports, which may overtake it: each
 * such call carries the count of events sent before it, and the mesh waits until it has
 * delivered that many before it acts (so `tool_call_started` follows the text before it, and
 * `run_finished` follows every delta).
 *
 * One message per delta cost a message, a reply and a page message each (about 93 µs per token);
 * deltas are batched for a few milliseconds instead, and consecutive deltas of one kind joined.
 * A sub-agent's deltas may wait longer (`LANE_BATCH_MS`): its lane shows only its latest words,
 * and every message crosses the main thread the side panel shares with the offscreen document.
 */
import * as Comlink from "comlink"
import type { ConversationEvent } from "../../schemas/events.ts"

/** How long an event may wait for others to share its message. */
export const BATCH_MS = 8

/**
 * How long a sub-agent's deltas may wait: its lane is redrawn a few times a second, and eight
 * lanes sending every 8 ms were 1,000 messages a second on the panel's main thread.
 */
export const LANE_BATCH_MS = 250

export interface EventBatch {
  /** Events sent so far on this port, this batch's included. */
  readonly sent: number
  readonly events: ReadonlyArray<ConversationEvent>
}

/** What the mesh's end serves on the stream's port. */
interface EventSink {
  take(batch: EventBatch): void
}

type Delta = Extract<ConversationEvent, { type: "text_delta" | "reasoning_delta" }>
const isDelta = (event: ConversationEvent): event is Delta => event.type === "text_delta" || event.type === "reasoning_delta"

/** The worker's end: `emit` buffers, `flush` sends what waits and says how many were sent in all. */
export class EventSender {
  private buffer: ConversationEvent[] = []
  private timer: ReturnType<typeof setTimeout> | undefined
  /** When the timer fires (performance.now()). */
  private due = 0
  private sent = 0
  private readonly sink: Comlink.Remote<EventSink>

  constructor(port: MessagePort) {
    this.sink = Comlink.wrap<EventSink>(port)
  }

  /** Buffers `event`; a delta may wait up to `deltaWindowMs`, any other event (and what waits before it) `BATCH_MS`. */
  emit(event: ConversationEvent, deltaWindowMs: number = BATCH_MS): void {
    const last = this.buffer.at(-1)
    if (last !== undefined && isDelta(last) && isDelta(event) && last.type === event.type && last.runId === event.runId)
      this.buffer[this.buffer.length - 1] = { ...last, delta: last.delta + event.delta }
    else this.buffer.push(event)
    const wait = isDelta(event) ? deltaWindowMs : BATCH_MS
    const due = performance.now() + wait
    if (this.timer !== undefined && this.due <= due) return
    clearTimeout(this.timer)
    this.due = due
    this.timer = setTimeout(() => this.flush(), wait)
  }

  flush(): number {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    if (this.buffer.length > 0) {
      this.sent += this.buffer.length
      // Nothing waits for the reply: the count returned orders the calls that follow.
      this.sink.take({ sent: this.sent, events: this.buffer }).catch(() => undefined)
      this.buffer = []
    }
    return this.sent
  }
}

/** The mesh's end: delivers each batch's events in order, and tells when a count was reached. */
export class EventReceiver {
  private delivered = 0
  private closed = false
  private waiters: Array<{ readonly count: number; readonly resolve: () => void }> = []

  constructor(
    private readonly port: MessagePort,
    deliver: (event: ConversationEvent) => void,
  ) {
    const sink: EventSink = {
      take: (batch) => {
        if (this.closed) return
        for (const event of batch.events) deliver(event)
        this.delivered = batch.sent
        this.release()
      },
    }
    Comlink.expose(sink, port)
  }

  /** Resolves once the first `count` events were delivered (at once if the stream has closed). */
  reached(count: number): Promise<void> {
    if (this.closed || count <= this.delivered) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push({ count, resolve }))
  }

  /** The worker is gone: nothing more will come, and nobody waits for it. */
  close(): void {
    this.closed = true
    this.port.close()
    this.release()
  }

  private release(): void {
    const ready = this.waiters.filter((w) => this.closed || w.count <= this.delivered)
    if (ready.length === 0) return
    this.waiters = this.waiters.filter((w) => !ready.includes(w))
    for (const waiter of ready) waiter.resolve()
  }
}
