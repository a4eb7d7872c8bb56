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

type StoreValues<T> = { readonly [K in keyof T]: T[K] extends ReadableAtom<infer V> ? V : never }

/**
 * The values of the stores an element reads, by the names it gives them (`this.live.view`): a
 * change of any re-renders it, for as long as it is connected.
 */
export const storeValues = <T extends Record<string, ReadableAtom<unknown>>>(host: ReactiveControllerHost, stores: T): StoreValues<T> => {
  const values = {}
  for (const [name, store] of Object.entries(stores)) {
    const controller = new StoreController(host, store)
    Object.defineProperty(values, name, { get: () => controller.value, enumerable: true })
  }
  return values as StoreValues<T>
}
