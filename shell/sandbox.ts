/**
 * The sandbox page: a unique origin with no extension API and no access to the extension's
 * storage. It answers pings now; execute_script's sandbox target runs here (tabs issue).
 */
window.addEventListener("message", (event: MessageEvent) => {
  const data = event.data as { type?: unknown; id?: unknown } | null
  if (data?.type === "ping") (event.source as WindowProxy | null)?.postMessage({ type: "pong", id: data.id }, { targetOrigin: "*" })
})
