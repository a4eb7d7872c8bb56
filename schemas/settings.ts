/**
 * The user's settings, kept in `chrome.storage.local` under one key and validated by this
 * schema on every read and every update. Defaults are filled in by decoding, so a stored
 * object from an older build (with fewer keys) still reads as a whole settings value.
 */
import * as Schema from "effect/Schema"
import { PositiveWholeNumber, predicateFilter, WholeNumber, withDefault } from "./primitives.ts"
import { SETTINGS_VERSION } from "./settings-stored.ts"
import { SUMMARY_DEFAULT_TIMEOUT_MS, SUMMARY_MAX_TIMEOUT_MS } from "./tool-definition.ts"

export { mergeSettings, migrateSettings, SETTINGS_KEY, SETTINGS_VERSION } from "./settings-stored.ts"

const HttpUrl = Schema.String.check(predicateFilter("httpUrl", "an http or https URL"))

export const ProviderKind = Schema.Literals(["openai", "anthropic", "ollama"])

export const Provider = Schema.Struct({
  id: Schema.NonEmptyString,
  name: Schema.NonEmptyString,
  kind: ProviderKind,
  baseUrl: HttpUrl,
  /** Never leaves the extension except towards `baseUrl`. */
  apiKey: Schema.optionalKey(Schema.String),
  models: Schema.optionalKey(Schema.Array(Schema.String)),
  /** The preset it was made from (openai, openrouter, deepseek, gemini, ollama, lmstudio, vllm, anthropic, custom). */
  preset: Schema.optionalKey(Schema.String),
  quirks: Schema.optionalKey(
    Schema.Struct({
      maxCompletionTokens: Schema.optionalKey(Schema.Boolean),
      sendReasoningBack: Schema.optionalKey(Schema.Boolean),
    }),
  ),
  /** The model's context window in tokens, for the context budget (default 128k). */
  contextWindow: Schema.optionalKey(PositiveWholeNumber),
  /**
   * Which of its models see images, by model name: overrides what the agent knows of common
   * models (workers/agent/providers/vision.ts). A model that does not is not offered capture_tab.
   */
  vision: Schema.optionalKey(Schema.Record(Schema.String, Schema.Boolean)),
})
export type Provider = typeof Provider.Type

export const ModelRef = Schema.Struct({ providerId: Schema.NonEmptyString, model: Schema.NonEmptyString })

export const SearchEngine = Schema.Literals(["duckduckgo", "bing", "baidu", "google"])

export const SearchSettings = Schema.Struct({
  engine: SearchEngine.pipe(withDefault("duckduckgo" as const)),
  duckduckgoHtmlEndpoint: HttpUrl.pipe(withDefault("https://html.duckduckgo.com/html/")),
  duckduckgoLiteEndpoint: HttpUrl.pipe(withDefault("https://lite.duckduckgo.com/lite/")),
  baiduEndpoint: HttpUrl.pipe(withDefault("https://www.baidu.com/s")),
  bingEndpoint: HttpUrl.pipe(withDefault("https://api.bing.microsoft.com/v7.0/search")),
  bingApiKey: Schema.optionalKey(Schema.String),
  googleEndpoint: HttpUrl.pipe(withDefault("https://www.googleapis.com/customsearch/v1")),
  googleApiKey: Schema.optionalKey(Schema.String),
  googleCseId: Schema.optionalKey(Schema.String),
})

/** How a confirmation rule asks: every time, once per site in a conversation, or never. */
export const ConsentMode = Schema.Literals(["always", "once_per_site", "never"])
export type ConsentMode = typeof ConsentMode.Type

/**
 * The confirmation rules: one per destructive tool (by the tool's `destructive` annotation:
 * execute_script, close_tab),
 * and `send_read_data` for requests that would carry text read from a tab or the workspace to
 * another site.
 */
