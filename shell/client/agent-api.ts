/**
 * `globalThis.agent`, the developer API, in every extension page and the offscreen document.
 * It is built from the message contract (schemas/channel.ts): each method is offered at its name
 * (or the name its face gives), takes its parameters in the face's order and then an options
 * object with the rest (and an AbortSignal), and resolves with the contract's reply type. Only
 * the runs (`chat`, `spawn`, `research`, runs.ts) and the settings (the router's) are written
 * here. Failures reject with an `AgentError` carrying `code` and `message`.
 */
import { CHANNEL_METHODS, type ChannelMethod, type ChannelParams, type Contract, type ReplyOf } from "../../schemas/channel.ts"
import { AgentError, type Outcome } from "../../schemas/errors.ts"
import type { MeshEvent } from "../../schemas/events.ts"
import type { Settings, SettingsPatch } from "../../schemas/settings.ts"
import type { ResultOf } from "../../schemas/tool-definition.ts"
import type { BuiltinToolName, BuiltinToolOf } from "../../schemas/tools/index.ts"
import type { DroppedKey } from "../sw/secrets.ts"
import { callRouter } from "./router-client.ts"
import { startChat, startResearch, startSpawn, type ChatOptions, type ChatRun, type ResearchOptions } from "./runs.ts"
import type { ResearchRun, SpawnOptions, SpawnRun } from "./runs.ts"
import { definedOnly, type MeshTransport } from "./transport.ts"

export type * from "./runs.ts"
export type { MeshTransport } from "./transport.ts"
export type * from "../../schemas/channel-types.ts"
export type { HistoryUsage as WorkspaceHistoryUsage } from "../../workers/workspace/history.ts"

type Signal = { readonly signal?: AbortSignal }
type FaceOf<M extends ChannelMethod> = Contract[M]["face"]
type ArgKeys<M extends ChannelMethod> = FaceOf<M> extends { readonly args: infer K extends ReadonlyArray<string> } ? K : readonly []

/** The face's parameters in order: an optional one may be left out. */
type Positional<P, K> = K extends readonly [infer H, ...infer T]
  ? H extends keyof P
    ? {} extends Pick<P, H>
      ? [P[H]?, ...Positional<P, T>]
      : [P[H], ...Positional<P, T>]
    : never
  : []

type Rest<P, K extends ReadonlyArray<string>> = Omit<P, K[number]>
type WithOptions<P, K extends ReadonlyArray<string>> =
  {} extends Rest<P, K> ? [...Positional<P, K>, options?: Rest<P, K> & Signal] : [...Positional<P, K>, options: Rest<P, K> & Signal]

/** What a method of the contract takes on `globalThis.agent`. */
export type ArgsOf<M extends ChannelMethod> = ChannelParams[M] extends undefined
  ? [options?: Signal]
  : WithOptions<ChannelParams[M], ArgKeys<M>>

/** A tuple without its first element. */
type Tail<T> = T extends [unknown?, ...infer R] ? R : never

/** A method that answers nothing (null on the wire) resolves with nothing. */
type Call<M extends ChannelMethod> = (...args: ArgsOf<M>) => Promise<[ReplyOf<M>] extends [null] ? void : ReplyOf<M>>

/** Where a method is offered: its face's name, or its own; never for a method behind a composite. */
type PathOf<M extends ChannelMethod> = FaceOf<M> extends { readonly api: infer P } ? (P extends string ? P : never) : M
type Paths = { [M in ChannelMethod]: PathOf<M> }[ChannelMethod]
type MethodAt<P extends Paths> = {
  [M in ChannelMethod]: [PathOf<M>] extends [never] ? never : PathOf<M> extends P ? M : never
}[ChannelMethod]
type Namespace = Paths extends infer P ? (P extends `${infer N}.${string}` ? N : never) : never

