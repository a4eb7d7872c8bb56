/**
 * Ordinary use stays smooth under the flow rule (docs/security.md): research on public sites
 * asks nothing; reading the user's tab and then fetching new sites asks once per site (or once
 * in all, when the user allows everything in the conversation).
 *
 * "Public" in tests: every server here is on 127.0.0.1, which the product counts as private
 * (loopback and private networks are the user's). The servers standing for public sites are
 * listed in the `publicOrigins` setting, the documented way to tell the flow rule that a local
 * origin holds nothing private; the user's bank is not listed.
 */
import assert from "node:assert/strict"
import { readFile } from "node:fs/promises"
import path from "node:path"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { callTool, fixturesDir, launchExtension, type ExtensionSession } from "./harness.ts"

let session: ExtensionSession
let panel: Page
let engine: FixtureServer
let sites: FixtureServer[]
/** The public sites' origins under names of their own (every *.test name is 127.0.0.1): a grant covers a site, all its ports. */
let origins: string[]
let bank: FixtureServer
let model: ModelServer

const article = (n: number) => ({
  "/article": { body: `<!doctype html><title>Article ${n}</title><main><h1>Article ${n}</h1><p>Facts number ${n} about tides.</p></main>` },
})

const chat = (conversationId: string, prompt: string) =>
  panel.evaluate(
    async ([id, prompt]) => {
      const run = globalThis.agent.chat(prompt, { conversationId: id })
      for await (const _ of run) {
        // drain
      }
      return run.result
    },
    [conversationId, prompt] as const,
  )

const asked = (conversationId: string) =>
  panel.evaluate(
    (id) =>
      (globalThis as unknown as { log: Array<{ type: string; conversationId?: string; destination?: string }> }).log.filter(
        (e) => e.type === "confirmation_requested" && e.conversationId === id,
      ),
    conversationId,
  )

before(async () => {
  engine = await startFixtureServer({
    "/html/": { body: await readFile(path.join(fixturesDir, "search", "duckduckgo", "eino-ext_html_eino_results.html"), "utf8") },
  })
  sites = await Promise.all([1, 2, 3].map((n) => startFixtureServer(article(n))))
  origins = sites.map((s, i) => s.origin.replace("127.0.0.1", `site${i + 1}.test`))
  bank = await startFixtureServer({ "/account": { body: `<!doctype html><title>My bank</title><main><p>Balance: 1,234 EUR</p></main>` } })
  model = await startModelServer()
  session = await launchExtension({ args: ["--host-resolver-rules=MAP *.test 127.0.0.1"] })
  panel = await session.openPage("sidepanel.html")
  await panel.evaluate(
    ([baseUrl, endpoint, publicOrigins]) =>
      globalThis.agent.settings.update({
        providers: [{ id: "m", name: "m", kind: "openai", baseUrl }],
        defaultModel: { providerId: "m", model: "x" },
        search: { engine: "duckduckgo", duckduckgoHtmlEndpoint: endpoint, duckduckgoLiteEndpoint: endpoint },
        publicOrigins,
      }),
    [model.baseUrl("openai"), engine.url("/html/"), origins] as const,
  )
  // The user answers every confirmation with the grant the test sets (none: a plain yes).
  await panel.evaluate(() => {
    const w = globalThis as unknown as { log: unknown[]; grant?: "conversation_all" }
    w.log = []
    globalThis.agent.onEvent((e) => {
      w.log.push(e)
      if (e.type === "confirmation_requested") void globalThis.agent.confirm(e.id, true, w.grant)
    })
  })
  await (await session.context.newPage()).goto(bank.url("/account"))
})
after(async () => {
  await session?.close()
  await Promise.all([engine?.close(), bank?.close(), model?.close(), ...(sites ?? []).map((s) => s.close())])
})

