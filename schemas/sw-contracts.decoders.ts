// Written by `npm run docs` from ./sw-contracts.ts (scripts/decoder-plans.ts): its schemas' decoders, without Effect.
// Not edited by hand; `npm run docs:check` checks it.
import { decoderOf, type Check, type DecoderOf, type Plan } from "./decode-plan.ts"
import type * as contracts from "./sw-contracts.ts"

const p0: Check = { f: "minLength", n: 1, x: "a value with a length of at least 1" }
const p1: Plan = { k: "string", x: "string", checks: [p0] }
const p2: Check = { f: "predicate", name: "httpUrl", x: "an http or https URL" }
const p3: Plan = { k: "string", x: "string", checks: [p2] }
const p4: Plan = { k: "string", x: "string" }
const p5: Plan = { k: "array", item: p4, x: "array" }
const p6: Plan = { k: "boolean", x: "boolean" }
const p7: Check = { f: "finite", x: "a finite number" }
const p8: Check = { f: "int", x: "a whole number" }
const p9: Check = { f: "gte", n: 1, x: "a value greater than or equal to 1" }
const p10: Plan = { k: "number", x: "number", checks: [p7, p8, p9] }
const p11: Plan = { k: "object", properties: [], indexes: [{ key: "any", value: p6 }], x: "object" }
const p12: Plan = { k: "object", properties: [{ name: "providerId", plan: p1 }, { name: "model", plan: p1 }], indexes: [], x: "object" }
const p13: Check = { f: "lte", n: 1000, x: "a value less than or equal to 1000" }
const p14: Plan = { k: "number", x: "number", checks: [p7, p8, p9, p13] }
const p15: Check = { f: "lte", n: 3600000, x: "a value less than or equal to 3600000" }
const p16: Plan = { k: "number", x: "number", checks: [p7, p8, p9, p15] }
const p17: Plan = { k: "literal", value: "always", x: "\"always\"" }
const p18: Plan = { k: "literal", value: "once_per_site", x: "\"once_per_site\"" }
const p19: Plan = { k: "literal", value: "never", x: "\"never\"" }
const p20: Plan = { k: "union", members: [p17, p18, p19], candidates: { by: "literal" }, x: "\"always\" | \"once_per_site\" | \"never\"" }
const p21: Check = { f: "predicate", name: "httpOrigin", x: "an http or https origin such as https://example.com" }
const p22: Plan = { k: "string", x: "string", checks: [p21] }
const p23: Check = { f: "maxLength", n: 500, x: "a value with a length of at most 500" }
const p24: Plan = { k: "array", item: p22, x: "array", checks: [p23] }
const p25: Plan = { k: "unknown", x: "unknown" }
const p26: Plan = { k: "undefined", x: "undefined" }
const p27: Plan = { k: "union", members: [p25, p26], candidates: { by: "type", types: [["null", "undefined", "string", "number", "boolean", "symbol", "bigint", "object", "array", "function"], ["undefined"]] }, x: "unknown | undefined" }
const p28: Plan = { k: "number", x: "number", checks: [p7, p8] }
const p29: Plan = { k: "object", properties: [{ name: "tab_id", plan: p28 }], indexes: [], x: "object" }
const p30: Plan = { k: "number", x: "number" }
const p31: Plan = { k: "object", properties: [], indexes: [{ key: "any", value: p25 }], x: "object" }
const p32: Plan = { k: "object", properties: [{ name: "name", plan: p4 }, { name: "description", plan: p4 }, { name: "parameters", plan: p31 }, { name: "code", plan: p4 }, { name: "enabled", plan: p6 }, { name: "createdAt", plan: p30 }, { name: "overrides", plan: p11, optional: true }], indexes: [], x: "object" }
const p33: Plan = { k: "object", properties: [{ name: "name", plan: p4 }], indexes: [], x: "object" }
const p34: Plan = { k: "object", properties: [{ name: "url", plan: p4 }], indexes: [], x: "object" }
const p35: Plan = { k: "literal", value: "oauth", x: "\"oauth\"" }
const p36: Plan = { k: "literal", value: "client_credentials", x: "\"client_credentials\"" }
const p37: Plan = { k: "union", members: [p35, p36], candidates: { by: "literal" }, x: "\"oauth\" | \"client_credentials\"" }
const p38: Plan = { k: "literal", value: "ES256", x: "\"ES256\"" }
const p39: Plan = { k: "literal", value: "ES384", x: "\"ES384\"" }
const p40: Plan = { k: "literal", value: "RS256", x: "\"RS256\"" }
const p41: Plan = { k: "literal", value: "PS256", x: "\"PS256\"" }
const p42: Plan = { k: "union", members: [p38, p39, p40, p41], candidates: { by: "literal" }, x: "\"ES256\" | \"ES384\" | \"RS256\" | \"PS256\"" }
const p43: Plan = { k: "object", properties: [{ name: "clientInformation", plan: p25, optional: true }, { name: "tokens", plan: p25, optional: true }], indexes: [], x: "object" }
const p44: Plan = { k: "literal", value: "streamable_http", x: "\"streamable_http\"" }
const p45: Plan = { k: "literal", value: "sse", x: "\"sse\"" }
const p46: Plan = { k: "union", members: [p44, p45], candidates: { by: "literal" }, x: "\"streamable_http\" | \"sse\"" }
const p47: Plan = { k: "object", properties: [{ name: "title", plan: p4, optional: true }, { name: "readOnlyHint", plan: p6, optional: true }, { name: "destructiveHint", plan: p6, optional: true }, { name: "idempotentHint", plan: p6, optional: true }, { name: "openWorldHint", plan: p6, optional: true }], indexes: [], x: "object" }
const p48: Plan = { k: "object", properties: [{ name: "name", plan: p4 }, { name: "title", plan: p4, optional: true }, { name: "description", plan: p4 }, { name: "inputSchema", plan: p31 }, { name: "annotations", plan: p47, optional: true }, { name: "enabled", plan: p6 }, { name: "overrides", plan: p11, optional: true }], indexes: [], x: "object" }
const p49: Plan = { k: "array", item: p48, x: "array" }
const p50: Plan = { k: "literal", value: "added", x: "\"added\"" }
const p51: Plan = { k: "literal", value: "changed", x: "\"changed\"" }
const p52: Plan = { k: "union", members: [p50, p51], candidates: { by: "literal" }, x: "\"added\" | \"changed\"" }
const p53: Plan = { k: "object", properties: [{ name: "name", plan: p4 }, { name: "title", plan: p4, optional: true }, { name: "description", plan: p4 }, { name: "inputSchema", plan: p31 }, { name: "annotations", plan: p47, optional: true }, { name: "change", plan: p52 }], indexes: [], x: "object" }
const p54: Plan = { k: "array", item: p53, x: "array" }
const p55: Plan = { k: "object", properties: [{ name: "name", plan: p4 }, { name: "url", plan: p4 }, { name: "token", plan: p4, optional: true }, { name: "auth", plan: p37, optional: true }, { name: "clientId", plan: p4, optional: true }, { name: "clientSecret", plan: p4, optional: true }, { name: "privateKey", plan: p4, optional: true }, { name: "keyAlgorithm", plan: p42, optional: true }, { name: "issuer", plan: p4, optional: true }, { name: "clientMetadataUrl", plan: p4, optional: true }, { name: "oauth", plan: p43, optional: true }, { name: "enabled", plan: p6 }, { name: "timeoutMs", plan: p30 }, { name: "transport", plan: p46, optional: true }, { name: "tools", plan: p49 }, { name: "pending", plan: p54 }, { name: "removed", plan: p5, optional: true }, { name: "createdAt", plan: p30 }], indexes: [], x: "object" }
const p56: Plan = { k: "object", properties: [{ name: "sessionId", plan: p4 }, { name: "protocolVersion", plan: p4, optional: true }], indexes: [], x: "object" }
const p57: Check = { f: "maxLength", n: 200, x: "a value with a length of at most 200" }
const p58: Plan = { k: "string", x: "string", checks: [p0, p57] }
const p59: Check = { f: "maxLength", n: 20000, x: "a value with a length of at most 20000" }
const p60: Plan = { k: "string", x: "string", checks: [p0, p59] }
const p61: Plan = { k: "object", properties: [{ name: "providerId", plan: p4 }, { name: "model", plan: p4 }], indexes: [], x: "object" }
const p62: Check = { f: "pattern", source: "^https?:\\/\\/[^/\\s]+$", flags: "", x: "a string matching the RegExp ^https?:\\/\\/[^/\\s]+$" }
const p63: Plan = { k: "string", x: "string", checks: [p62] }
const p64: Check = { f: "maxLength", n: 50, x: "a value with a length of at most 50" }
const p65: Plan = { k: "array", item: p63, x: "array", checks: [p64] }
const p66: Check = { f: "maxLength", n: 512, x: "a value with a length of at most 512" }
const p67: Check = { f: "pattern", source: "^(?!\\/)(?!.*(^|\\/)\\.\\.?(\\/|$)).+$", flags: "", x: "a string matching the RegExp ^(?!\\/)(?!.*(^|\\/)\\.\\.?(\\/|$)).+$" }
const p68: Plan = { k: "string", x: "string", checks: [p0, p66, p67] }
const p69: Plan = { k: "literal", value: "manual", x: "\"manual\"" }
const p70: Plan = { k: "object", properties: [{ name: "kind", plan: p69 }], indexes: [], x: "object" }
const p71: Plan = { k: "literal", value: "once", x: "\"once\"" }
const p72: Plan = { k: "number", x: "number", checks: [p7] }
const p73: Plan = { k: "object", properties: [{ name: "kind", plan: p71 }, { name: "at", plan: p72 }], indexes: [], x: "object" }
const p74: Plan = { k: "literal", value: "every", x: "\"every\"" }
const p75: Check = { f: "int", x: "an integer" }
const p76: Check = { f: "between", min: 1, max: 168, x: "a value between 1 and 168" }
const p77: Plan = { k: "number", x: "number", checks: [p75, p76] }
const p78: Plan = { k: "object", properties: [{ name: "kind", plan: p74 }, { name: "hours", plan: p77 }], indexes: [], x: "object" }
const p79: Plan = { k: "literal", value: "daily", x: "\"daily\"" }
const p80: Check = { f: "pattern", source: "^([01]\\d|2[0-3]):[0-5]\\d$", flags: "", x: "a string matching the RegExp ^([01]\\d|2[0-3]):[0-5]\\d$" }
const p81: Plan = { k: "string", x: "string", checks: [p80] }
const p82: Plan = { k: "object", properties: [{ name: "kind", plan: p79 }, { name: "time", plan: p81 }], indexes: [], x: "object" }
const p83: Plan = { k: "literal", value: "weekdays", x: "\"weekdays\"" }
const p84: Plan = { k: "object", properties: [{ name: "kind", plan: p83 }, { name: "time", plan: p81 }], indexes: [], x: "object" }
const p85: Plan = { k: "literal", value: "startup", x: "\"startup\"" }
const p86: Plan = { k: "object", properties: [{ name: "kind", plan: p85 }], indexes: [], x: "object" }
const p87: Plan = { k: "literal", value: "tab", x: "\"tab\"" }
const p88: Check = { f: "maxLength", n: 2048, x: "a value with a length of at most 2048" }
const p89: Check = { f: "pattern", source: "^https?:\\/\\/[^/\\s]+(\\/\\S*)?$|^\\*:\\/\\/[^/\\s]+(\\/\\S*)?$", flags: "", x: "a string matching the RegExp ^https?:\\/\\/[^/\\s]+(\\/\\S*)?$|^\\*:\\/\\/[^/\\s]+(\\/\\S*)?$" }
const p90: Plan = { k: "string", x: "string", checks: [p88, p89] }
const p91: Plan = { k: "object", properties: [{ name: "kind", plan: p87 }, { name: "urlPattern", plan: p90 }], indexes: [], x: "object" }
const p92: Plan = { k: "union", members: [p70, p73, p78, p82, p84, p86, p91], candidates: { by: "key", key: "kind", values: ["manual", "once", "every", "daily", "weekdays", "startup", "tab"] }, x: "{ readonly \"kind\": \"manual\", ... } | { readonly \"kind\": \"once\", ... } | { readonly \"kind\": \"every\", ... } | { readonly \"kind\": \"daily\", ... } | { readonly \"kind\": \"weekdays\", ... } | { readonly \"kind\": \"startup\", ... } | { readonly \"kind\": \"tab\", ... }" }
const p93: Plan = { k: "literal", value: "pause", x: "\"pause\"" }
const p94: Plan = { k: "literal", value: "refuse", x: "\"refuse\"" }
const p95: Plan = { k: "union", members: [p93, p94], candidates: { by: "literal" }, x: "\"pause\" | \"refuse\"" }
const p96: Plan = { k: "object", properties: [{ name: "selector", plan: p4 }, { name: "kind", plan: p4 }, { name: "name", plan: p4 }, { name: "href", plan: p4, optional: true }], indexes: [], x: "object" }
const p97: Check = { f: "maxLength", n: 20, x: "a value with a length of at most 20" }
const p98: Plan = { k: "array", item: p96, x: "array", checks: [p97] }
const p99: Plan = { k: "object", properties: [{ name: "tool", plan: p1 }, { name: "params", plan: p25 }, { name: "shape", plan: p4 }, { name: "targets", plan: p98, optional: true }, { name: "opened", plan: p30, optional: true }], indexes: [], x: "object" }
const p100: Plan = { k: "array", item: p99, x: "array", checks: [p0, p64] }
const p101: Plan = { k: "object", properties: [], indexes: [{ key: "any", value: p4 }], x: "object" }
const p102: Plan = { k: "literal", value: "model", x: "\"model\"" }
const p103: Plan = { k: "literal", value: "report", x: "\"report\"" }
const p104: Plan = { k: "union", members: [p102, p103], candidates: { by: "literal" }, x: "\"model\" | \"report\"" }
const p105: Plan = { k: "object", properties: [{ name: "steps", plan: p100 }, { name: "values", plan: p101, optional: true }, { name: "onMismatch", plan: p104 }], indexes: [], x: "object" }
const p106: Plan = { k: "object", properties: [{ name: "id", plan: p1 }, { name: "name", plan: p58 }, { name: "prompt", plan: p60 }, { name: "model", plan: p61, optional: true }, { name: "instructions", plan: p4, optional: true }, { name: "sites", plan: p65 }, { name: "folder", plan: p68 }, { name: "schedule", plan: p92 }, { name: "onConfirm", plan: p95 }, { name: "paused", plan: p6 }, { name: "replay", plan: p105, optional: true }, { name: "createdAt", plan: p72 }, { name: "updatedAt", plan: p72 }], indexes: [], x: "object" }
const p107: Plan = { k: "object", properties: [{ name: "id", plan: p1 }], indexes: [], x: "object" }
const p108: Plan = { k: "literal", value: "schedule", x: "\"schedule\"" }
const p109: Plan = { k: "literal", value: "missed", x: "\"missed\"" }
const p110: Plan = { k: "union", members: [p69, p108, p85, p109, p87], candidates: { by: "literal" }, x: "\"manual\" | \"schedule\" | \"startup\" | \"missed\" | \"tab\"" }
const p111: Plan = { k: "literal", value: "replay", x: "\"replay\"" }
const p112: Plan = { k: "union", members: [p102, p111], candidates: { by: "literal" }, x: "\"model\" | \"replay\"" }
const p113: Plan = { k: "literal", value: "completed", x: "\"completed\"" }
const p114: Plan = { k: "literal", value: "stopped", x: "\"stopped\"" }
const p115: Plan = { k: "literal", value: "failed", x: "\"failed\"" }
const p116: Plan = { k: "literal", value: "step_limit", x: "\"step_limit\"" }
const p117: Plan = { k: "union", members: [p113, p114, p115, p116], candidates: { by: "literal" }, x: "\"completed\" | \"stopped\" | \"failed\" | \"step_limit\"" }
const p118: Plan = { k: "object", properties: [{ name: "code", plan: p4 }, { name: "message", plan: p4 }], indexes: [], x: "object" }
const p119: Plan = { k: "object", properties: [{ name: "step", plan: p30 }, { name: "reason", plan: p4 }], indexes: [], x: "object" }
const p120: Plan = { k: "object", properties: [{ name: "step", plan: p30 }, { name: "from", plan: p4 }, { name: "to", plan: p4 }], indexes: [], x: "object" }
const p121: Check = { f: "maxLength", n: 1000, x: "a value with a length of at most 1000" }
const p122: Plan = { k: "array", item: p120, x: "array", checks: [p121] }
const p123: Plan = { k: "object", properties: [{ name: "done", plan: p30 }, { name: "of", plan: p30 }, { name: "stoppedAt", plan: p119, optional: true }, { name: "retargeted", plan: p122, optional: true }], indexes: [], x: "object" }
const p124: Plan = { k: "object", properties: [{ name: "routineId", plan: p1 }, { name: "runId", plan: p1 }, { name: "conversationId", plan: p1 }, { name: "trigger", plan: p110 }, { name: "mode", plan: p112 }, { name: "startedAt", plan: p72 }, { name: "finishedAt", plan: p72 }, { name: "status", plan: p117 }, { name: "report", plan: p4, optional: true }, { name: "summary", plan: p4 }, { name: "error", plan: p118, optional: true }, { name: "replay", plan: p123, optional: true }], indexes: [], x: "object" }

