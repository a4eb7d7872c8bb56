/** A locale's messages.json, as the unit tests read it to stand in for chrome.i18n outside an extension page. */
export type Messages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>

/** chrome.i18n.getMessage as an extension page has it: named placeholders filled from the substitutions. */
export const getMessage =
  (messages: Messages) =>
  (key: string, substitutions: string[] = []): string => {
    const entry = messages[key]
    if (!entry) return ""
    return entry.message.replace(/\$([A-Za-z0-9_]+)\$/g, (_, name: string) => {
      const content = entry.placeholders?.[name.toLowerCase()]?.content ?? ""
      return content.replace(/\$(\d)/g, (_m, i: string) => substitutions[Number(i) - 1] ?? "")
    })
  }
