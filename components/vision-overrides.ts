/**
 * A provider's "sees images" overrides as the settings form writes them: one model a line,
 * `model = yes` or `model = no` (settings: `vision`, by model name). Models not listed are judged
 * by their names (workers/agent/providers/vision.ts).
 */
import { t } from "./i18n.ts"
import type { Check } from "./settings-validation.ts"

const LINE = /^(.+?)\s*=\s*(yes|no)$/i

export const visionText = (vision: { readonly [model: string]: boolean } | undefined): string =>
  Object.entries(vision ?? {})
    .map(([model, sees]) => `${model} = ${sees ? "yes" : "no"}`)
    .join("\n")

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)

export const parseVision = (text: string): Record<string, boolean> =>
  Object.fromEntries(
    lines(text).flatMap((line) => {
      const m = LINE.exec(line)
      return m ? [[m[1]!.trim(), m[2]!.toLowerCase() === "yes"] as const] : []
    }),
  )

/** Each line must read `model = yes` or `model = no`: the first that does not is named. */
export const checkVision: Check = (text) => {
  const wrong = lines(text).find((line) => !LINE.test(line))
  return wrong === undefined ? undefined : t("errorVisionLine", wrong)
}
