/**
 * The refinements of our schemas that Effect has no check for, by name: a schema's filter is made
 * from one of these (`predicateFilter`, schemas/primitives.ts) and names it, so the decoders
 * generated for the service worker (scripts/decoder-plans.ts) run the very same function.
 * Plain functions: the service worker loads this module without Effect.
 */
export const predicates = {
  /** An http(s) URL with a host. */
  httpUrl: (s: string): boolean => /^https?:\/\/[^\s/]+/i.test(s),
  /** An http(s) origin, e.g. https://example.com or http://127.0.0.1:8080 (no path), as the URL parser writes it. */
  httpOrigin: (s: string): boolean => /^https?:\/\/[^\s/@?#]+$/i.test(s) && URL.canParse(s) && new URL(s).origin === s.toLowerCase(),
}

export type PredicateName = keyof typeof predicates
