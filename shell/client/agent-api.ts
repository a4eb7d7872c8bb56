/**
 * `globalThis.agent`, the developer API, in every extension page and the offscreen document, built
 * from the message contract (schemas/channel.ts): each method at its name (or its face's), taking
 * the face's parameters in order, then an options object with the rest (and an AbortSignal), and
 * resolving with the contract's reply type. Only the runs (runs.ts), the router's settings and the
 * event subscription are written here. Failures reject with an `AgentError` (`code`, `message`).
 */
import { CHANNEL_METHODS, type ChannelMethod, type ChannelParams, type Contract, type ReplyOf } from "../../schemas/channel.ts"
import type { MeshEvent } from "../../schemas/events.ts"
import type { SettingsPatch } from "../../schemas/settings.ts"
import type { ResultOf } from "../../schemas/tool-definition.ts"
import type { BuiltinToolName, BuiltinToolOf } from "../../schemas/tools/index.ts"
import { callRouter } from "./router-client.ts"
import { runsApi, unwrap } from "./runs.ts"
import { definedOnly, type MeshTransport } from "./transport.ts"

export type * from "./runs.ts"
export type * from "../../schemas/channel-types.ts"
export type { HistoryUsage as WorkspaceHistoryUsage } from "../../workers/workspace/history.ts"

type Signal = { readonly signal?: AbortSignal }
type ArgKeys<M extends ChannelMethod> = Contract[M]["face"] extends { readonly args: infer K extends ReadonlyArray<string> }
  ? K
  : readonly []

/** The face's parameters in order (an optional one may be left out), then an options object with the rest. */
type Positional<P, K> = K extends readonly [infer H extends keyof P, ...infer T]
  ? [...({} extends Pick<P, H> ? [P[H]?] : [P[H]]), ...Positional<P, T>]
  : []
type WithOptions<P, K extends ReadonlyArray<string>, R = Omit<P, K[number]> & Signal> = {} extends R
  ? [...Positional<P, K>, options?: R]
  : [...Positional<P, K>, options: R]

/** What a method of the contract takes on `globalThis.agent`. */
export type ArgsOf<M extends ChannelMethod> = ChannelParams[M] extends undefined
  ? [options?: Signal]
  : WithOptions<ChannelParams[M], ArgKeys<M>>

/** A method that answers nothing (null on the wire) resolves with nothing. */
type Call<M extends ChannelMethod> = (...args: ArgsOf<M>) => Promise<[ReplyOf<M>] extends [null] ? void : ReplyOf<M>>

/** Where a method is offered: its face's name, or its own; never for a method behind a composite. */
type PathOf<M extends ChannelMethod> = Contract[M]["face"] extends { readonly api: infer P } ? (P extends string ? P : never) : M
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
    call<N extends string>(name: N, ...rest: ArgsOf<"tools.call"> extends [unknown, ...infer R] ? R : never): Promise<ToolResult<N>>
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** The contract's methods over a transport, each at its path (`a.b`, or `a` at the top). */
const contractApi = (transport: MeshTransport): Offered => {
  const api: Record<string, Record<string, unknown>> = {}
  for (const method of Object.keys(CHANNEL_METHODS) as ChannelMethod[]) {
    const { params, face } = CHANNEL_METHODS[method]!
    if (face.api === false) continue
    const keys = face.args ?? []
    const [name, space] = (face.api ?? method).split(".").reverse()
    const home = space === undefined ? api : (api[space] ??= {})
    // The request: the face's parameters by name, then the options' (without the signal).
    home[name!] = async (...args: ReadonlyArray<unknown>) => {
      const last = args[keys.length]
      const { signal, ...options } = isRecord(last) ? last : {}
      const named =
        params === null ? undefined : definedOnly([...keys.map((key, i) => [key, args[i]] as const), ...Object.entries(options)])
      return unwrap(await transport.request(method, named, signal instanceof AbortSignal ? signal : undefined))
    }
  }
  // Built by the loop above from the same contract the type is mapped from.
  return api as unknown as Offered
}

export const makeAgentApi = (transport: MeshTransport) => ({
  ...contractApi(transport),
  // Written here beside the contract: the runs, the router's settings, the mesh's events.
  ...runsApi(transport),
  settings: {
    get: async () => unwrap(await callRouter("settings.get")),
    /** Resolves with the settings (keys masked); a key dropped by an origin change is in `droppedApiKeys`. */
    update: async (patch: SettingsPatch) => unwrap(await callRouter("settings.update", patch)),
  },
  /** Subscribe to the mesh's events (tool calls started and finished, workers restarted). */
  onEvent: (listener: (event: MeshEvent) => void) => transport.onEvent(listener),
})
export type AgentApi = ReturnType<typeof makeAgentApi>

declare global {
  // eslint-disable-next-line no-var
  var agent: AgentApi
}
