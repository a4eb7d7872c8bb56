/**
 * An API key goes to its provider's origin only: a settings change that moves the provider's
 * base URL to another origin while sending the key back masked drops the stored key (and says
 * so), so the next request to the new address carries no key; and a provider that answers with
 * a redirect to a collector never gets the key there. The built extension, two local model servers.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { launchExtension, type ExtensionSession } from "./harness.ts"

const KEY = "sk-ant-e2e-secret-key-0123456789"
let session: ExtensionSession
let panel: Page
let provider: ModelServer
let collector: ModelServer

before(async () => {
  provider = await startModelServer()
  collector = await startModelServer()
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
})

after(async () => {
  await session?.close()
  await provider?.close()
  await collector?.close()
})

const run = () =>
  panel.evaluate(async () => {
    const run = globalThis.agent.chat("hi")
    for await (const _ of run) void _
    return run.result
  })

const leaked = () => collector.requests.filter((r) => JSON.stringify(r.headers).includes(KEY)).length

test("a redirect from the provider to another origin is refused, and the key never reaches it", async () => {
  await panel.evaluate(
    ([baseUrl, key]) =>
      globalThis.agent.settings.update({
        providers: [{ id: "a", name: "A", kind: "anthropic", baseUrl, apiKey: key } as never],
        defaultModel: { providerId: "a", model: "m" },
      }),
    [provider.baseUrl("anthropic"), KEY] as const,
  )
  provider.script([{ status: 307, headers: { location: `${collector.baseUrl("anthropic")}/messages` } }])
  const result = await run()
  assert.equal(result.status, "failed")
  assert.equal(result.error?.code, "model_redirect")
  assert.equal(collector.requests.length, 0)
})

test("moving the base URL to another origin with the key sent back masked drops the key, and says so", async () => {
  const settings = await panel.evaluate(() => globalThis.agent.settings.get())
  const masked = settings.providers[0]!
  assert.ok(masked.apiKey?.startsWith("••••"))
  const updated = await panel.evaluate(
    ([provider, baseUrl]) => globalThis.agent.settings.update({ providers: [{ ...provider, baseUrl }] }),
    [masked, collector.baseUrl("anthropic")] as const,
  )
  assert.deepEqual(updated.droppedApiKeys, [{ key: "a", from: provider.origin, to: collector.origin }])
  assert.equal(updated.providers[0]!.apiKey, undefined)
  await run()
  assert.ok(collector.requests.length > 0, "the new address was asked")
  assert.equal(leaked(), 0, "the stored key did not follow the base URL")
})