export const ConfirmationSettings = Schema.Struct({
  execute_script: ConsentMode.pipe(withDefault("always" as const)),
  close_tab: ConsentMode.pipe(withDefault("always" as const)),
  /** open_tab with the `tab_id` of a tab the agent did not open in this conversation. */
  navigate_user_tab: ConsentMode.pipe(withDefault("always" as const)),
  send_read_data: ConsentMode.pipe(withDefault("once_per_site" as const)),
})

/** An http(s) origin, e.g. https://example.com or http://127.0.0.1:8080 (no path). */
export const HttpOrigin = Schema.String.check(predicateFilter("httpOrigin", "an http or https origin such as https://example.com"))

const MIB = 1024 * 1024
/** The sandbox's memory cap: 256 MiB by default, from 32 MiB to 4 GiB (V8's own heap limit). */
export const SANDBOX_DEFAULT_MEMORY = 256 * MIB
export const SANDBOX_MIN_MEMORY = 32 * MIB
export const SANDBOX_MAX_MEMORY = 4096 * MIB

export const Settings = Schema.Struct({
  version: Schema.Literal(SETTINGS_VERSION).pipe(withDefault(SETTINGS_VERSION as 2)),
  providers: Schema.Array(Provider).pipe(withDefault([])),
  defaultModel: Schema.optionalKey(ModelRef),
  summaryModel: Schema.optionalKey(ModelRef),
  /** The most model turns one run may take before it stops and says so. */
  stepLimit: PositiveWholeNumber.check(Schema.isLessThanOrEqualTo(1000)).pipe(withDefault(50)),
  /** How long ask_user waits for an answer (at most an hour). */
  askUserTimeoutMs: PositiveWholeNumber.check(Schema.isLessThanOrEqualTo(60 * 60_000)).pipe(withDefault(5 * 60_000)),
  /** How long the summary of a `prompt` (web_fetch, get_tab_content) may take, after the content was read. */
  summaryTimeoutMs: PositiveWholeNumber.check(Schema.isLessThanOrEqualTo(SUMMARY_MAX_TIMEOUT_MS)).pipe(
    withDefault(SUMMARY_DEFAULT_TIMEOUT_MS),
  ),
  /** How long a sub-agent may run (at most an hour). */
  subAgentTimeLimitMs: PositiveWholeNumber.check(Schema.isLessThanOrEqualTo(60 * 60_000)).pipe(withDefault(10 * 60_000)),
  search: SearchSettings.pipe(withDefault({})),
  confirmations: ConfirmationSettings.pipe(withDefault({})),
  /** Sites the user allowed "always": a run holding private and untrusted data may send there without asking. */
  allowedSites: Schema.Array(HttpOrigin).check(Schema.isMaxLength(500)).pipe(withDefault([])),
  /** Where each "always" site came from: the conversation whose question the user answered. */
  allowedSitesFrom: Schema.Record(HttpOrigin, Schema.String).pipe(withDefault({})),
  /**
   * Loopback or private-network origins to treat as public sites: what web_fetch reads there is
   * untrusted but not private (a lab server, or the test suites' 127.0.0.1 servers standing in
   * for public sites). Empty by default: local addresses are private.
   */
  publicOrigins: Schema.Array(HttpOrigin).check(Schema.isMaxLength(500)).pipe(withDefault([])),
  /** Added to every conversation's system prompt (each conversation may add its own). */
  systemPrompt: Schema.String.pipe(withDefault("")),
  /** The workspace's undo: what opfs_write replaces and opfs_delete removes is kept this long, within this size. */
  workspace: Schema.Struct({
    historyDays: PositiveWholeNumber.check(Schema.isLessThanOrEqualTo(365)).pipe(withDefault(7)),
    historyMaxBytes: PositiveWholeNumber.pipe(withDefault(256 * 1024 * 1024)),
  }).pipe(withDefault({})),
  /**
   * The sandbox (execute_script's `sandbox` target, custom tools): past this much memory, taken
   * by all its runs at once, it is reset and the runs fail with sandbox_memory (docs/security.md).
   */
  sandbox: Schema.Struct({
    maxMemoryBytes: PositiveWholeNumber.check(Schema.isBetween({ minimum: SANDBOX_MIN_MEMORY, maximum: SANDBOX_MAX_MEMORY })).pipe(
      withDefault(SANDBOX_DEFAULT_MEMORY),
    ),
  }).pipe(withDefault({})),
  /**
   * What one agent run (its sub-agents included) may do before it stops and says so: a run that
   * would open more tabs asks first; one that would write more files or bytes is refused.
   */
  limits: Schema.Struct({
    tabsPerRun: PositiveWholeNumber.check(Schema.isLessThanOrEqualTo(1000)).pipe(withDefault(20)),
    filesPerRun: PositiveWholeNumber.pipe(withDefault(200)),
    bytesPerRun: PositiveWholeNumber.pipe(withDefault(256 * 1024 * 1024)),
  }).pipe(withDefault({})),
  /** A research job's defaults (docs/research.md); a job started through the API may ask for others. */
  research: Schema.Struct({
    researchers: PositiveWholeNumber.check(Schema.isLessThanOrEqualTo(8)).pipe(withDefault(4)),
    /** Model turns of all the job's agents together. */
    steps: PositiveWholeNumber.check(Schema.isLessThanOrEqualTo(2000)).pipe(withDefault(160)),
    tokens: PositiveWholeNumber.check(Schema.isLessThanOrEqualTo(100_000_000)).pipe(withDefault(2_000_000)),
    wallMs: PositiveWholeNumber.check(Schema.isLessThanOrEqualTo(4 * 60 * 60_000)).pipe(withDefault(15 * 60_000)),
  }).pipe(withDefault({})),
  /** capture_tab's images: scaled to this longest side, and re-encoded or scaled down until within this many bytes. */
  capture: Schema.Struct({
    maxSide: PositiveWholeNumber.check(Schema.isBetween({ minimum: 256, maximum: 8000 })).pipe(withDefault(1568)),
    maxBytes: PositiveWholeNumber.check(Schema.isBetween({ minimum: 32 * 1024, maximum: 20 * MIB })).pipe(withDefault(1024 * 1024)),
    /** The images a conversation keeps, all together: past it the oldest images are dropped from the record (their text stays). */
    conversationBytes: PositiveWholeNumber.check(Schema.isBetween({ minimum: MIB, maximum: 1024 * MIB })).pipe(withDefault(32 * MIB)),
  }).pipe(withDefault({})),
  /** How the agent talks to model services: retries, stalls, result sizes. */
  model: Schema.Struct({
    maxRetries: WholeNumber.check(Schema.isBetween({ minimum: 0, maximum: 10 })).pipe(withDefault(3)),
    retryBaseDelayMs: PositiveWholeNumber.pipe(withDefault(1000)),
    retryMaxDelayMs: PositiveWholeNumber.pipe(withDefault(60_000)),
    stallTimeoutMs: PositiveWholeNumber.pipe(withDefault(60_000)),
    toolResultMaxChars: PositiveWholeNumber.pipe(withDefault(30_000)),
    /**
     * A result longer than toolResultMaxChars is saved in the conversation cut; with this on, the
     * whole of it is also written to the workspace (`tool-results/`), for the user to keep.
     */
    keepWholeResults: Schema.Boolean.pipe(withDefault(false)),
    maxOutputTokens: PositiveWholeNumber.pipe(withDefault(8192)),
    /** The most bytes one model response may have: a stream that never ends fails with model_too_large. */
    maxResponseBytes: PositiveWholeNumber.check(Schema.isBetween({ minimum: 64 * 1024, maximum: 256 * 1024 * 1024 })).pipe(
      withDefault(8 * 1024 * 1024),
    ),
  }).pipe(withDefault({})),
})
export type Settings = typeof Settings.Type
/** What `settings.update` takes: any subset, nested objects merged key by key. */
export type SettingsPatch = {
  readonly [K in keyof Settings]?:
    (Settings[K] extends readonly unknown[] ? Settings[K] : Settings[K] extends object ? Partial<Settings[K]> : Settings[K]) | null
}
