/**
 * The settings page's checks, run as the user types, with messages in the user's language.
 * They mirror `schemas/settings.ts` (which the service worker enforces on save, naming the path
 * of any refused value) so most mistakes are caught next to the field before a save is tried.
 */
import { t } from "./i18n.ts"

/** undefined when the value is fine, else the message to show next to the field. */
export type Check = (value: string) => string | undefined

export const wholeNumberBetween =
  (min: number, max: number): Check =>
  (value) => {
    const trimmed = value.trim()
    if (trimmed === "") return t("errorRequired")
    const n = Number(trimmed)
    if (!Number.isFinite(n) || !Number.isInteger(n)) return t("errorWholeNumber")
    if (n < min || n > max) return t("errorBetween", String(min), String(max))
    return undefined
  }

export const optionalWholeNumberAtLeast =
  (min: number): Check =>
  (value) => {
    if (value.trim() === "") return undefined
    const n = Number(value.trim())
    if (!Number.isFinite(n) || !Number.isInteger(n)) return t("errorWholeNumber")
    return n < min ? t("errorAtLeast", String(min)) : undefined
  }

/** The same rule as the schema's HttpUrl: http or https, and a host. */
export const httpUrl: Check = (value) => {
  const trimmed = value.trim()
  if (trimmed === "") return t("errorRequired")
  if (!/^https?:\/\/[^\s/]+/i.test(trimmed)) return t("errorUrl")
  try {
    new URL(trimmed)
  } catch {
    return t("errorUrl")
  }
  return undefined
}

/** One line's origin, as the schema's HttpOrigin wants it (a bare `http://host:port/` counts), or undefined. */
export const originOf = (line: string): string | undefined => {
  try {
    const u = new URL(line)
    const bare = u.pathname === "/" && u.search === "" && u.hash === "" && u.username === "" && u.password === ""
    return (u.protocol === "http:" || u.protocol === "https:") && bare && !/[?#@]/.test(line) ? u.origin : undefined
  } catch {
    return undefined
  }
}

/** Lines (or spaces) of http(s) origins; the first that is not one is named. */
export const originLines: Check = (value) => {
  const bad = value
    .split(/\s+/)
    .filter(Boolean)
    .find((line) => originOf(line) === undefined)
  return bad === undefined ? undefined : t("errorOrigin", bad)
}

/** The origins of lines that passed `originLines`, each once. */
export const originsOf = (value: string): string[] => [
  ...new Set(
    value
      .split(/\s+/)
      .filter(Boolean)
      .map((line) => originOf(line)!),
  ),
]

export const required: Check = (value) => (value.trim() === "" ? t("errorRequired") : undefined)

/** Runs the checks of a form: field name → message, only for fields with a problem. */
export const checkAll = (values: Record<string, string>, checks: Record<string, Check>): Record<string, string> => {
  const errors: Record<string, string> = {}
  for (const [field, check] of Object.entries(checks)) {
    const message = check(values[field] ?? "")
    if (message) errors[field] = message
  }
  return errors
}

/** A provider id from its name: lower-case, dashes, unique among `taken`. */
export const providerIdFor = (name: string, taken: ReadonlyArray<string>): string => {
  const base =
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 32) || "provider"
  if (!taken.includes(base)) return base
  for (let i = 2; ; i++) if (!taken.includes(`${base}-${i}`)) return `${base}-${i}`
}

/** The models a user typed, one per line or comma-separated, without blanks or repeats. */
export const parseModelList = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\n,]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
]

/** A form's messages by field, with `field`'s set to `message`, or gone when there is none. */
export const withFieldError = <E extends Partial<Record<string, string>>>(
  errors: E,
  field: keyof E & string,
  message: string | undefined,
): E => {
  const { [field]: _old, ...rest } = errors
  return (message ? { ...rest, [field]: message } : rest) as E
}
