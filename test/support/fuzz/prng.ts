/**
 * A small seeded PRNG (sfc32, seeded through splitmix32) so that a fuzz run is reproducible
 * from its seed alone: the same seed and case count give the same cases on any machine.
 */

export interface Rng {
  readonly seed: number
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  chance(p: number): boolean
  pick<T>(items: ReadonlyArray<T>): T
  /** Picks by weight; the weights need not sum to 1. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T
  /** A few distinct items, in random order. */
  sample<T>(items: ReadonlyArray<T>, count: number): T[]
  /** An independent stream, so one consumer's draws do not shift another's. */
  fork(label: string): Rng
}

const splitmix32 = (state: number) => () => {
  state = (state + 0x9e3779b9) | 0
  let z = state
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
  return (z ^ (z >>> 16)) >>> 0
}

const hashLabel = (label: string) => {
  let h = 0x811c9dc5
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193)
  return h >>> 0
}

export const createRng = (seed: number): Rng => {
  const init = splitmix32(seed >>> 0)
  let a = init(),
    b = init(),
    c = init(),
    d = init()
  const raw = () => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  // The first outputs of sfc32 are still close to the seed; discard them.
  for (let i = 0; i < 12; i++) raw()
  const rng: Rng = {
    seed: seed >>> 0,
    next: raw,
    int: (min, max) => min + Math.floor(raw() * (max - min + 1)),
    chance: (p) => raw() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list")
      return items[Math.floor(raw() * items.length)]!
    },
    weighted: (entries) => {
      const total = entries.reduce((sum, [, w]) => sum + w, 0)
      let roll = raw() * total
      for (const [item, weight] of entries) {
        roll -= weight
        if (roll < 0) return item
      }
      return entries[entries.length - 1]![0]
    },
    sample: (items, count) => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(raw() * (i + 1))
        ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
      }
      return copy.slice(0, count)
    },
    fork: (label) => createRng((seed ^ hashLabel(label)) >>> 0),
  }
  return rng
}

/** The seed of this run: FUZZ_SEED when given (decimal or 0x hex), else a fixed default. */
export const seedFromEnv = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value.trim() === "") return fallback
  const parsed = Number(value.trim())
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`FUZZ_SEED must be a non-negative integer, got "${value}"`)
  return parsed >>> 0
}
