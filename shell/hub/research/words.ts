/**
 * The words a research report is saved with, in the language of the person who started the job.
 * The job runs in the offscreen document, where chrome.i18n is not available (offscreen documents
 * get chrome.runtime only), so the locale's messages.json is read from the extension's own files.
 * The model's prompts stay in English: these are only the fixed words the report's code writes.
 */

/** A locale's messages.json. */
export type Messages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>

/** chrome.i18n.getMessage as an extension page has it: named placeholders filled from the substitutions. */
export const getMessage =
  (messages: Messages) =>
  (key: string, substitutions: ReadonlyArray<string> = []): string => {
    const entry = messages[key]
    if (!entry) return ""
    return entry.message.replace(/\$([A-Za-z0-9_]+)\$/g, (_, name: string) => {
      const content = entry.placeholders?.[name.toLowerCase()]?.content ?? ""
      return content.replace(/\$(\d)/g, (_m, i: string) => substitutions[Number(i) - 1] ?? "")
    })
  }

export interface ReportWords {
  /** The BCP 47 tag dates and numbers are written in. */
  readonly language: string
  /** The message `key` with its substitutions; the key itself when the locale lacks it. */
  text(key: string, ...substitutions: string[]): string
}

/** Words from one locale's messages, `en` standing in for each key it lacks. */
export const wordsOf = (language: string, messages: Messages, english: Messages = messages): ReportWords => {
  const own = getMessage(messages)
  const fallback = getMessage(english)
  return { language, text: (key, ...substitutions) => own(key, substitutions) || fallback(key, substitutions) || key }
}

/** The locale folders to try for a language tag: "fr-CA" → fr, en (the extension has no regional locales). */
export const localeFolders = (language: string): string[] => [...new Set([(language.split(/[-_]/)[0] || "en").toLowerCase(), "en"])]

/**
 * The report's words in `language`, read with `read` (a locale's messages.json by folder, or
 * undefined where the extension has none); English where none of the language's folders exist.
 */
export const loadReportWords = async (language: string, read: (folder: string) => Promise<Messages | undefined>): Promise<ReportWords> => {
  const english = (await read("en")) ?? {}
  for (const folder of localeFolders(language)) {
    const messages = folder === "en" ? english : await read(folder)
    if (messages) return wordsOf(folder === "en" ? "en" : language, messages, english)
  }
  return wordsOf("en", english)
}

/** A locale's messages.json from the extension's files (the offscreen document's way to them). */
export const readPackagedMessages = async (folder: string): Promise<Messages | undefined> => {
  try {
    const response = await fetch(chrome.runtime.getURL(`_locales/${folder}/messages.json`))
    return response.ok ? ((await response.json()) as Messages) : undefined
  } catch {
    return undefined
  }
}