export const Settings: DecoderOf<typeof contracts.Settings> = decoderOf({ k: "object", properties: [{ name: "version", plan: { k: "literal", value: 2, x: "2" }, default: { value: 2 } }, { name: "providers", plan: { k: "array", item: { k: "object", properties: [{ name: "id", plan: p1 }, { name: "name", plan: p1 }, { name: "kind", plan: { k: "union", members: [{ k: "literal", value: "openai", x: "\"openai\"" }, { k: "literal", value: "anthropic", x: "\"anthropic\"" }, { k: "literal", value: "ollama", x: "\"ollama\"" }], candidates: { by: "literal" }, x: "\"openai\" | \"anthropic\" | \"ollama\"" } }, { name: "baseUrl", plan: p3 }, { name: "apiKey", plan: p4, optional: true }, { name: "models", plan: p5, optional: true }, { name: "preset", plan: p4, optional: true }, { name: "quirks", plan: { k: "object", properties: [{ name: "maxCompletionTokens", plan: p6, optional: true }, { name: "sendReasoningBack", plan: p6, optional: true }], indexes: [], x: "object" }, optional: true }, { name: "contextWindow", plan: p10, optional: true }, { name: "vision", plan: p11, optional: true }], indexes: [], x: "object" }, x: "array" }, default: { value: [] } }, { name: "defaultModel", plan: p12, optional: true }, { name: "summaryModel", plan: p12, optional: true }, { name: "stepLimit", plan: p14, default: { value: 50 } }, { name: "askUserTimeoutMs", plan: p16, default: { value: 300000 } }, { name: "summaryTimeoutMs", plan: { k: "number", x: "number", checks: [p7, p8, p9, { f: "lte", n: 1800000, x: "a value less than or equal to 1800000" }] }, default: { value: 120000 } }, { name: "subAgentTimeLimitMs", plan: p16, default: { value: 600000 } }, { name: "search", plan: { k: "object", properties: [{ name: "engine", plan: { k: "union", members: [{ k: "literal", value: "duckduckgo", x: "\"duckduckgo\"" }, { k: "literal", value: "bing", x: "\"bing\"" }, { k: "literal", value: "baidu", x: "\"baidu\"" }, { k: "literal", value: "google", x: "\"google\"" }], candidates: { by: "literal" }, x: "\"duckduckgo\" | \"bing\" | \"baidu\" | \"google\"" }, default: { value: "duckduckgo" } }, { name: "duckduckgoHtmlEndpoint", plan: p3, default: { value: "https://html.duckduckgo.com/html/" } }, { name: "duckduckgoLiteEndpoint", plan: p3, default: { value: "https://lite.duckduckgo.com/lite/" } }, { name: "baiduEndpoint", plan: p3, default: { value: "https://www.baidu.com/s" } }, { name: "bingEndpoint", plan: p3, default: { value: "https://api.bing.microsoft.com/v7.0/search" } }, { name: "bingApiKey", plan: p4, optional: true }, { name: "googleEndpoint", plan: p3, default: { value: "https://www.googleapis.com/customsearch/v1" } }, { name: "googleApiKey", plan: p4, optional: true }, { name: "googleCseId", plan: p4, optional: true }], indexes: [], x: "object" }, default: { value: {  } } }, { name: "confirmations", plan: { k: "object", properties: [{ name: "execute_script", plan: p20, default: { value: "always" } }, { name: "close_tab", plan: p20, default: { value: "always" } }, { name: "navigate_user_tab", plan: p20, default: { value: "always" } }, { name: "send_read_data", plan: p20, default: { value: "once_per_site" } }], indexes: [], x: "object" }, default: { value: {  } } }, { name: "allowedSites", plan: p24, default: { value: [] } }, { name: "allowedSitesFrom", plan: { k: "object", properties: [], indexes: [{ key: p22, value: p4 }], x: "object" }, default: { value: {  } } }, { name: "publicOrigins", plan: p24, default: { value: [] } }, { name: "systemPrompt", plan: p4, default: { value: "" } }, { name: "workspace", plan: { k: "object", properties: [{ name: "historyDays", plan: { k: "number", x: "number", checks: [p7, p8, p9, { f: "lte", n: 365, x: "a value less than or equal to 365" }] }, default: { value: 7 } }, { name: "historyMaxBytes", plan: p10, default: { value: 268435456 } }], indexes: [], x: "object" }, default: { value: {  } } }, { name: "sandbox", plan: { k: "object", properties: [{ name: "maxMemoryBytes", plan: { k: "number", x: "number", checks: [p7, p8, p9, { f: "between", min: 33554432, max: 4294967296, x: "a value between 33554432 and 4294967296" }] }, default: { value: 268435456 } }], indexes: [], x: "object" }, default: { value: {  } } }, { name: "limits", plan: { k: "object", properties: [{ name: "tabsPerRun", plan: p14, default: { value: 20 } }, { name: "filesPerRun", plan: p10, default: { value: 200 } }, { name: "bytesPerRun", plan: p10, default: { value: 268435456 } }], indexes: [], x: "object" }, default: { value: {  } } }, { name: "research", plan: { k: "object", properties: [{ name: "researchers", plan: { k: "number", x: "number", checks: [p7, p8, p9, { f: "lte", n: 8, x: "a value less than or equal to 8" }] }, default: { value: 4 } }, { name: "steps", plan: { k: "number", x: "number", checks: [p7, p8, p9, { f: "lte", n: 2000, x: "a value less than or equal to 2000" }] }, default: { value: 160 } }, { name: "tokens", plan: { k: "number", x: "number", checks: [p7, p8, p9, { f: "lte", n: 100000000, x: "a value less than or equal to 100000000" }] }, default: { value: 2000000 } }, { name: "wallMs", plan: { k: "number", x: "number", checks: [p7, p8, p9, { f: "lte", n: 14400000, x: "a value less than or equal to 14400000" }] }, default: { value: 900000 } }], indexes: [], x: "object" }, default: { value: {  } } }, { name: "capture", plan: { k: "object", properties: [{ name: "maxSide", plan: { k: "number", x: "number", checks: [p7, p8, p9, { f: "between", min: 256, max: 8000, x: "a value between 256 and 8000" }] }, default: { value: 1568 } }, { name: "maxBytes", plan: { k: "number", x: "number", checks: [p7, p8, p9, { f: "between", min: 32768, max: 20971520, x: "a value between 32768 and 20971520" }] }, default: { value: 1048576 } }, { name: "conversationBytes", plan: { k: "number", x: "number", checks: [p7, p8, p9, { f: "between", min: 1048576, max: 1073741824, x: "a value between 1048576 and 1073741824" }] }, default: { value: 33554432 } }], indexes: [], x: "object" }, default: { value: {  } } }, { name: "model", plan: { k: "object", properties: [{ name: "maxRetries", plan: { k: "number", x: "number", checks: [p7, p8, { f: "between", min: 0, max: 10, x: "a value between 0 and 10" }] }, default: { value: 3 } }, { name: "retryBaseDelayMs", plan: p10, default: { value: 1000 } }, { name: "retryMaxDelayMs", plan: p10, default: { value: 60000 } }, { name: "stallTimeoutMs", plan: p10, default: { value: 60000 } }, { name: "toolResultMaxChars", plan: p10, default: { value: 30000 } }, { name: "keepWholeResults", plan: p6, default: { value: false } }, { name: "maxOutputTokens", plan: p10, default: { value: 8192 } }, { name: "maxResponseBytes", plan: { k: "number", x: "number", checks: [p7, p8, p9, { f: "between", min: 65536, max: 268435456, x: "a value between 65536 and 268435456" }] }, default: { value: 8388608 } }], indexes: [], x: "object" }, default: { value: {  } } }], indexes: [], x: "object" })
export const routeParams = {
  "mesh.ensure": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["mesh.ensure"]>,
  "mesh.ping": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["mesh.ping"]>,
  "action.setWaiting": decoderOf({ k: "object", properties: [{ name: "count", plan: { k: "number", x: "number", checks: [p7, p8, { f: "gte", n: 0, x: "a value greater than or equal to 0" }] } }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["action.setWaiting"]>,
  "settings.get": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["settings.get"]>,
  "providers.resolve": decoderOf({ k: "object", properties: [{ name: "providerId", plan: p4 }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["providers.resolve"]>,
  "search.credentials": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["search.credentials"]>,
  "settings.update": decoderOf(p25) as DecoderOf<(typeof contracts.routeParams)["settings.update"]>,
  "tabs.query": decoderOf({ k: "object", properties: [{ name: "url_pattern", plan: p4, optional: true }, { name: "title_pattern", plan: p4, optional: true }, { name: "active", plan: p6, optional: true }, { name: "window_id", plan: p28, optional: true }, { name: "audible", plan: p6, optional: true }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["tabs.query"]>,
  "tabs.active": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["tabs.active"]>,
  "tabs.open": decoderOf({ k: "object", properties: [{ name: "url", plan: p1 }, { name: "tab_id", plan: p28, optional: true }, { name: "active", plan: p6, default: { value: true } }, { name: "window_id", plan: p28, optional: true }, { name: "wait_until_loaded", plan: p6, default: { value: true } }, { name: "fresh", plan: p6, optional: true }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["tabs.open"]>,
  "tabs.close": decoderOf(p29) as DecoderOf<(typeof contracts.routeParams)["tabs.close"]>,
  "tabs.activate": decoderOf(p29) as DecoderOf<(typeof contracts.routeParams)["tabs.activate"]>,
  "userScripts.status": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["userScripts.status"]>,
  "userScripts.openDetails": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["userScripts.openDetails"]>,
  "scripting.runInPage": decoderOf({ k: "object", properties: [{ name: "tabId", plan: p30 }, { name: "program", plan: p4 }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["scripting.runInPage"]>,
  "page.readContent": decoderOf({ k: "object", properties: [{ name: "tab_id", plan: p28 }, { name: "selector", plan: p4, optional: true }, { name: "limit", plan: p30, optional: true }, { name: "audit", plan: p6, optional: true }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["page.readContent"]>,
  "page.capture": decoderOf({ k: "object", properties: [{ name: "tab_id", plan: p28 }, { name: "selector", plan: p4, optional: true }, { name: "marks", plan: p6, optional: true }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["page.capture"]>,
  "customTools.list": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["customTools.list"]>,
  "customTools.put": decoderOf(p32) as DecoderOf<(typeof contracts.routeParams)["customTools.put"]>,
  "customTools.delete": decoderOf(p33) as DecoderOf<(typeof contracts.routeParams)["customTools.delete"]>,
  "web.redirectTarget": decoderOf(p34) as DecoderOf<(typeof contracts.routeParams)["web.redirectTarget"]>,
  "web.responseAddress": decoderOf(p34) as DecoderOf<(typeof contracts.routeParams)["web.responseAddress"]>,
  "fence.set": decoderOf({ k: "object", properties: [{ name: "conversationId", plan: p4 }, { name: "tabs", plan: { k: "array", item: p30, x: "array" } }, { name: "allowed", plan: { k: "union", members: [p5, { k: "null", x: "null" }], candidates: { by: "type", types: [["array"], ["null"]] }, x: "array | null" } }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["fence.set"]>,
  "mcp.list": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["mcp.list"]>,
  "mcp.server": decoderOf(p33) as DecoderOf<(typeof contracts.routeParams)["mcp.server"]>,
  "mcp.put": decoderOf(p55) as DecoderOf<(typeof contracts.routeParams)["mcp.put"]>,
  "mcp.restore": decoderOf({ k: "object", properties: [{ name: "name", plan: p4 }, { name: "url", plan: p4 }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["mcp.restore"]>,
  "mcp.saveAuth": decoderOf({ k: "object", properties: [{ name: "name", plan: p4 }, { name: "clientInformation", plan: p25, optional: true }, { name: "tokens", plan: p25, optional: true }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["mcp.saveAuth"]>,
  "mcp.authorize": decoderOf(p34) as DecoderOf<(typeof contracts.routeParams)["mcp.authorize"]>,
  "mcp.redirectUrl": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["mcp.redirectUrl"]>,
  "mcp.saveSession": decoderOf({ k: "object", properties: [{ name: "name", plan: p4 }, { name: "session", plan: p56, optional: true }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["mcp.saveSession"]>,
  "mcp.delete": decoderOf(p33) as DecoderOf<(typeof contracts.routeParams)["mcp.delete"]>,
  "system.memory": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["system.memory"]>,
  "routines.list": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["routines.list"]>,
  "routines.put": decoderOf(p106) as DecoderOf<(typeof contracts.routeParams)["routines.put"]>,
  "routines.delete": decoderOf(p107) as DecoderOf<(typeof contracts.routeParams)["routines.delete"]>,
  "routines.history": decoderOf(p107) as DecoderOf<(typeof contracts.routeParams)["routines.history"]>,
  "routines.recordRun": decoderOf(p124) as DecoderOf<(typeof contracts.routeParams)["routines.recordRun"]>,
  "routines.takeDue": decoderOf(p27) as DecoderOf<(typeof contracts.routeParams)["routines.takeDue"]>,
  "notifications.show": decoderOf({ k: "object", properties: [{ name: "id", plan: p1 }, { name: "title", plan: { k: "string", x: "string", checks: [p57] } }, { name: "summary", plan: { k: "string", x: "string", checks: [p121] } }, { name: "status", plan: { k: "union", members: [p113, p114, p115, p116, { k: "literal", value: "paused", x: "\"paused\"" }], candidates: { by: "literal" }, x: "\"completed\" | \"stopped\" | \"failed\" | \"step_limit\" | \"paused\"" } }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["notifications.show"]>,
  "debug.alarms.fire": decoderOf({ k: "object", properties: [{ name: "until", plan: p72 }, { name: "startup", plan: p6, optional: true }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["debug.alarms.fire"]>,
  "replay.identify": decoderOf({ k: "object", properties: [{ name: "tab_id", plan: p30 }, { name: "targets", plan: p98 }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.routeParams)["replay.identify"]>,
}
export const stored = {
  "customTool": decoderOf(p32) as DecoderOf<(typeof contracts.stored)["customTool"]>,
  "mcpServer": decoderOf(p55) as DecoderOf<(typeof contracts.stored)["mcpServer"]>,
  "mcpSession": decoderOf(p56) as DecoderOf<(typeof contracts.stored)["mcpSession"]>,
  "routine": decoderOf(p106) as DecoderOf<(typeof contracts.stored)["routine"]>,
  "routineRun": decoderOf(p124) as DecoderOf<(typeof contracts.stored)["routineRun"]>,
  "routineDue": decoderOf({ k: "object", properties: [{ name: "routineId", plan: p4 }, { name: "trigger", plan: p110 }, { name: "at", plan: p72 }, { name: "tab", plan: { k: "object", properties: [{ name: "id", plan: p30 }, { name: "url", plan: p4 }], indexes: [], x: "object" }, optional: true }], indexes: [], x: "object" }) as DecoderOf<(typeof contracts.stored)["routineDue"]>,
}
