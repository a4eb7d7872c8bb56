/** Installs `globalThis.agent` in an extension page, over the channel to the supervisor. */
import { makeAgentApi } from "./agent-api.ts"
import { ChannelClient } from "./channel-client.ts"

globalThis.agent = makeAgentApi(new ChannelClient())
