/**
 * Values as the fuzzer builds them. A megabyte string would cost a megabyte of JSON on every
 * trip between node and the page, so it travels as a `Repeat` and is built in the page
 * (see page-runner.ts).
 */

export interface Repeat {
  readonly $fuzzRepeat: string
  readonly times: number
  readonly prefix?: string
  readonly suffix?: string
}

export const repeat = (unit: string, times: number, prefix = "", suffix = ""): Repeat => ({
  $fuzzRepeat: unit,
  times,
  ...(prefix ? { prefix } : {}),
  ...(suffix ? { suffix } : {}),
})

export const MEGABYTE = 1 << 20

const isRepeat = (value: unknown): value is Repeat =>
  typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as Repeat).$fuzzRepeat === "string"

/** The value with every Repeat built: what the page will really send. */
export const expand = (value: unknown): unknown => {
  if (isRepeat(value)) return (value.prefix ?? "") + value.$fuzzRepeat.repeat(value.times) + (value.suffix ?? "")
  if (Array.isArray(value)) return value.map(expand)
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {}
    // defineProperty, so that a "__proto__" key stays an own key as it is in JSON.
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, k, { value: expand(v), enumerable: true, writable: true, configurable: true })
    return out
  }
  return value
}

const showString = (s: string, max: number) => {
  const json = JSON.stringify(s)
  return json.length <= max ? json : `${json.slice(0, max - 20)}…" (${s.length} chars)`
}

/** A short, exact-enough rendering of an input for a failure report. */
export const show = (value: unknown, max = 160): string => {
  if (isRepeat(value)) {
    const parts = [
      value.prefix ? showString(value.prefix, 40) + " + " : "",
      `${showString(value.$fuzzRepeat, 30)}×${value.times}`,
      value.suffix ? " + " + showString(value.suffix, 40) : "",
    ]
    return parts.join("")
  }
  if (typeof value === "string") return showString(value, max)
  if (value === undefined) return "undefined"
  if (Array.isArray(value)) {
    const items = value.slice(0, 5).map((v) => show(v, 60))
    return `[${items.join(", ")}${value.length > 5 ? `, … ${value.length} items` : ""}]`
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => `${showString(k, 40)}: ${show(v, 100)}`)
    return `{${entries.join(", ")}}`
  }
  return JSON.stringify(value)
}
