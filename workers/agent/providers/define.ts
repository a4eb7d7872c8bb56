/**
 * What every protocol's provider shares: a turn is one streamed request, read under the
 * transport's stall and abort rules and released however the reading ends; the model list is a
 * listing at an address. A protocol supplies its request, its reader and its listing.
 */
import { modelLister, type Listing } from "./model-ids.ts"
import { openStream, type OpenResponse, type RequestArgs } from "./transport.ts"
import type { ChatRequest, Provider, ProviderConfig, StreamEvent } from "./types.ts"

/** Reads one turn's events out of its open response, ending with `stop`; `secrets` never appear in its errors. */
export type TurnReader = (open: OpenResponse, secrets: ReadonlyArray<string | undefined>) => AsyncGenerator<StreamEvent>

export interface Protocol {
  /** The turn's address, headers and body. */
  readonly request: (request: ChatRequest) => Pick<RequestArgs, "url" | "headers" | "body">
  readonly read: TurnReader
  readonly models: Listing
}

export const defineProvider = (config: ProviderConfig, protocol: Protocol): Provider => ({
  async *stream(request, options) {
    const secrets = [config.apiKey]
    const open = await openStream({ ...protocol.request(request), secrets }, request.signal, options)
    try {
      yield* protocol.read(open, secrets)
    } finally {
      open.close()
    }
  },
  listModels: modelLister(protocol.models),
})
