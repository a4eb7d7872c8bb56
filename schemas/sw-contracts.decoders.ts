// Written by `npm run docs` from ./sw-contracts.ts (scripts/decoder-plans.ts): its schemas' decoders, without Effect.
// Not edited by hand; `npm run docs:check` checks it.
import { decoderOf, type Check, type DecoderOf, type Plan } from "./decode-plan.ts"
import type * as contracts from "./sw-contracts.ts"

const p0: Check = { f: "minLength", n: 1, x: "a value with a length of at least 1" }
const p1: Plan = { k: "string", checks: [p0] }
const p2: Check = { f: "predicate", name: "httpUrl", x: "an http or https URL" }
const p3: Plan = { k: "string", checks: [p2] }
const p4: Plan = { k: "array", item: { k: "string" } }
const p5: Check = { f: "finite", x: "a finite number" }
const p6: Check = { f: "int", x: "a whole number" }
const p7: Check = { f: "gte", n: 1, x: "a value greater than or equal to 1" }
const p8: Plan = { k: "number", checks: [p5, p6, p7] }
const p9: Plan = { k: "object", properties: [], indexes: [{ key: "any", value: { k: "boolean" } }] }
const p10: Plan = { k: "object", properties: [{ name: "providerId", plan: p1 }, { name: "model", plan: p1 }] }
const p11: Check = { f: "lte", n: 1000, x: "a value less than or equal to 1000" }
const p12: Plan = { k: "number", checks: [p5, p6, p7, p11] }
const p13: Check = { f: "lte", n: 3600000, x: "a value less than or equal to 3600000" }
const p14: Plan = { k: "number", checks: [p5, p6, p7, p13] }
const p15: Plan = { k: "literal", value: "always" }
const p16: Plan = { k: "literal", value: "once_per_site" }
const p17: Plan = { k: "literal", value: "never" }
const p18: Plan = { k: "union", members: [p15, p16, p17], candidates: { by: "literal" }, x: "\"always\" | \"once_per_site\" | \"never\"" }
const p19: Check = { f: "predicate", name: "httpOrigin", x: "an http or https origin such as https://example.com" }
const p20: Plan = { k: "string", checks: [p19] }
const p21: Check = { f: "maxLength", n: 500, x: "a value with a length of at most 500" }
const p22: Plan = { k: "array", item: p20, checks: [p21] }
const p23: Plan = { k: "union", members: [{ k: "unknown" }, { k: "undefined" }], candidates: { by: "type", types: [["null", "undefined", "string", "number", "boolean", "symbol", "bigint", "object", "array", "function"], ["undefined"]] }, x: "unknown | undefined" }
const p24: Plan = { k: "number", checks: [p5, p6] }
const p25: Plan = { k: "object", properties: [{ name: "tab_id", plan: p24 }] }
const p26: Plan = { k: "object", properties: [], indexes: [{ key: "any", value: { k: "unknown" } }] }
const p27: Plan = { k: "object", properties: [{ name: "name", plan: { k: "string" } }, { name: "description", plan: { k: "string" } }, { name: "parameters", plan: p26 }, { name: "code", plan: { k: "string" } }, { name: "enabled", plan: { k: "boolean" } }, { name: "createdAt", plan: { k: "number" } }, { name: "overrides", plan: p9, optional: true }] }
const p28: Plan = { k: "object", properties: [{ name: "name", plan: { k: "string" } }] }
const p29: Plan = { k: "object", properties: [{ name: "url", plan: { k: "string" } }] }
const p30: Plan = { k: "literal", value: "oauth" }
const p31: Plan = { k: "literal", value: "client_credentials" }
const p32: Plan = { k: "union", members: [p30, p31], candidates: { by: "literal" }, x: "\"oauth\" | \"client_credentials\"" }
const p33: Plan = { k: "literal", value: "ES256" }
const p34: Plan = { k: "literal", value: "ES384" }
const p35: Plan = { k: "literal", value: "RS256" }
const p36: Plan = { k: "literal", value: "PS256" }
const p37: Plan = { k: "union", members: [p33, p34, p35, p36], candidates: { by: "literal" }, x: "\"ES256\" | \"ES384\" | \"RS256\" | \"PS256\"" }
const p38: Plan = { k: "object", properties: [{ name: "clientInformation", plan: { k: "unknown" }, optional: true }, { name: "tokens", plan: { k: "unknown" }, optional: true }] }
const p39: Plan = { k: "literal", value: "streamable_http" }
const p40: Plan = { k: "literal", value: "sse" }
const p41: Plan = { k: "union", members: [p39, p40], candidates: { by: "literal" }, x: "\"streamable_http\" | \"sse\"" }
const p42: Plan = { k: "object", properties: [{ name: "title", plan: { k: "string" }, optional: true }, { name: "readOnlyHint", plan: { k: "boolean" }, optional: true }, { name: "destructiveHint", plan: { k: "boolean" }, optional: true }, { name: "idempotentHint", plan: { k: "boolean" }, optional: true }, { name: "openWorldHint", plan: { k: "boolean" }, optional: true }] }
const p43: Plan = { k: "object", properties: [{ name: "name", plan: { k: "string" } }, { name: "title", plan: { k: "string" }, optional: true }, { name: "description", plan: { k: "string" } }, { name: "inputSchema", plan: p26 }, { name: "annotations", plan: p42, optional: true }, { name: "enabled", plan: { k: "boolean" } }, { name: "overrides", plan: p9, optional: true }] }
const p44: Plan = { k: "array", item: p43 }
const p45: Plan = { k: "literal", value: "added" }
const p46: Plan = { k: "literal", value: "changed" }
const p47: Plan = { k: "union", members: [p45, p46], candidates: { by: "literal" }, x: "\"added\" | \"changed\"" }
const p48: Plan = { k: "object", properties: [{ name: "name", plan: { k: "string" } }, { name: "title", plan: { k: "string" }, optional: true }, { name: "description", plan: { k: "string" } }, { name: "inputSchema", plan: p26 }, { name: "annotations", plan: p42, optional: true }, { name: "change", plan: p47 }] }
const p49: Plan = { k: "array", item: p48 }
const p50: Plan = { k: "object", properties: [{ name: "name", plan: { k: "string" } }, { name: "url", plan: { k: "string" } }, { name: "token", plan: { k: "string" }, optional: true }, { name: "auth", plan: p32, optional: true }, { name: "clientId", plan: { k: "string" }, optional: true }, { name: "clientSecret", plan: { k: "string" }, optional: true }, { name: "privateKey", plan: { k: "string" }, optional: true }, { name: "keyAlgorithm", plan: p37, optional: true }, { name: "issuer", plan: { k: "string" }, optional: true }, { name: "clientMetadataUrl", plan: { k: "string" }, optional: true }, { name: "oauth", plan: p38, optional: true }, { name: "enabled", plan: { k: "boolean" } }, { name: "timeoutMs", plan: { k: "number" } }, { name: "transport", plan: p41, optional: true }, { name: "tools", plan: p44 }, { name: "pending", plan: p49 }, { name: "removed", plan: p4, optional: true }, { name: "createdAt", plan: { k: "number" } }] }
const p51: Plan = { k: "object", properties: [{ name: "sessionId", plan: { k: "string" } }, { name: "protocolVersion", plan: { k: "string" }, optional: true }] }
const p52: Check = { f: "maxLength", n: 200, x: "a value with a length of at most 200" }
const p53: Plan = { k: "string", checks: [p0, p52] }
const p54: Check = { f: "maxLength", n: 20000, x: "a value with a length of at most 20000" }
const p55: Plan = { k: "string", checks: [p0, p54] }
const p56: Plan = { k: "object", properties: [{ name: "providerId", plan: { k: "string" } }, { name: "model", plan: { k: "string" } }] }
const p57: Check = { f: "pattern", source: "^https?:\\/\\/[^/\\s]+$", flags: "", x: "a string matching the RegExp ^https?:\\/\\/[^/\\s]+$" }
const p58: Plan = { k: "string", checks: [p57] }
const p59: Check = { f: "maxLength", n: 50, x: "a value with a length of at most 50" }
const p60: Plan = { k: "array", item: p58, checks: [p59] }
const p61: Check = { f: "maxLength", n: 512, x: "a value with a length of at most 512" }
const p62: Check = { f: "pattern", source: "^(?!\\/)(?!.*(^|\\/)\\.\\.?(\\/|$)).+$", flags: "", x: "a string matching the RegExp ^(?!\\/)(?!.*(^|\\/)\\.\\.?(\\/|$)).+$" }
const p63: Plan = { k: "string", checks: [p0, p61, p62] }
const p64: Plan = { k: "literal", value: "manual" }
const p65: Plan = { k: "object", properties: [{ name: "kind", plan: p64 }] }
const p66: Plan = { k: "literal", value: "once" }
const p67: Plan = { k: "number", checks: [p5] }
const p68: Plan = { k: "object", properties: [{ name: "kind", plan: p66 }, { name: "at", plan: p67 }] }
const p69: Plan = { k: "literal", value: "every" }
const p70: Check = { f: "int", x: "an integer" }
const p71: Check = { f: "between", min: 1, max: 168, x: "a value between 1 and 168" }
const p72: Plan = { k: "number", checks: [p70, p71] }
const p73: Plan = { k: "object", properties: [{ name: "kind", plan: p69 }, { name: "hours", plan: p72 }] }
const p74: Plan = { k: "literal", value: "daily" }
const p75: Check = { f: "pattern", source: "^([01]\\d|2[0-3]):[0-5]\\d$", flags: "", x: "a string matching the RegExp ^([01]\\d|2[0-3]):[0-5]\\d$" }
const p76: Plan = { k: "string", checks: [p75] }
const p77: Plan = { k: "object", properties: [{ name: "kind", plan: p74 }, { name: "time", plan: p76 }] }
const p78: Plan = { k: "literal", value: "weekdays" }
const p79: Plan = { k: "object", properties: [{ name: "kind", plan: p78 }, { name: "time", plan: p76 }] }
const p80: Plan = { k: "literal", value: "startup" }
const p81: Plan = { k: "object", properties: [{ name: "kind", plan: p80 }] }
const p82: Plan = { k: "literal", value: "tab" }
const p83: Check = { f: "maxLength", n: 2048, x: "a value with a length of at most 2048" }
const p84: Check = { f: "pattern", source: "^https?:\\/\\/[^/\\s]+(\\/\\S*)?$|^\\*:\\/\\/[^/\\s]+(\\/\\S*)?$", flags: "", x: "a string matching the RegExp ^https?:\\/\\/[^/\\s]+(\\/\\S*)?$|^\\*:\\/\\/[^/\\s]+(\\/\\S*)?$" }
const p85: Plan = { k: "string", checks: [p83, p84] }
const p86: Plan = { k: "object", properties: [{ name: "kind", plan: p82 }, { name: "urlPattern", plan: p85 }] }
const p87: Plan = { k: "union", members: [p65, p68, p73, p77, p79, p81, p86], candidates: { by: "key", key: "kind", values: ["manual", "once", "every", "daily", "weekdays", "startup", "tab"] }, x: "{ readonly \"kind\": \"manual\", ... } | { readonly \"kind\": \"once\", ... } | { readonly \"kind\": \"every\", ... } | { readonly \"kind\": \"daily\", ... } | { readonly \"kind\": \"weekdays\", ... } | { readonly \"kind\": \"startup\", ... } | { readonly \"kind\": \"tab\", ... }" }
const p88: Plan = { k: "literal", value: "pause" }
const p89: Plan = { k: "literal", value: "refuse" }
const p90: Plan = { k: "union", members: [p88, p89], candidates: { by: "literal" }, x: "\"pause\" | \"refuse\"" }
const p91: Plan = { k: "object", properties: [{ name: "selector", plan: { k: "string" } }, { name: "kind", plan: { k: "string" } }, { name: "name", plan: { k: "string" } }, { name: "href", plan: { k: "string" }, optional: true }] }
const p92: Check = { f: "maxLength", n: 20, x: "a value with a length of at most 20" }
const p93: Plan = { k: "array", item: p91, checks: [p92] }
const p94: Plan = { k: "object", properties: [{ name: "tool", plan: p1 }, { name: "params", plan: { k: "unknown" } }, { name: "shape", plan: { k: "string" } }, { name: "targets", plan: p93, optional: true }, { name: "opened", plan: { k: "number" }, optional: true }] }
const p95: Plan = { k: "array", item: p94, checks: [p0, p59] }
const p96: Plan = { k: "object", properties: [], indexes: [{ key: "any", value: { k: "string" } }] }
const p97: Plan = { k: "literal", value: "model" }
const p98: Plan = { k: "literal", value: "report" }
const p99: Plan = { k: "union", members: [p97, p98], candidates: { by: "literal" }, x: "\"model\" | \"report\"" }
const p100: Plan = { k: "object", properties: [{ name: "steps", plan: p95 }, { name: "values", plan: p96, optional: true }, { name: "onMismatch", plan: p99 }] }
const p101: Plan = { k: "object", properties: [{ name: "id", plan: p1 }, { name: "name", plan: p53 }, { name: "prompt", plan: p55 }, { name: "model", plan: p56, optional: true }, { name: "instructions", plan: { k: "string" }, optional: true }, { name: "sites", plan: p60 }, { name: "folder", plan: p63 }, { name: "schedule", plan: p87 }, { name: "onConfirm", plan: p90 }, { name: "paused", plan: { k: "boolean" } }, { name: "replay", plan: p100, optional: true }, { name: "createdAt", plan: p67 }, { name: "updatedAt", plan: p67 }] }
const p102: Plan = { k: "object", properties: [{ name: "id", plan: p1 }] }
const p103: Plan = { k: "literal", value: "schedule" }
const p104: Plan = { k: "literal", value: "missed" }
const p105: Plan = { k: "union", members: [p64, p103, p80, p104, p82], candidates: { by: "literal" }, x: "\"manual\" | \"schedule\" | \"startup\" | \"missed\" | \"tab\"" }
const p106: Plan = { k: "literal", value: "replay" }
const p107: Plan = { k: "union", members: [p97, p106], candidates: { by: "literal" }, x: "\"model\" | \"replay\"" }
const p108: Plan = { k: "literal", value: "completed" }
const p109: Plan = { k: "literal", value: "stopped" }
const p110: Plan = { k: "literal", value: "failed" }
const p111: Plan = { k: "literal", value: "step_limit" }
const p112: Plan = { k: "union", members: [p108, p109, p110, p111], candidates: { by: "literal" }, x: "\"completed\" | \"stopped\" | \"failed\" | \"step_limit\"" }
const p113: Plan = { k: "object", properties: [{ name: "code", plan: { k: "string" } }, { name: "message", plan: { k: "string" } }] }
const p114: Plan = { k: "object", properties: [{ name: "step", plan: { k: "number" } }, { name: "reason", plan: { k: "string" } }] }
const p115: Plan = { k: "object", properties: [{ name: "step", plan: { k: "number" } }, { name: "from", plan: { k: "string" } }, { name: "to", plan: { k: "string" } }] }
const p116: Check = { f: "maxLength", n: 1000, x: "a value with a length of at most 1000" }
const p117: Plan = { k: "array", item: p115, checks: [p116] }
const p118: Plan = { k: "object", properties: [{ name: "done", plan: { k: "number" } }, { name: "of", plan: { k: "number" } }, { name: "stoppedAt", plan: p114, optional: true }, { name: "retargeted", plan: p117, optional: true }] }
const p119: Plan = { k: "object", properties: [{ name: "routineId", plan: p1 }, { name: "runId", plan: p1 }, { name: "conversationId", plan: p1 }, { name: "trigger", plan: p105 }, { name: "mode", plan: p107 }, { name: "startedAt", plan: p67 }, { name: "finishedAt", plan: p67 }, { name: "status", plan: p112 }, { name: "report", plan: { k: "string" }, optional: true }, { name: "summary", plan: { k: "string" } }, { name: "error", plan: p113, optional: true }, { name: "replay", plan: p118, optional: true }] }

