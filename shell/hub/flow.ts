/**
 * The flow rule's pure parts: which labels a call's result adds to a run, what of the user's it
 * read (for the confirmation's words), and where a call can carry data. All of it is derived
 * from the tools' `flow` annotations (schemas/tool-definition.ts), never from lists of names.
 */
import type { FlowSource } from "../../schemas/events.ts"
import type { FlowLabel, ToolDefinition } from "../../schemas/tool-definition.ts"
import { marksItselfUntrusted } from "../../schemas/untrusted-mark.ts"

/** The origin of an http(s) URL, or undefined. */
export const httpOrigin = (url: string): string | undefined => {
  try {
    const u = new URL(url)
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : undefined
  } catch {
    return undefined
  }
}

/** Whether a URL names credentials (`user:pass@`), which Chrome would send as a header. */
export const hasCredentials = (url: string): boolean => {
  try {
    const u = new URL(url)
    return u.username !== "" || u.password !== ""
  } catch {
    return false
  }
}

const ipv4 = (host: string): number[] | undefined => {
  const parts = host.split(".")
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined
  const n = parts.map(Number)
  return n.every((x) => x <= 255) ? n : undefined
}

/**
 * Whether a URL points at this machine or a private network (intranet): loopback, *.localhost,
 * RFC 1918 and link-local addresses, unique-local IPv6, *.local, *.internal, and single-label
 * host names. What such a request returns is the user's, like a file.
 */
export const isLocalAddress = (url: string): boolean => {
  let host: string
  try {
    // A fully qualified name's trailing dot names the same host ("localhost." is loopback to the resolver).
    host = new URL(url).hostname.toLowerCase().replace(/\.+$/, "")
  } catch {
    return false
  }
  if (host.startsWith("[")) {
    const h = host.slice(1, -1)
    return h === "::1" || h === "::" || /^f[cd][0-9a-f]{2}:/.test(h) || /^fe[89ab][0-9a-f]:/.test(h) || h.startsWith("::ffff:")
  }
  const v4 = ipv4(host)
  if (v4) {
    const [a, b] = v4 as [number, number, number, number]
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    )
  }
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host.endsWith(".internal") ||
    host.endsWith(".lan") ||
    host.endsWith(".home.arpa") ||
    !host.includes(".")
  )
}

/**
 * Whether a call of this tool with these parameters touches the user's side at all: reads,
 * sends, or destroys (execute_script in the sandbox does none of these).
 */
export const readsWith = (definition: ToolDefinition, params: Record<string, unknown>): boolean => {
  const when = definition.annotations.flow?.readsWhen
  if (!when) return true
  const value = params[when.param] ?? when.absentMeans
  return value === when.equals
}

/**
 * The labels a finished call adds to its run. A failure adds what its tool reads (its message may
 * quote it), but nothing private for a workspace or ask_user failure; a result marked
 * `untrusted: true` adds `untrusted` to what its tool reads.
 */
