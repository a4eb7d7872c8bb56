/** Lit property declarations for a component's own state, which no attribute or parent sets. */
import type { PropertyDeclarations } from "lit"

/** Each named field re-renders the component when it changes, and stays off the element's attributes. */
export const states = (...names: ReadonlyArray<string>): PropertyDeclarations =>
  Object.fromEntries(names.map((name) => [name, { state: true }]))
