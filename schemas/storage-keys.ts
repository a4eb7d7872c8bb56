/**
 * The keys of chrome.storage.local that the service worker keeps lists under: plain data, apart
 * from the lists' schemas, so it loads them without Effect Schema.
 */
export const CUSTOM_TOOLS_KEY = "customTools"
export const MCP_SERVERS_KEY = "mcpServers"
export const ROUTINES_KEY = "routines"
export const ROUTINE_RUNS_KEY = "routineRuns"
