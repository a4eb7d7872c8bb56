/** Events pushed by a listener, read by one async iterator, in order, until the queue is closed. */
export interface EventQueue<T> extends AsyncIterable<T> {
  push(event: T): void
  close(): void
}

export const eventQueue = <T>(): EventQueue<T> => {
  const items: T[] = []
  let closed = false
  let wake: (() => void) | undefined
  const nudge = () => {
    const resume = wake
    wake = undefined
    resume?.()
  }
  return {
    push(event) {
      if (closed) return
      items.push(event)
      nudge()
    },
    close() {
      closed = true
      nudge()
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (items.length > 0) yield items.shift() as T
        if (closed) return
        await new Promise<void>((resolve) => (wake = resolve))
      }
    },
  }
}
