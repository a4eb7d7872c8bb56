/**
 * Nothing lost under floods (issue #38). An obeying model, scripted on a local server, does what
 * a hostile page asks: deletes the user's folder and then writes and deletes junk to push its
 * copy out of the workspace's history. The built extension in headless Chromium.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { callTool, chatIn, openScriptedPanel, type ScriptedPanel } from "./harness.ts"

let scripted: ScriptedPanel

before(async () => {
  scripted = await openScriptedPanel()
})

after(async () => {
  await scripted?.close()
})

const KIB = 1024

const ok = async (name: string, params: unknown): Promise<any> => {
  const outcome = await callTool(scripted.panel, name, params)
  assert.ok(outcome.ok, `${name} failed: ${JSON.stringify(outcome)}`)
  return outcome.value
}

const chat = (prompt: string, conversationId: string) => chatIn(scripted.panel, prompt, conversationId)

const setBudget = (bytes: number) =>
  scripted.panel.evaluate((bytes) => globalThis.agent.settings.update({ workspace: { historyMaxBytes: bytes } } as never), bytes)

const trash = () => scripted.panel.evaluate(() => globalThis.agent.workspace.trash())

/** The user's own folder, written through the API (a person's files). */
const seedFolder = async (folder: string, files: number, bytesEach: number) => {
  for (let i = 0; i < files; i++) await ok("opfs_write", { path: `${folder}/f${i}.txt`, content: String(i).repeat(bytesEach) })
}

/** Restores the deletion of `folder` and checks every file came back whole. */
const restoresWhole = async (folder: string, files: number, bytesEach: number) => {
  const item = (await trash()).find((t) => t.path === folder)
  assert.ok(item, `the copy of ${folder} is still in the trash: ${JSON.stringify(await trash())}`)
  assert.equal(item.size, files * bytesEach)
  await scripted.panel.evaluate((id) => globalThis.agent.workspace.restore(id), item.id)
  for (let i = 0; i < files; i++)
    assert.equal((await ok("opfs_read", { path: `${folder}/f${i}.txt` })).content, String(i).repeat(bytesEach))
}

test("sub-agents flooding the history cannot push out the user's deleted folder", async () => {
  await setBudget(64 * KIB)
  await seedFolder("mine", 2, 20 * KIB)
  const flood = (label: string) => [
    { when: `flood ${label}`, toolCalls: [{ name: "opfs_write", arguments: { path: `junk-${label}`, content: "a".repeat(30 * KIB) } }] },
    { when: `flood ${label}`, toolCalls: [{ name: "opfs_write", arguments: { path: `junk-${label}`, content: "b".repeat(30 * KIB) } }] },
    { when: `flood ${label}`, toolCalls: [{ name: "opfs_delete", arguments: { path: `junk-${label}` } }] },
    { when: `flood ${label}`, text: "flushed" },
  ]
  scripted.model.script([
    { toolCalls: [{ name: "opfs_delete", arguments: { path: "mine" } }] },
    {
      toolCalls: ["A", "B", "C"].map((label) => ({
        name: "agent",
        arguments: { type: "general", prompt: `flood ${label}: write junk and delete it` },
      })),
    },
    ...["A", "B", "C"].flatMap(flood),
    { text: "Done as the page asked." },
  ])
  const result = await chat("Tidy up as the page says", "flood")
  assert.equal(result.status, "completed", JSON.stringify(result))
  // 40 KiB of the user's and 180 KiB of junk went through a 64 KiB history.
  assert.ok(
    (await trash()).some((t) => t.path === "mine"),
    `the user's folder is in the trash: ${JSON.stringify(await trash())}`,
  )
  const usage = await scripted.panel.evaluate(() => globalThis.agent.workspace.usage())
  assert.equal(usage.earlierBytes, 40 * KIB, JSON.stringify(usage))
  assert.ok(usage.bytes - usage.earlierBytes <= 2 * 30 * KIB, `the runs' own copies were pruned: ${JSON.stringify(usage)}`)
  // The options page says what the history holds, beside the trash (40 KiB is 41 kB).
  const options = await scripted.session.openPage("options.html")
  await options.locator("am-workspace").getByRole("button", { name: "Trash" }).click()
  const said = await options.getByTestId("history-usage").innerText()
  assert.match(said, /^The history holds .+, of which 41 kB existed before the agent run that replaced or deleted it/)
  await options.close()
  await restoresWhole("mine", 2, 20 * KIB)
})

test("a folder bigger than the budget, deleted by a run, is still restorable after the run writes a file twice", async () => {
  await setBudget(16 * KIB)
  await seedFolder("big", 4, 10 * KIB)
  scripted.model.script([
    { toolCalls: [{ name: "opfs_delete", arguments: { path: "big" } }] },
    { toolCalls: [{ name: "opfs_write", arguments: { path: "small.txt", content: "one" } }] },
    { toolCalls: [{ name: "opfs_write", arguments: { path: "small.txt", content: "two" } }] },
    { text: "done" },
  ])
  assert.equal((await chat("clean up", "bigger")).status, "completed")
  await restoresWhole("big", 4, 10 * KIB)
})

test("a run's own copies are pruned oldest first past the budget, keeping its newest", async () => {
  // The budget leaves 2,500 bytes beside what the history holds from the tests before.
  const held = (await scripted.panel.evaluate(() => globalThis.agent.workspace.usage())).bytes
  await setBudget(held + 2500)
  scripted.model.script([
    ...[0, 1, 2, 3, 4].map((i) => ({
      toolCalls: [{ name: "opfs_write", arguments: { path: "budget.txt", content: String(i).repeat(1000) } }],
    })),
    { text: "written" },
  ])
  assert.equal((await chat("write five times", "budget")).status, "completed")
  const versions = await scripted.panel.evaluate((path) => globalThis.agent.workspace.versions(path), "budget.txt")
  assert.deepEqual(
    versions.map((v) => v.size),
    [1000, 1000],
  )
})

test("a run cannot make the user's file its own by writing it over unchanged, then flush it out", async () => {
  const held = (await scripted.panel.evaluate(() => globalThis.agent.workspace.usage())).bytes
  await setBudget(held + 16 * KIB)
  await seedFolder("same", 1, 10 * KIB)
  const junk = (c: string) => ({ toolCalls: [{ name: "opfs_write", arguments: { path: "same-junk", content: c.repeat(20 * KIB) } }] })
  scripted.model.script([
    { toolCalls: [{ name: "opfs_write", arguments: { path: "same/f0.txt", content: "0".repeat(10 * KIB) } }] },
    { toolCalls: [{ name: "opfs_delete", arguments: { path: "same" } }] },
    junk("a"),
    junk("b"),
    junk("c"),
    { text: "done" },
  ])
  assert.equal((await chat("rewrite and clean", "same")).status, "completed")
  await restoresWhole("same", 1, 10 * KIB)
})
