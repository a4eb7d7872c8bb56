/**
 * The services a user picks from when adding a provider, and the checks behind the
 * settings page's "test connection" button.
 */
import { makeProvider } from "./index.ts"
import { ProviderError, providerErrorCode, type ProviderConfig, type ProviderKind } from "./types.ts"

export type PresetId = "openai" | "openrouter" | "deepseek" | "gemini" | "ollama" | "lmstudio" | "vllm" | "anthropic" | "custom"

export interface ProviderPreset {
  readonly id: PresetId
  readonly label: string
  readonly kind: ProviderKind
  readonly baseUrl: string
  readonly needsKey: boolean
  readonly quirks?: ProviderConfig["quirks"]
  /** Where the user gets a key. */
  readonly keyUrl?: string
}

export const PRESETS: ReadonlyArray<ProviderPreset> = [
  {
    id: "openai",
    label: "OpenAI",
    kind: "openai",
    baseUrl: "https://api.openai.com/v1",
    needsKey: true,
    // Every OpenAI model takes max_completion_tokens; the reasoning ones refuse max_tokens.
    quirks: { maxCompletionTokens: true },
    keyUrl: "https://platform.openai.com/api-keys",
  },
  {
    id: "openrouter",
    label: "OpenRouter",
    kind: "openai",
    baseUrl: "https://openrouter.ai/api/v1",
    needsKey: true,
    keyUrl: "https://openrouter.ai/keys",
  },
  {
    id: "deepseek",
    label: "DeepSeek",
    kind: "openai",
    baseUrl: "https://api.deepseek.com/v1",
    needsKey: true,
    // Thinking mode with tools expects the turn's reasoning_content back beside its tool calls.
    quirks: { sendReasoningBack: true },
    keyUrl: "https://platform.deepseek.com/api_keys",
  },
  {
    id: "gemini",
    label: "Google Gemini (OpenAI-compatible)",
    kind: "openai",
    baseUrl: "https://generativelanguage.googleapis.com/v1beta/openai",
    needsKey: true,
    keyUrl: "https://aistudio.google.com/apikey",
  },
  { id: "ollama", label: "Ollama", kind: "ollama", baseUrl: "http://127.0.0.1:11434", needsKey: false },
  { id: "lmstudio", label: "LM Studio", kind: "openai", baseUrl: "http://127.0.0.1:1234/v1", needsKey: false },
  { id: "vllm", label: "vLLM", kind: "openai", baseUrl: "http://127.0.0.1:8000/v1", needsKey: false },
  {
    id: "anthropic",
    label: "Anthropic",
    kind: "anthropic",
    baseUrl: "https://api.anthropic.com/v1",
    needsKey: true,
    keyUrl: "https://console.anthropic.com/settings/keys",
  },
  // llama.cpp's server default; any OpenAI-compatible base URL works.
  { id: "custom", label: "Custom (OpenAI-compatible)", kind: "openai", baseUrl: "http://127.0.0.1:8080/v1", needsKey: false },
]

export const presetById = (id: string): ProviderPreset | undefined => PRESETS.find((preset) => preset.id === id)

/** A provider config from a preset, with the user's key and, optionally, another base URL. */
export const configFromPreset = (id: PresetId, overrides: { apiKey?: string; baseUrl?: string } = {}): ProviderConfig => {
  const preset = presetById(id)
  if (preset === undefined) throw new Error(`Unknown provider preset "${id}".`)
  return {
    kind: preset.kind,
    baseUrl: overrides.baseUrl ?? preset.baseUrl,
    ...(overrides.apiKey ? { apiKey: overrides.apiKey } : {}),
    ...(preset.quirks ? { quirks: preset.quirks } : {}),
  }
}

export interface ConnectionResult {
  readonly ok: boolean
  readonly models?: ReadonlyArray<string>
  readonly error?: string
  /** The error's code, as the agent loop reports it (model_redirect, model_http_401, ...). */
  readonly code?: string
}

export const listModels = (config: ProviderConfig, options?: { signal?: AbortSignal }): Promise<ReadonlyArray<string>> =>
  makeProvider(config).listModels(options)

/**
 * Lists the service's models; where there is no listing (or it fails) and a model is named,
 * a one-token request shows whether the service answers at all. The error is the reason the
 * user can act on: the listing's when there was no model to try, else the request's.
 */
export const testConnection = async (
  config: ProviderConfig,
  model?: string,
  options: { signal?: AbortSignal; stallTimeoutMs?: number } = {},
): Promise<ConnectionResult> => {
  let provider
  try {
    provider = makeProvider(config)
  } catch (error) {
    return { ok: false, error: messageOf(error), code: codeOf(error) }
  }
  let listError: unknown
  try {
    const models = await provider.listModels(options.signal ? { signal: options.signal } : {})
    if (models.length > 0 || model === undefined) return { ok: true, models }
  } catch (error) {
    listError = error
    if (model === undefined || isCancelled(error) || isRedirect(error)) return { ok: false, error: messageOf(error), code: codeOf(error) }
  }
  try {
    for await (const event of provider.stream(
      {
        model: model!,
        messages: [{ role: "user", content: "Reply with OK." }],
        maxTokens: 1,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      { stallTimeoutMs: options.stallTimeoutMs ?? 30_000 },
    )) {
      if (event.type === "stop") break
    }
    return { ok: true }
  } catch (error) {
    const listing = listError !== undefined ? ` (listing the models failed too: ${messageOf(listError)})` : ""
    return { ok: false, error: `${messageOf(error)}${listing}`, code: codeOf(error) }
  }
}

const isCancelled = (error: unknown): boolean => error instanceof ProviderError && error.details.kind === "cancelled"
const isRedirect = (error: unknown): boolean => error instanceof ProviderError && error.details.kind === "redirect"
const codeOf = (error: unknown): string => (error instanceof ProviderError ? providerErrorCode(error) : "model_error")
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))
