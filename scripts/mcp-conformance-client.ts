/**
 * The adapter between the MCP conformance suite (client mode) and the extension's MCP client:
 * the suite starts a scenario's server and runs this with its URL (and the scenario's name in
 * MCP_CONFORMANCE_SCENARIO); this launches the built extension and drives its real client
 * through the developer API, as a person would: add the server (OAuth for the auth scenarios:
 * the suite's authorization page is approved at once, in the browser's own auth window), which
 * connects and lists its tools, then call a tool.
 */
import type { McpServerSettings } from "../shell/client/agent-api.ts"
import { launchExtension } from "../test/e2e/harness.ts"

const url = process.argv.at(-1)!
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? ""
// What the scenario says the user was given by the server's operator: a pre-registered client
// (id and secret), or one for machine-to-machine access (id, and a secret or a private key).
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as {
  client_id?: string
  client_secret?: string
  private_key_pem?: string
  signing_algorithm?: string
}
const settings = !scenario.startsWith("auth/")
  ? {}
  : {
      auth: scenario.startsWith("auth/client-credentials") ? "client_credentials" : "oauth",
      ...(context.client_id ? { clientId: context.client_id } : {}),
      ...(context.client_secret ? { clientSecret: context.client_secret } : {}),
      ...(context.private_key_pem ? { privateKey: context.private_key_pem, keyAlgorithm: context.signing_algorithm } : {}),
      // The address where the user would publish the client's metadata document; the suite's
      // authorization server takes it as the client id when it says it supports such documents.
      ...(scenario.startsWith("auth/client-credentials")
        ? {}
        : { clientMetadataUrl: "https://conformance-test.local/client-metadata.json" }),
    }
const session = await launchExtension()
try {
  const page = await session.openPage("options.html")
  const outcome = await page.evaluate(
    async ([url, settings]) => {
      try {
        const added = await globalThis.agent.mcp.add({ name: "conformance", url, ...settings })
        const tools = await globalThis.agent.tools.list()
        const add = tools.find((t) => t.name === "conformance__add_numbers")
        if (add) return { added: true, called: await globalThis.agent.tools.call(add.name, { a: 2, b: 3 }) }
        const first = added.offered[0]
        return { added: true, called: first ? await globalThis.agent.tools.call(first, {}).catch((e: { code: string }) => e.code) : null }
      } catch (error) {
        const e = error as { code?: string; message?: string }
        return { added: false, error: `${e.code}: ${e.message}` }
      }
    },
    [url, settings as Omit<McpServerSettings, "name" | "url">] as const,
  )
  console.log(JSON.stringify(outcome))
  process.exitCode = outcome.added ? 0 : 1
} finally {
  await session.close()
}
