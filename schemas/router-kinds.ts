/** The kinds of the messages to and from the service worker's router, apart from the reply's schema (router.ts): plain data it loads without Effect Schema. */
export const ROUTER_MESSAGE_KIND = "agent-mesh/router"
/** The service worker to the offscreen document: the stored settings changed (shell/hub/settings-cache.ts). */
export const SETTINGS_CHANGED_KIND = "agent-mesh/settings-changed"
