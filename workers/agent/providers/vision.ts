/**
 * Whether a model sees images: the provider's own setting for that model when it has one
 * (`vision` in its settings), else what is known of common models by their names. A model that
 * does not is not offered the tools whose results are images (capture_tab).
 */

/** Model names (the part after any `vendor/` prefix, lower-case) of common models that take images. */
const SEEING = [
  /^(chatgpt-)?gpt-4o/,
  /^gpt-4\.1/,
  /^gpt-4-(turbo|vision)/,
  /^gpt-5/,
  /^o1(?!-mini)(-|$)/,
  /^o3(?!-mini)(-|$)/,
  /^o4-mini/,
  /^claude-(3|opus-4|sonnet-4|haiku-4|[a-z]+-4)/,
  /^claude-\d/,
  /^gemini/,
  /^gemma-?3(?!n?:?(270m|1b))/,
  /^llama-?4/,
  /^(ba)?llava/,
  /vision/,
  /^qwen[\d.]*-?vl/,
  /^minicpm-v/,
  /^moondream/,
  /^pixtral/,
  /^mistral-(small-?3\.[12]|medium)/,
  /^internvl/,
  /^grok-(4|2-vision)/,
]

const baseName = (model: string): string => model.toLowerCase().split("/").pop() ?? ""

/** What is known of a model by its name alone. */
export const knownToSee = (model: string): boolean => SEEING.some((pattern) => pattern.test(baseName(model)))

export const seesImages = (provider: { readonly vision?: { readonly [model: string]: boolean } }, model: string): boolean =>
  provider.vision?.[model] ?? knownToSee(model)
