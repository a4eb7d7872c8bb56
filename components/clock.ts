/** The time now, for a component that counts down: it re-renders its host once a second while connected. */
import type { ReactiveController, ReactiveControllerHost } from "lit"

export class ClockController implements ReactiveController {
  now = Date.now()
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this)
  }

  hostConnected(): void {
    this.now = Date.now()
    this.timer = setInterval(() => {
      this.now = Date.now()
      this.host.requestUpdate()
    }, 1000)
  }

  hostDisconnected(): void {
    clearInterval(this.timer)
  }
}

/** Minutes and seconds until `expiresAt`, e.g. "4:05". */
export const timeLeft = (expiresAt: number, now: number): string => {
  const s = Math.max(0, Math.ceil((expiresAt - now) / 1000))
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : `0:${String(s).padStart(2, "0")}`
}
