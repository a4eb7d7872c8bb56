import { requestJson } from "./transport.ts"

/** Model names out of a listing (`data[].id` for OpenAI and Anthropic, `models[].name` for Ollama). */
export const modelIds = (list: unknown, field: "id" | "name" = "id"): Array<string> =>
  Array.isArray(list)
    ? list.flatMap((entry: unknown) => {
        const value = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>)[field] : undefined
        return typeof value === "string" ? [value] : []
      })
    : []

export interface Listing {
  readonly url: string
  readonly headers: Record<string, string>
  readonly apiKey: string | undefined
  readonly list: string
  readonly field?: "id" | "name"
}

/** A provider's `listModels`: the listing at `url`, read with the caller's signal. */
export const modelLister =
  (listing: Listing) =>
  (options?: { signal?: AbortSignal }): Promise<ReadonlyArray<string>> =>
    listModelIds({ ...listing, ...(options?.signal ? { signal: options.signal } : {}) })

/** A service's model listing: GET `url` with the provider's headers, names from `list[].field`. */
export const listModelIds = async (args: Listing & { readonly signal?: AbortSignal }): Promise<Array<string>> => {
  const json = (await requestJson({
    url: args.url,
    method: "GET",
    headers: args.headers,
    secrets: [args.apiKey],
    ...(args.signal ? { signal: args.signal } : {}),
  })) as Record<string, unknown> | undefined
  return modelIds(json?.[args.list], args.field)
}
