/** Model names out of a listing (`data[].id` for OpenAI and Anthropic, `models[].name` for Ollama). */
export const modelIds = (list: unknown, field: "id" | "name" = "id"): Array<string> =>
  Array.isArray(list)
    ? list.flatMap((entry: unknown) => {
        const value = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>)[field] : undefined
        return typeof value === "string" ? [value] : []
      })
    : []