export const labelsOf = (
  definition: ToolDefinition,
  params: Record<string, unknown>,
  outcome: { ok: true; value: unknown } | { ok: false },
  publicOrigins: ReadonlyArray<string>,
): FlowLabel[] => {
  const flow = definition.annotations.flow
  // What an agent run wrote, read back (a file's content or name, a task), may hold what a page
  // said: it brings untrusted text whatever the tool usually reads (schemas/untrusted-mark.ts).
  const selfMarked = outcome.ok && marksItselfUntrusted(outcome.value)
  if (!flow?.reads || !readsWith(definition, params)) return selfMarked ? ["untrusted"] : []
  const labels = new Set<FlowLabel>(flow.reads)
  if (!outcome.ok) {
    // A failure's message can quote what the call read: a page script's error is whatever the
    // script threw (`throw new Error(document.body.innerText)`), a custom tool's or an MCP
    // server's error is theirs to word, and a local server's status text is the user's. Only a
    // workspace or ask_user failure carries nothing of the user's (a path or a question the
    // model gave).
    if (definition.annotations.worksOn === "files" || definition.annotations.worksOn === "user") labels.delete("private")
    if (flow.privateWhenLocal) {
      const url = params[flow.privateWhenLocal]
      if (typeof url === "string" && isLocalAddress(url) && !publicOrigins.includes(httpOrigin(url) ?? "")) labels.add("private")
    }
    return [...labels]
  }
  const field = (key: string): unknown =>
    typeof outcome.value === "object" && outcome.value !== null && key in outcome.value
      ? (outcome.value as Record<string, unknown>)[key]
      : undefined
  if (selfMarked) labels.add("untrusted")
  if (flow.privateWhenLocal) {
    const value = { final_url: field("final_url"), address: field("address") }
    const isPublic = (u: string) => publicOrigins.includes(httpOrigin(u) ?? "")
    const urls = [params[flow.privateWhenLocal], value.final_url].filter((u): u is string => typeof u === "string")
    let local = urls.some((u) => isLocalAddress(u) && !isPublic(u))
    // The address the answer came from counts too: a public-looking name may resolve to this
    // machine or the intranet. publicOrigins names origins, so it is checked on the final URL.
    if (!local && typeof value.address === "string" && typeof value.final_url === "string") {
      const ip = value.address.includes(":") ? `[${value.address}]` : value.address
      local = isLocalAddress(`http://${ip}/`) && !isPublic(value.final_url)
    }
    if (local) labels.add("private")
  }
  return [...labels]
}

const text = (v: unknown): string | undefined => (typeof v === "string" && v.length > 0 ? v : undefined)

/** What of the user's a call read, in terms the UI words; undefined when it read nothing private. */
export const sourceOf = (
  definition: ToolDefinition,
  params: Record<string, unknown>,
  value: unknown,
  labels: ReadonlyArray<FlowLabel>,
): FlowSource | undefined => {
  if (!labels.includes("private")) return undefined
  const v = (value ?? {}) as Record<string, unknown>
  const cut = (s: string) => (s.length > 120 ? `${s.slice(0, 119)}…` : s)
  switch (definition.annotations.worksOn) {
    case "page":
      return { kind: "tab", label: cut(text(v.title) ?? text(v.url) ?? "") }
    case "tabs":
      return Array.isArray(value) ? { kind: "tab_list", label: "" } : { kind: "tab", label: cut(text(v.title) ?? text(v.url) ?? "") }
    case "files":
      return { kind: "file", label: cut(text(params.path) ?? "/") }
    case "user":
      return { kind: "answer", label: cut(text(params.question) ?? "") }
    case "url":
    case "search":
      return { kind: "local_page", label: cut(text(v.final_url) ?? text(params.url) ?? "") }
    case "mcp":
      return { kind: "mcp_tool", label: definition.name }
    default:
      return { kind: "custom_tool", label: definition.name }
  }
}

/** Where a call would carry data, and the text that would leave; undefined when it carries nothing out. */
export const destinationsOf = (
  definition: ToolDefinition,
  params: Record<string, unknown>,
  searchEndpoints: () => Promise<string[]>,
): Promise<{ destinations: string[]; outgoing: string } | undefined> | undefined => {
  const sends = definition.annotations.flow?.sendsTo
  if (sends === undefined || !readsWith(definition, params)) return undefined
  if (sends === "anywhere")
    return Promise.resolve({ destinations: ["anywhere"], outgoing: typeof params.code === "string" ? params.code : JSON.stringify(params) })
  if (sends === "tool") return Promise.resolve({ destinations: [`tool:${definition.name}`], outgoing: JSON.stringify(params) })
  if (sends === "search_engine")
    return searchEndpoints().then((endpoints) => ({
      destinations: [...new Set(endpoints.map((e) => httpOrigin(e) ?? e))],
      outgoing: typeof params.query === "string" ? params.query : "",
    }))
  // An MCP server receives every call's arguments.
  if ("origin" in sends) return Promise.resolve({ destinations: [sends.origin], outgoing: JSON.stringify(params) })
  const url = params[sends.urlParam]
  if (typeof url !== "string") return undefined
  // about:blank carries nothing anywhere.
  if (url === "about:blank") return undefined
  return Promise.resolve({ destinations: [httpOrigin(url) ?? url], outgoing: url })
}
