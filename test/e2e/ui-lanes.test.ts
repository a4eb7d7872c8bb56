/** The side panel shows sub-agents as live lanes under the call that started them. */
import assert from "node:assert/strict"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { launchExtension, repoRoot, until, type ExtensionSession } from "./harness.ts"
import { composer } from "./ui-support.ts"

let session: ExtensionSession
let panel: Page
let model: ModelServer

before(async () => {
  model = await startModelServer()
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
  await panel.setViewportSize({ width: 400, height: 900 })
  await panel.evaluate(
    (baseUrl) =>
      globalThis.agent.settings.update({
        providers: [{ id: "m", name: "Local", kind: "openai", baseUrl }],
        defaultModel: { providerId: "m", model: "x" },
      }),
    model.baseUrl("openai"),
  )
})
after(async () => {
  await session?.close()
  await model?.close()
})

/** The researchers' first turns wait here until the test has seen all three arrive. */
const FIRST_TURNS = { name: "lanes-first-turns", count: Infinity }

test("three researchers started in one turn show as three lanes, each with its type, label, tool calls and, once done, what it found", async () => {
  model.script([
    {
      toolCalls: ["prices", "reviews", "specs"].map((label, i) => ({
        id: `r${i}`,
        name: "agent",
        arguments: { type: "researcher", description: `look up ${label}`, prompt: `Find the ${label}` },
      })),
    },
    // Each first answer is held at a gate until all three first turns are asked, so they come
    // before any second one.
    { gate: FIRST_TURNS, toolCalls: [{ id: "t1", name: "list_tabs", arguments: {} }] },
    { gate: FIRST_TURNS, toolCalls: [{ id: "t2", name: "list_tabs", arguments: {} }] },
    { gate: FIRST_TURNS, toolCalls: [{ id: "t3", name: "list_tabs", arguments: {} }] },
    { text: "found it" },
    { text: "found it" },
    { text: "found it" },
    { text: "The three researchers are done." },
  ])
  // The panel takes the provider up from chrome.storage: wait until it offers to send.
  await panel.getByTestId("setup-needed").waitFor({ state: "detached" })
  await composer(panel).fill("Research this laptop in parallel")
  await panel.locator("[data-testid=send]:enabled").waitFor()
  await composer(panel).press("Enter")
  await until(() => model.gateCounts()[FIRST_TURNS.name] === 3, "the three researchers' first turns, all held at once")
  model.openGate(FIRST_TURNS.name)
  const lanes = panel.getByTestId("sub-agent-lane")
  await panel.getByText("The three researchers are done.").waitFor({ timeout: 20_000 })
  assert.equal(await lanes.count(), 3)
  const texts = await lanes.allInnerTexts()
  for (const label of ["look up prices", "look up reviews", "look up specs"])
    assert.ok(
      texts.some((t) => t.includes(label) && t.includes("Researcher")),
      label,
    )
  for (const text of texts) {
    assert.match(text, /found it/, "a finished lane says what its sub-agent found")
    assert.match(text, /List tabs/, "the tool by its label, not its name")
    assert.match(text, /done/)
  }
  const screenshots = path.join(repoRoot, "test-results", "screenshots")
  await mkdir(screenshots, { recursive: true })
  for (const colorScheme of ["light", "dark"] as const) {
    await panel.emulateMedia({ colorScheme })
    await panel.screenshot({ path: path.join(screenshots, `sidepanel-lanes-${colorScheme}.png`) })
  }
  await panel.emulateMedia({ colorScheme: "light" })

  // Reopened later, the lanes come back from the saved transcripts.
  await panel.reload()
  await panel.getByText("The three researchers are done.").waitFor()
  assert.equal(await panel.getByTestId("sub-agent-lane").count(), 3)
})
