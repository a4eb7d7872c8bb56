/** The one entry point the agent uses: a provider for a configured service. */
import { makeAnthropicProvider } from "./anthropic.ts"
import { makeOllamaProvider } from "./ollama.ts"
import { makeOpenAiProvider } from "./openai.ts"
import { ProviderError, type Provider, type ProviderConfig } from "./types.ts"

export const makeProvider = (config: ProviderConfig): Provider => {
  let url: URL | undefined
  try {
    url = new URL(config.baseUrl)
  } catch {
    url = undefined
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new ProviderError(`The base URL "${config.baseUrl}" is not an http or https URL; fix it in the provider settings.`, {
      kind: "network",
      retryable: false,
    })
  }
  const normalized: ProviderConfig = { ...config, baseUrl: config.baseUrl.replace(/\/+$/, "") }
  switch (config.kind) {
    case "openai":
      return makeOpenAiProvider(normalized)
    case "anthropic":
      return makeAnthropicProvider(normalized)
    case "ollama":
      return makeOllamaProvider(normalized)
    default:
      throw new ProviderError(`Unknown provider kind "${String((config as { kind: unknown }).kind)}": use openai, anthropic or ollama.`, {
        kind: "protocol",
        retryable: false,
      })
  }
}

/** A provider from a stored provider's settings: what a request needs of them, and nothing else. */
export const providerOf = (settings: {
  readonly kind: ProviderConfig["kind"]
  readonly baseUrl: string
  readonly apiKey?: string | undefined
  readonly quirks?: ProviderConfig["quirks"] | undefined
}): Provider =>
  makeProvider({
    kind: settings.kind,
    baseUrl: settings.baseUrl,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    ...(settings.quirks ? { quirks: settings.quirks } : {}),
  })

export { ProviderError } from "./types.ts"
export type * from "./types.ts"
