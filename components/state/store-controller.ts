/** Lets a Lit element re-render whenever a nanostore it reads changes, for as long as it is connected. */
import type { ReactiveController, ReactiveControllerHost } from "lit"
import type { ReadableAtom } from "nanostores"

export class StoreController<T> implements ReactiveController {
  private unsubscribe: (() => void) | undefined

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly store: ReadableAtom<T>,
  ) {
    host.addController(this)
  }

  get value(): T {
    return this.store.get()
  }

  hostConnected(): void {
    // listen (not subscribe): the first render reads the value itself.
    this.unsubscribe = this.store.listen(() => this.host.requestUpdate())
  }

  hostDisconnected(): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }
}