test("search, fetch three public pages, write a summary: nobody is asked anything", async () => {
  model.script([
    { toolCalls: [{ id: "s", name: "web_search", arguments: { query: "tides explained" } }] },
    { toolCalls: origins.map((o, i) => ({ id: `f${i}`, name: "web_fetch", arguments: { url: `${o}/article` } })) },
    { toolCalls: [{ id: "w", name: "opfs_write", arguments: { path: "tides/summary.md", content: "# Tides\n\nFacts 1, 2 and 3." } }] },
    { text: "Saved the summary to tides/summary.md." },
  ])
  const result = await chat("smooth-research", "Research tides and save a summary")
  assert.equal(result.status, "completed")
  assert.deepEqual(await asked("smooth-research"), [])
  const file = await callTool(panel, "opfs_read", { path: "tides/summary.md" })
  assert.ok(file.ok && JSON.stringify(file.value).includes("Facts 1, 2 and 3"))
  assert.ok(
    sites.every((s) => s.requests.some((r) => r.path === "/article")),
    "every page was fetched",
  )
})

const readTabThenFetch = async (conversationId: string) => {
  const tabs = await callTool(panel, "list_tabs", {})
  assert.ok(tabs.ok, JSON.stringify(tabs))
  const tabId = tabs.value.find((t) => t.url === bank.url("/account"))!.tab_id
  const [a, b] = [`${origins[0]}/article`, `${origins[1]}/article`]
  model.script([
    { toolCalls: [{ id: "r", name: "get_tab_content", arguments: { tab_id: tabId } }] },
    { toolCalls: [{ id: "a1", name: "web_fetch", arguments: { url: a } }] },
    { toolCalls: [{ id: "b1", name: "web_fetch", arguments: { url: b } }] },
    { toolCalls: [{ id: "a2", name: "web_fetch", arguments: { url: `${a}?again` } }] },
    { toolCalls: [{ id: "b2", name: "web_fetch", arguments: { url: `${b}?again` } }] },
    { text: "Compared." },
  ])
  const result = await chat(conversationId, "Compare my balance with these articles")
  assert.equal(result.status, "completed")
  return (await asked(conversationId)).map((e) => e.destination)
}

test("reading the user's tab, then fetching two new sites: asked once per site when the user allows each site for the conversation", async () => {
  await panel.evaluate(() => ((globalThis as unknown as { grant?: string }).grant = "site_conversation"))
  assert.deepEqual(await readTabThenFetch("smooth-per-site"), [origins[0]!, origins[1]!])
})

test("a plain yes ('Allow this request') is that request only: the same sites are asked again", async () => {
  await panel.evaluate(() => delete (globalThis as unknown as { grant?: string }).grant)
  assert.deepEqual(await readTabThenFetch("smooth-plain-yes"), [origins[0]!, origins[1]!, origins[0]!, origins[1]!])
})

test("reading the user's tab, then fetching two new sites: asked once when the user allows everything", async () => {
  await panel.evaluate(() => ((globalThis as unknown as { grant?: string }).grant = "conversation_all"))
  assert.deepEqual(await readTabThenFetch("smooth-all"), [origins[0]!])
})

test("'always for this site' is kept in the settings, listed on the options page, and revoked there", async () => {
  await panel.evaluate(() => ((globalThis as unknown as { grant?: string }).grant = "site_always"))
  const destinations = await readTabThenFetch("smooth-always")
  assert.deepEqual(destinations, [origins[0]!, origins[1]!])
  const allowed = () => panel.evaluate(() => globalThis.agent.settings.get().then((s) => s.allowedSites))
  assert.deepEqual(await allowed(), [origins[0]!, origins[1]!])
  // A new conversation reading the tab again is not asked about those sites.
  assert.deepEqual(await readTabThenFetch("smooth-always-2"), [])
  const options = await session.openPage("options.html")
  const list = options.getByTestId("allowed-sites")
  await list.getByText(origins[0]!).waitFor()
  // Every kept grant is listed with where it came from: the conversation that asked.
  assert.match((await list.locator("li").first().textContent()) ?? "", /from the conversation “Compare my balance/)
  const kept = options.getByTestId("conversation-grants")
  await kept.getByText("site1.test, site2.test").waitFor()
  await kept.getByText("everything").waitFor()
  await list.getByRole("button", { name: `Revoke ${origins[0]!}` }).click()
  await list.getByText(origins[0]!).waitFor({ state: "detached" })
  assert.deepEqual(await allowed(), [origins[1]!])
  await options.close()
})