/** Every method of the contract, as `globalThis.agent` offers it. */
export type ContractApi = { readonly [P in Paths as P extends `${string}.${string}` ? never : P]: Call<MethodAt<P>> } & {
  readonly [N in Namespace]: { readonly [P in Paths as P extends `${N}.${infer V}` ? V : never]: Call<MethodAt<P>> }
}

/** A built-in tool's call resolves with its definition's result type; any other tool's (custom, MCP) with unknown. */
export type ToolResult<N extends string> = N extends BuiltinToolName ? ResultOf<BuiltinToolOf<N>> : unknown

/** The contract's methods as offered, a tool's call typed by the tool's own definition. */
type Offered = Omit<ContractApi, "tools"> & {
  readonly tools: Omit<ContractApi["tools"], "call"> & {
    call<N extends string>(name: N, ...rest: Tail<ArgsOf<"tools.call">>): Promise<ToolResult<N>>
  }
}

export type AgentApi = Offered & {
  /** Starts a sub-agent outside any conversation (with the default model); rejects with its error. */
  spawn(options: SpawnOptions): SpawnRun
  /** Sends a message and runs the agent on it. */
  chat(prompt: string, options?: ChatOptions): ChatRun
  /** Starts a research job (docs/research.md); it runs on when the page that started it closes. */
  research(question: string, options?: ResearchOptions): ResearchRun
  readonly settings: {
    get(): Promise<Settings>
    /** Resolves with the settings (keys masked); a key dropped by an origin change is in `droppedApiKeys`. */
    update(patch: SettingsPatch): Promise<Settings & { readonly droppedApiKeys?: ReadonlyArray<DroppedKey> }>
  }
  /** Subscribe to the mesh's events (tool calls started and finished, workers restarted). */
  onEvent(listener: (event: MeshEvent) => void): () => void
}

const unwrap = <A>(outcome: Outcome<A>): A => {
  if (outcome.ok) return outcome.value
  throw new AgentError(outcome.error)
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** A call's request: the face's parameters by name, then the options' (without the signal). */
const requestOf = (keys: ReadonlyArray<string>, takesParams: boolean, args: ReadonlyArray<unknown>) => {
  const last = args.length > keys.length ? args[keys.length] : undefined
  const { signal, ...options } = isRecord(last) ? last : {}
  const params = takesParams ? definedOnly([...keys.map((key, i) => [key, args[i]] as const), ...Object.entries(options)]) : undefined
  return { params, signal: signal instanceof AbortSignal ? signal : undefined }
}

/** The contract's methods over a transport, each at its path (`a.b`, or `a` at the top). */
const contractApi = (transport: MeshTransport): Offered => {
  const api: Record<string, Record<string, unknown>> = {}
  for (const method of Object.keys(CHANNEL_METHODS) as ChannelMethod[]) {
    const { params, face } = CHANNEL_METHODS[method]!
    if (face.api === false) continue
    const path = (face.api ?? method).split(".")
    const name = path.pop()!
    const home = path.length === 0 ? api : (api[path[0]!] ??= {})
    home[name] = async (...args: ReadonlyArray<unknown>) => {
      const request = requestOf(face.args ?? [], params !== null, args)
      return unwrap(await transport.request(method, request.params, request.signal))
    }
  }
  // Built by the loop above from the same contract the type is mapped from.
  return api as unknown as Offered
}

export const makeAgentApi = (transport: MeshTransport): AgentApi => ({
  ...contractApi(transport),
  spawn: (options) => startSpawn(transport, options),
  chat: (prompt, options = {}) => startChat(transport, prompt, options),
  research: (question, options = {}) => startResearch(transport, question, options),
  settings: {
    get: async () => unwrap(await callRouter("settings.get")),
    update: async (patch) => unwrap(await callRouter("settings.update", patch)),
  },
  onEvent: (listener) => transport.onEvent(listener),
})

declare global {
  // eslint-disable-next-line no-var
  var agent: AgentApi
}
