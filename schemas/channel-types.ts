/**
 * The shapes of the channel's parameters and replies (schemas/channel.ts) that no schema of ours
 * describes: what a registry decodes itself, and what the hub builds. Types only.
 */
import type { McpServer, McpTool } from "./mcp.ts"
import type { HistoryItem } from "../workers/workspace/history.ts"

export interface CustomToolInput {
  readonly name: string
  readonly description: string
  /** A JSON Schema of type "object". */
  readonly parameters: Record<string, unknown>
  /** The body of an async function of `args` (and `readBlob(url)`), run in the sandbox. */
  readonly code: string
  readonly enabled?: boolean
}

export interface CustomToolInfo {
  readonly name: string
  readonly description: string
  readonly parameters: Record<string, unknown>
  readonly enabled: boolean
  readonly createdAt: number
  readonly overrides?: Readonly<Record<string, boolean>>
}

/** What `agent.mcp.add` and `test` take (docs/mcp.md); secrets sent back masked keep the stored ones. */
export interface McpServerSettings {
  name: string
  url: string
  /** A bearer token. */
  token?: string
  /**
   * "oauth": OAuth 2.1, the user signs in at the server's authorization page; "client_credentials":
   * machine to machine, with `clientId` and `clientSecret` or `privateKey`.
   */
  auth?: "oauth" | "client_credentials"
  /** A client registered beforehand at the authorization server (instead of registering one). */
  clientId?: string
  clientSecret?: string
  /** A PKCS#8 PEM private key: the client authenticates with a signed assertion (private_key_jwt). */
  privateKey?: string
  keyAlgorithm?: "ES256" | "ES384" | "RS256" | "PS256"
  /** The authorization server the client's credentials are for (else the first that accepts them). */
  issuer?: string
  /** The https address of a Client ID Metadata Document, the client id where the server takes one. */
  clientMetadataUrl?: string
  timeoutMs?: number
}

export interface McpAddOptions {
  enabled?: boolean
  /** The tools the user was shown (test's result): anything else the server lists by then is held back. */
  shown?: ReadonlyArray<McpTool>
}

/** An MCP server as the API shows it (docs/mcp.md): its secrets masked (`••••abcd`; sent back as is, they are kept). */
export type McpServerInfo = McpServer & {
  /** The names the model is offered (`<server>__<tool>`): accepted, unchanged, turned on. */
  readonly offered: ReadonlyArray<string>
}

/** What a server lists now (agent.mcp.test): with what it says of itself, or the kept server when one was named. */
export interface McpTestResult {
  readonly tools: ReadonlyArray<McpTool>
  readonly transport: "streamable_http" | "sse"
  readonly server?: McpServerInfo | { readonly name: string; readonly version: string }
}

export interface SpawnResult {
  readonly agent_id: string
  readonly type: "researcher" | "page_operator" | "general"
  readonly answer: string
  readonly steps: number
}

/** A job of `agent.spawn()` still running; its transcript is the conversation `conversationId`. */
export interface SpawnJob {
  readonly agentId: string
  readonly agentType: string
  readonly description?: string
  readonly conversationId: string
}

/** Something the workspace kept: a replaced file's previous content, or a deletion (`id` is what `restore` takes). */
export type WorkspaceKept = Omit<HistoryItem, "marked" | "owners">
