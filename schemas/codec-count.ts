/**
 * How many Schema decodes and encodes this context has made, by site. Development builds count
 * them so that a test can hold one call to its number of decodes end to end (docs/architecture.md,
 * "What one call decodes"); production builds leave the counting out as dead code. The counts
 * live on the context's global object, where a test reads them without a message of its own
 * (which would be decoded, and counted, too).
 */

/** True in development builds, which carry the debug API; build.mjs defines it. */
declare const __DEBUG_API__: boolean

/** The global under which each context keeps its counts: site → decodes and encodes made there. */
export const CODEC_COUNTS_KEY = "__agentMeshCodecCounts"

export const countCodec: (site: string) => void = __DEBUG_API__
  ? (site) => {
      const slot = globalThis as { [CODEC_COUNTS_KEY]?: Record<string, number> }
      const counts = (slot[CODEC_COUNTS_KEY] ??= {})
      counts[site] = (counts[site] ?? 0) + 1
    }
  : () => undefined
