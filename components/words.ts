/**
 * What the agent says to a person, worded in their language. Workers and the mesh send codes
 * with parameters (their English `message` is for the model and developers); these functions
 * turn them into `chrome.i18n` messages: `error_<code>`, `notice_<code>`, `preset_<id>`…
 */
import type { CardCountNoun } from "../schemas/tool-definition.ts"
import { t } from "./i18n.ts"

/** The message `key` with its substitutions, or undefined when the locale has no such message. */
export const message = (key: string, substitutions: ReadonlyArray<string> = []): string | undefined => {
  const text = t(key, ...substitutions)
  return text === key || text === "" ? undefined : text
}

/** The wordings of error families (`error_<family>`) that stand for many codes, not one. */
export const ERROR_FAMILIES = [
  "model_auth",
  "model_not_found",
  "model_rate_limit",
  "model_server",
  "model_http",
  "search_failed",
  "other",
] as const

/** The family of a model service's HTTP failure (`model_http_<status>`), for its wording. */
const httpFamily = (status: string): string =>
  status === "401" || status === "403"
    ? "model_auth"
    : status === "404"
      ? "model_not_found"
      : status === "429"
        ? "model_rate_limit"
        : /^5\d\d$/.test(status)
          ? "model_server"
          : "model_http"

/**
 * An error as one line a person reads: `error_<code>` (with the error's parameters); a model
 * service's HTTP status by its family; a search engine's failure as one; else a line that names
 * the code. Never the English `message`: that goes behind a disclosure where one is shown.
 */
export const errorText = (error: { readonly code: string; readonly params?: ReadonlyArray<string> | undefined }): string => {
  // With parameters, the wording that takes them (`error_<code>_params`) comes first.
  const params = error.params ?? []
  const exact = (params.length > 0 ? message(`error_${error.code}_params`, params) : undefined) ?? message(`error_${error.code}`, params)
  if (exact !== undefined) return exact
  const http = /^model_http_(\w+)$/.exec(error.code)
  if (http) return t(`error_${httpFamily(http[1]!)}`, http[1]!)
  if (error.code.startsWith("search_")) return t("error_search_failed")
  return t("error_other", error.code)
}

/** A rejection of the agent API (an AgentError's code) or anything else thrown, as one line. */
export const caughtText = (error: unknown): string => {
  const e = error as { code?: unknown; params?: unknown } | null
  return typeof e?.code === "string"
    ? errorText({ code: e.code, ...(Array.isArray(e.params) ? { params: e.params.map(String) } : {}) })
    : t("error_other", "unexpected")
}

/** Whether the fix for an error is in the settings (a key, an address, a model). */
export const fixedInSettings = (code: string): boolean =>
  /^model_(http_(401|403|404)|network|redirect|protocol)$/.test(code) || code === "no_model" || code === "missing_api_key"

/** A run's notice: `notice_<code>`; a failure's code as its error; an old record by its status. */
export const noticeText = (notice: {
  readonly status: string
  readonly code?: string | undefined
  readonly params?: ReadonlyArray<string> | undefined
}): string => {
  if (notice.code !== undefined)
    return message(`notice_${notice.code}`, notice.params ?? []) ?? errorText({ code: notice.code, params: notice.params })
  return t(`noticeStatus_${notice.status}`)
}

/** A provider's protocol, e.g. "OpenAI-compatible" for `openai`. */
export const kindLabel = (kind: string): string =>
  kind === "openai" ? t("kindOpenai") : kind === "anthropic" ? t("kindAnthropic") : kind === "ollama" ? t("kindOllama") : kind

/** A preset's name: brand names as they are; the generic ones translated. */
export const presetLabel = (preset: { readonly id: string; readonly label: string }): string =>
  message(`preset_${preset.id}`) ?? preset.label

/** A site as the mesh names it: an address's host, or the workspace; anything else (a data: tab, "unknown site") is unknown. */
export const siteLabel = (site: string): string => {
  if (site === "workspace") return t("siteWorkspace")
  try {
    return new URL(site).host || t("siteUnknown")
  } catch {
    return t("siteUnknown")
  }
}

/** The sites of a list the mesh joins with spaces ("unknown site" is one). */
export const sitesOf = (list: string): ReadonlyArray<string> => list.match(/unknown site|\S+/g) ?? []

/** The language the UI speaks (chrome.i18n's), which numbers and plural forms follow; the page's where there is none. */
const uiLanguage = (): string | undefined => (typeof chrome !== "undefined" && chrome.i18n?.getUILanguage?.()) || undefined

const SIZE_UNITS = [
  [1e9, "gigabyte"],
  [1e6, "megabyte"],
  [1e3, "kilobyte"],
] as const

/**
 * A size in bytes in the reader's notation, in decimal units as their names mean: "512 bytes",
 * "1.2 kB", "3,4 Mo". Bytes are spelled out: CLDR's short "byte" is the singular in English and
 * Japanese ("31 byte"), where the long form is the plural ("31 bytes") and the other languages'
 * own word ("31 octets").
 */
export const sizeText = (bytes: number): string => {
  const [scale, unit] = SIZE_UNITS.find(([scale]) => bytes >= scale) ?? [1, "byte"]
  const unitDisplay = unit === "byte" ? "long" : "short"
  return new Intl.NumberFormat(uiLanguage(), { style: "unit", unit, unitDisplay, maximumFractionDigits: 1 }).format(bytes / scale)
}

/** A time in the reader's notation, in seconds under a minute and whole minutes from there: "2 sec", "15 min". */
export const durationText = (ms: number): string => {
  const seconds = Math.max(0, Math.round(ms / 1000))
  const [value, unit] = seconds < 60 ? [seconds, "second"] : [Math.floor(seconds / 60), "minute"]
  return new Intl.NumberFormat(uiLanguage(), { style: "unit", unit, unitDisplay: "short" }).format(value)
}

/**
 * How many of something, in the reader's words: "1 entry", "12 entries". Each language words a
 * noun twice, for the plural category "one" and for all others (`toolCount_<noun>_one`,
 * `_other`), the second written to fit every other count of the language (uk: "записів: 3").
 */
export const countText = (noun: CardCountNoun, count: number): string => pluralText(`toolCount_${noun}`, count)

/** The message `<key>_one` or `<key>_other` by the language's plural rules, with the count in its notation. */
export const pluralText = (key: string, count: number): string => {
  const language = uiLanguage()
  const form = new Intl.PluralRules(language).select(count) === "one" ? "one" : "other"
  return t(`${key}_${form}`, new Intl.NumberFormat(language).format(count))
}
