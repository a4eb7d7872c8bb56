/**
 * An agent worker for the agent pool's unit tests (shell/hub/agents.test.ts): it runs no model, and
 * does what the run's prompt says. A worker whose name (the conversation's) ends with "slow-start"
 * never finishes its start.
 */
import * as Comlink from "comlink"
import { faultInjection } from "../../runtime/fault-injection.ts"
import type { AgentWorkerApi, RunResult } from "../protocol.ts"

const stops = new Map<string, () => void>()
const never = new Promise<never>(() => undefined)

// `init` may answer late (Comlink waits for a promise), which the real worker's never does.
const api: Omit<AgentWorkerApi, "init"> & { init(): Promise<never> | undefined } = {
  warm: async () => undefined,
  init: () => (self.name.endsWith("slow-start") ? never : undefined),
  ping: () => "pong",
  crash: () => faultInjection.crash(),
  stop: (runId) => stops.get(runId)?.(),
  run: async ({ runId, prompt }): Promise<RunResult> => {
    if (prompt === "answer") return { status: "completed", answer: "done", steps: 1, eventsSent: 0 }
    // Ends when asked to stop, with what it had.
    if (prompt === "wind down") {
      await new Promise<void>((resolve) => stops.set(runId, resolve))
      return { status: "stopped", answer: "partial", eventsSent: 0 }
    }
    // "ignore stop", "busy": runs until ended from outside.
    return never
  },
}

Comlink.expose(api)
