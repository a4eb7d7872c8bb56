/**
 * What every protocol's provider shares: a turn is one streamed request, read under the
 * transport's stall and abort rules and released however the reading ends; the model list is a
 * listing at an address. A protocol supplies its request, its reader and its listing.
 */
import { modelLister, type Listing } from "./model-ids.ts"
import { eventStreamOnly, openStream, type OpenResponse, type RequestArgs } from "./transport.ts"
import type { ChatRequest, Provider, ProviderConfig, StreamEvent } from "./types.ts"

/** Reads one turn's events out of its open response, ending with `stop`; `secrets` never appear in its errors. */
export type TurnReader = (open: OpenResponse, secrets: ReadonlyArray<string | undefined>) => AsyncGenerator<StreamEvent>

export interface Protocol {
  /** The turn's address, headers and body. */
  readonly request: (request: ChatRequest) => Pick<RequestArgs, "url" | "headers" | "body">
  readonly read: TurnReader
  readonly models: Listing
  /** The turn comes as server-sent events (a JSON body in its place is an error, whatever the status). */
  readonly eventStream?: true
}

export const defineProvider = (config: ProviderConfig, protocol: Protocol): Provider => ({
  async *stream(request, options) {
    const secrets = [config.apiKey]
    const args = protocol.request(request)
    const opened = await openStream({ ...args, secrets }, request.signal, options)
    const open = protocol.eventStream ? eventStreamOnly(opened, new URL(args.url).host, secrets) : opened
    try {
      yield* protocol.read(open, secrets)
    } finally {
      open.close()
    }
  },
  listModels: modelLister(protocol.models),
})