export const Settings: DecoderOf<typeof contracts.Settings> = decoderOf({ k: "object", properties: [{ name: "version", plan: { k: "literal", value: 2 }, default: { value: 2 } }, { name: "providers", plan: { k: "array", item: { k: "object", properties: [{ name: "id", plan: p1 }, { name: "name", plan: p1 }, { name: "kind", plan: { k: "union", members: [{ k: "literal", value: "openai" }, { k: "literal", value: "anthropic" }, { k: "literal", value: "ollama" }], candidates: { by: "literal" }, x: "\"openai\" | \"anthropic\" | \"ollama\"" } }, { name: "baseUrl", plan: p3 }, { name: "apiKey", plan: { k: "string" }, optional: true }, { name: "models", plan: p4, optional: true }, { name: "preset", plan: { k: "string" }, optional: true }, { name: "quirks", plan: { k: "object", properties: [{ name: "maxCompletionTokens", plan: { k: "boolean" }, optional: true }, { name: "sendReasoningBack", plan: { k: "boolean" }, optional: true }] }, optional: true }, { name: "contextWindow", plan: p8, optional: true }, { name: "vision", plan: p9, optional: true }] } }, default: { value: [] } }, { name: "defaultModel", plan: p10, optional: true }, { name: "summaryModel", plan: p10, optional: true }, { name: "stepLimit", plan: p12, default: { value: 50 } }, { name: "askUserTimeoutMs", plan: p14, default: { value: 300000 } }, { name: "summaryTimeoutMs", plan: { k: "number", checks: [p5, p6, p7, { f: "lte", n: 1800000, x: "a value less than or equal to 1800000" }] }, default: { value: 120000 } }, { name: "subAgentTimeLimitMs", plan: p14, default: { value: 600000 } }, { name: "search", plan: { k: "object", properties: [{ name: "engine", plan: { k: "union", members: [{ k: "literal", value: "duckduckgo" }, { k: "literal", value: "bing" }, { k: "literal", value: "baidu" }, { k: "literal", value: "google" }], candidates: { by: "literal" }, x: "\"duckduckgo\" | \"bing\" | \"baidu\" | \"google\"" }, default: { value: "duckduckgo" } }, { name: "duckduckgoHtmlEndpoint", plan: p3, default: { value: "https://html.duckduckgo.com/html/" } }, { name: "duckduckgoLiteEndpoint", plan: p3, default: { value: "https://lite.duckduckgo.com/lite/" } }, { name: "baiduEndpoint", plan: p3, default: { value: "https://www.baidu.com/s" } }, { name: "bingEndpoint", plan: p3, default: { value: "https://api.bing.microsoft.com/v7.0/search" } }, { name: "bingApiKey", plan: { k: "string" }, optional: true }, { name: "googleEndpoint", plan: p3, default: { value: "https://www.googleapis.com/customsearch/v1" } }, { name: "googleApiKey", plan: { k: "string" }, optional: true }, { name: "googleCseId", plan: { k: "string" }, optional: true }] }, default: { value: {  } } }, { name: "confirmations", plan: { k: "object", properties: [{ name: "execute_script", plan: p18, default: { value: "always" } }, { name: "close_tab", plan: p18, default: { value: "always" } }, { name: "navigate_user_tab", plan: p18, default: { value: "always" } }, { name: "send_read_data", plan: p18, default: { value: "once_per_site" } }] }, default: { value: {  } } }, { name: "allowedSites", plan: p22, default: { value: [] } }, { name: "allowedSitesFrom", plan: { k: "object", properties: [], indexes: [{ key: p20, value: { k: "string" } }] }, default: { value: {  } } }, { name: "publicOrigins", plan: p22, default: { value: [] } }, { name: "systemPrompt", plan: { k: "string" }, default: { value: "" } }, { name: "workspace", plan: { k: "object", properties: [{ name: "historyDays", plan: { k: "number", checks: [p5, p6, p7, { f: "lte", n: 365, x: "a value less than or equal to 365" }] }, default: { value: 7 } }, { name: "historyMaxBytes", plan: p8, default: { value: 268435456 } }] }, default: { value: {  } } }, { name: "sandbox", plan: { k: "object", properties: [{ name: "maxMemoryBytes", plan: { k: "number", checks: [p5, p6, p7, { f: "between", min: 33554432, max: 4294967296, x: "a value between 33554432 and 4294967296" }] }, default: { value: 268435456 } }] }, default: { value: {  } } }, { name: "limits", plan: { k: "object", properties: [{ name: "tabsPerRun", plan: p12, default: { value: 20 } }, { name: "filesPerRun", plan: p8, default: { value: 200 } }, { name: "bytesPerRun", plan: p8, default: { value: 268435456 } }] }, default: { value: {  } } }, { name: "research", plan: { k: "object", properties: [{ name: "researchers", plan: { k: "number", checks: [p5, p6, p7, { f: "lte", n: 8, x: "a value less than or equal to 8" }] }, default: { value: 4 } }, { name: "steps", plan: { k: "number", checks: [p5, p6, p7, { f: "lte", n: 2000, x: "a value less than or equal to 2000" }] }, default: { value: 160 } }, { name: "tokens", plan: { k: "number", checks: [p5, p6, p7, { f: "lte", n: 100000000, x: "a value less than or equal to 100000000" }] }, default: { value: 2000000 } }, { name: "wallMs", plan: { k: "number", checks: [p5, p6, p7, { f: "lte", n: 14400000, x: "a value less than or equal to 14400000" }] }, default: { value: 900000 } }] }, default: { value: {  } } }, { name: "capture", plan: { k: "object", properties: [{ name: "maxSide", plan: { k: "number", checks: [p5, p6, p7, { f: "between", min: 256, max: 8000, x: "a value between 256 and 8000" }] }, default: { value: 1568 } }, { name: "maxBytes", plan: { k: "number", checks: [p5, p6, p7, { f: "between", min: 32768, max: 20971520, x: "a value between 32768 and 20971520" }] }, default: { value: 1048576 } }, { name: "conversationBytes", plan: { k: "number", checks: [p5, p6, p7, { f: "between", min: 1048576, max: 1073741824, x: "a value between 1048576 and 1073741824" }] }, default: { value: 33554432 } }] }, default: { value: {  } } }, { name: "model", plan: { k: "object", properties: [{ name: "maxRetries", plan: { k: "number", checks: [p5, p6, { f: "between", min: 0, max: 10, x: "a value between 0 and 10" }] }, default: { value: 3 } }, { name: "retryBaseDelayMs", plan: p8, default: { value: 1000 } }, { name: "retryMaxDelayMs", plan: p8, default: { value: 60000 } }, { name: "stallTimeoutMs", plan: p8, default: { value: 60000 } }, { name: "toolResultMaxChars", plan: p8, default: { value: 30000 } }, { name: "keepWholeResults", plan: { k: "boolean" }, default: { value: false } }, { name: "maxOutputTokens", plan: p8, default: { value: 8192 } }, { name: "maxResponseBytes", plan: { k: "number", checks: [p5, p6, p7, { f: "between", min: 65536, max: 268435456, x: "a value between 65536 and 268435456" }] }, default: { value: 8388608 } }] }, default: { value: {  } } }] })
export const routeParams = {
  "mesh.ensure": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["mesh.ensure"]>,
  "mesh.ping": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["mesh.ping"]>,
  "action.setWaiting": decoderOf({ k: "object", properties: [{ name: "count", plan: { k: "number", checks: [p5, p6, { f: "gte", n: 0, x: "a value greater than or equal to 0" }] } }] }) as DecoderOf<(typeof contracts.routeParams)["action.setWaiting"]>,
  "settings.get": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["settings.get"]>,
  "providers.resolve": decoderOf({ k: "object", properties: [{ name: "providerId", plan: { k: "string" } }] }) as DecoderOf<(typeof contracts.routeParams)["providers.resolve"]>,
  "search.credentials": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["search.credentials"]>,
  "settings.update": decoderOf({ k: "unknown" }) as DecoderOf<(typeof contracts.routeParams)["settings.update"]>,
  "tabs.query": decoderOf({ k: "object", properties: [{ name: "url_pattern", plan: { k: "string" }, optional: true }, { name: "title_pattern", plan: { k: "string" }, optional: true }, { name: "active", plan: { k: "boolean" }, optional: true }, { name: "window_id", plan: p24, optional: true }, { name: "audible", plan: { k: "boolean" }, optional: true }] }) as DecoderOf<(typeof contracts.routeParams)["tabs.query"]>,
  "tabs.active": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["tabs.active"]>,
  "tabs.open": decoderOf({ k: "object", properties: [{ name: "url", plan: p1 }, { name: "tab_id", plan: p24, optional: true }, { name: "active", plan: { k: "boolean" }, default: { value: true } }, { name: "window_id", plan: p24, optional: true }, { name: "wait_until_loaded", plan: { k: "boolean" }, default: { value: true } }, { name: "fresh", plan: { k: "boolean" }, optional: true }] }) as DecoderOf<(typeof contracts.routeParams)["tabs.open"]>,
  "tabs.close": decoderOf(p25) as DecoderOf<(typeof contracts.routeParams)["tabs.close"]>,
  "tabs.activate": decoderOf(p25) as DecoderOf<(typeof contracts.routeParams)["tabs.activate"]>,
  "userScripts.status": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["userScripts.status"]>,
  "userScripts.openDetails": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["userScripts.openDetails"]>,
  "scripting.runInPage": decoderOf({ k: "object", properties: [{ name: "tabId", plan: { k: "number" } }, { name: "program", plan: { k: "string" } }] }) as DecoderOf<(typeof contracts.routeParams)["scripting.runInPage"]>,
  "page.readContent": decoderOf({ k: "object", properties: [{ name: "tab_id", plan: p24 }, { name: "selector", plan: { k: "string" }, optional: true }, { name: "limit", plan: { k: "number" }, optional: true }, { name: "audit", plan: { k: "boolean" }, optional: true }] }) as DecoderOf<(typeof contracts.routeParams)["page.readContent"]>,
  "page.capture": decoderOf({ k: "object", properties: [{ name: "tab_id", plan: p24 }, { name: "selector", plan: { k: "string" }, optional: true }, { name: "marks", plan: { k: "boolean" }, optional: true }] }) as DecoderOf<(typeof contracts.routeParams)["page.capture"]>,
  "customTools.list": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["customTools.list"]>,
  "customTools.put": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["customTools.put"]>,
  "customTools.delete": decoderOf(p28) as DecoderOf<(typeof contracts.routeParams)["customTools.delete"]>,
  "web.redirectTarget": decoderOf(p29) as DecoderOf<(typeof contracts.routeParams)["web.redirectTarget"]>,
  "web.responseAddress": decoderOf(p29) as DecoderOf<(typeof contracts.routeParams)["web.responseAddress"]>,
  "fence.set": decoderOf({ k: "object", properties: [{ name: "conversationId", plan: { k: "string" } }, { name: "tabs", plan: { k: "array", item: { k: "number" } } }, { name: "allowed", plan: { k: "union", members: [p4, { k: "null" }], candidates: { by: "type", types: [["array"], ["null"]] }, x: "array | null" } }] }) as DecoderOf<(typeof contracts.routeParams)["fence.set"]>,
  "mcp.list": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["mcp.list"]>,
  "mcp.server": decoderOf(p28) as DecoderOf<(typeof contracts.routeParams)["mcp.server"]>,
  "mcp.put": decoderOf(p50) as DecoderOf<(typeof contracts.routeParams)["mcp.put"]>,
  "mcp.restore": decoderOf({ k: "object", properties: [{ name: "name", plan: { k: "string" } }, { name: "url", plan: { k: "string" } }] }) as DecoderOf<(typeof contracts.routeParams)["mcp.restore"]>,
  "mcp.saveAuth": decoderOf({ k: "object", properties: [{ name: "name", plan: { k: "string" } }, { name: "clientInformation", plan: { k: "unknown" }, optional: true }, { name: "tokens", plan: { k: "unknown" }, optional: true }] }) as DecoderOf<(typeof contracts.routeParams)["mcp.saveAuth"]>,
  "mcp.authorize": decoderOf(p29) as DecoderOf<(typeof contracts.routeParams)["mcp.authorize"]>,
  "mcp.redirectUrl": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["mcp.redirectUrl"]>,
  "mcp.saveSession": decoderOf({ k: "object", properties: [{ name: "name", plan: { k: "string" } }, { name: "session", plan: p51, optional: true }] }) as DecoderOf<(typeof contracts.routeParams)["mcp.saveSession"]>,
  "mcp.delete": decoderOf(p28) as DecoderOf<(typeof contracts.routeParams)["mcp.delete"]>,
  "system.memory": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["system.memory"]>,
  "routines.list": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["routines.list"]>,
  "routines.put": decoderOf(p101) as DecoderOf<(typeof contracts.routeParams)["routines.put"]>,
  "routines.delete": decoderOf(p102) as DecoderOf<(typeof contracts.routeParams)["routines.delete"]>,
  "routines.history": decoderOf(p102) as DecoderOf<(typeof contracts.routeParams)["routines.history"]>,
  "routines.recordRun": decoderOf(p119) as DecoderOf<(typeof contracts.routeParams)["routines.recordRun"]>,
  "routines.takeDue": decoderOf(p23) as DecoderOf<(typeof contracts.routeParams)["routines.takeDue"]>,
  "notifications.show": decoderOf({ k: "object", properties: [{ name: "id", plan: p1 }, { name: "title", plan: { k: "string", checks: [p52] } }, { name: "summary", plan: { k: "string", checks: [p116] } }, { name: "status", plan: { k: "union", members: [p108, p109, p110, p111, { k: "literal", value: "paused" }], candidates: { by: "literal" }, x: "\"completed\" | \"stopped\" | \"failed\" | \"step_limit\" | \"paused\"" } }] }) as DecoderOf<(typeof contracts.routeParams)["notifications.show"]>,
  "debug.alarms.fire": decoderOf({ k: "object", properties: [{ name: "until", plan: p67 }, { name: "startup", plan: { k: "boolean" }, optional: true }] }) as DecoderOf<(typeof contracts.routeParams)["debug.alarms.fire"]>,
  "replay.identify": decoderOf({ k: "object", properties: [{ name: "tab_id", plan: { k: "number" } }, { name: "targets", plan: p93 }] }) as DecoderOf<(typeof contracts.routeParams)["replay.identify"]>,
}
export const stored = {
  "customTool": decoderOf(p27) as DecoderOf<(typeof contracts.stored)["customTool"]>,
  "mcpServer": decoderOf(p50) as DecoderOf<(typeof contracts.stored)["mcpServer"]>,
  "mcpSession": decoderOf(p51) as DecoderOf<(typeof contracts.stored)["mcpSession"]>,
  "routine": decoderOf(p101) as DecoderOf<(typeof contracts.stored)["routine"]>,
  "routineRun": decoderOf(p119) as DecoderOf<(typeof contracts.stored)["routineRun"]>,
  "routineDue": decoderOf({ k: "object", properties: [{ name: "routineId", plan: { k: "string" } }, { name: "trigger", plan: p105 }, { name: "at", plan: p67 }, { name: "tab", plan: { k: "object", properties: [{ name: "id", plan: { k: "number" } }, { name: "url", plan: { k: "string" } }] }, optional: true }] }) as DecoderOf<(typeof contracts.stored)["routineDue"]>,
}
