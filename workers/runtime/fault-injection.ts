/**
 * The faults a test can inject into any worker through its Comlink API (`debug.crashWorker`,
 * `debug.stallWorker`): a crash, and a thread that never yields, as a runaway handler would.
 * No imports, so a worker that wants to stay small (an MCP server's) pays nothing for it.
 */
export const faultInjection = {
  crash(): void {
    setTimeout(() => {
      self.close()
      throw new Error("worker crashed (fault injection)")
    }, 0)
  },
  stall(ms: number): void {
    setTimeout(() => {
      const end = performance.now() + ms
      while (performance.now() < end) {
        // a thread that never yields
      }
    }, 0)
  },
}
