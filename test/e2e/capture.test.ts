/**
 * capture_tab end to end: a test page of known coloured blocks is captured, through the tool
 * itself and through each wire format's scripted multimodal model (the image must arrive where
 * that format takes it, decode, and show each block at its place); a model without vision is
 * not offered the tool; a background tab is refused, not brought forward; and a capture counts
 * as reading the tab for the flow rule (a web_fetch to a new site after it asks).
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import type { Page } from "playwright-core"
import { startModelServer, type ModelServer, type Protocol } from "../support/model-server.mjs"
import { startFixtureServer, type FixtureServer } from "./fixture-server.ts"
import { callTool, launchExtension, until, type ExtensionSession } from "./harness.ts"
import { composer } from "./ui-support.ts"
import { colourAt, near } from "./image-pixels.ts"

/** Blocks of known colours at known places (CSS pixels), on white. */
const BLOCKS = [
  { colour: [255, 0, 0], left: 0, top: 0, width: 200, height: 150 },
  { colour: [0, 170, 0], left: 400, top: 0, width: 200, height: 150 },
  { colour: [0, 0, 255], left: 0, top: 300, width: 200, height: 150 },
  { colour: [255, 200, 0], left: 400, top: 300, width: 200, height: 150 },
] as const

const blockStyle = (b: (typeof BLOCKS)[number]) =>
  `position:absolute;left:${b.left}px;top:${b.top}px;width:${b.width}px;height:${b.height}px;background:rgb(${b.colour.join(",")})`

const BLOCKS_PAGE = `<!doctype html><title>Blocks</title><body style="margin:0;background:#fff">${BLOCKS.map(
  (b) => `<div style="${blockStyle(b)}"></div>`,
).join("")}<button id="go" style="position:absolute;left:250px;top:200px;width:100px;height:40px">Go</button></body>`

let session: ExtensionSession
let panel: Page
let site: FixtureServer
let elsewhere: FixtureServer
let model: ModelServer
let tabId: number

/** Every block's centre shows its colour, at the image's scale. */
const assertBlocks = async (dataUrl: string, scale: number) => {
  const points = BLOCKS.map((b) => [Math.round((b.left + b.width / 2) * scale), Math.round((b.top + b.height / 2) * scale)] as const)
  const decoded = await colourAt(panel, dataUrl, points)
  BLOCKS.forEach((b, i) =>
    assert.ok(near(decoded.pixels[i]!, b.colour), `block ${i}: ${JSON.stringify(decoded.pixels[i])} is not ${JSON.stringify(b.colour)}`),
  )
  // And white between them, so the image is not one colour.
  const between = await colourAt(panel, dataUrl, [[Math.round(300 * scale), Math.round(100 * scale)]])
  assert.ok(near(between.pixels[0]!, [255, 255, 255]), `white between the blocks: ${JSON.stringify(between.pixels[0])}`)
  return decoded
}

const useModel = (kind: Protocol, name: string, vision?: Record<string, boolean>) =>
  panel.evaluate(
    ([kind, baseUrl, name, vision]) =>
      globalThis.agent.settings.update({
        providers: [{ id: "m", name: "m", kind, baseUrl, ...(vision ? { vision } : {}) }],
        defaultModel: { providerId: "m", model: name },
      }),
    [kind, model.baseUrl(kind), name, vision] as const,
  )

const chat = (conversationId: string) =>
  panel.evaluate(async (id) => {
    for await (const _ of globalThis.agent.chat("Look at the page", { conversationId: id })) {
      // drain
    }
  }, conversationId)

/** The names of the tools the model was offered in a logged request, whatever its protocol. */
const offered = (body: { tools?: Array<{ name?: string; function?: { name: string } }> }) =>
  (body.tools ?? []).map((t) => t.function?.name ?? t.name)

before(async () => {
  site = await startFixtureServer({ "/blocks": { body: BLOCKS_PAGE }, "/other": { body: "<!doctype html><title>Other</title>x" } })
  elsewhere = await startFixtureServer({ "/": { body: "ok" } })
  model = await startModelServer()
  session = await launchExtension()
  panel = await session.openPage("sidepanel.html")
  await panel.evaluate(() => {
    const w = globalThis as unknown as { log: Array<{ type: string }> }
    w.log = []
    globalThis.agent.onEvent((e) => {
      w.log.push(e)
      if (e.type === "confirmation_requested") void globalThis.agent.confirm(e.id, false)
    })
  })
  const tab = await session.context.newPage()
  await tab.setViewportSize({ width: 800, height: 600 })
  await tab.goto(site.url("/blocks"))
  await tab.bringToFront()
  const listed = await callTool(panel, "list_tabs", {})
  assert.ok(listed.ok, JSON.stringify(listed))
  tabId = listed.value.find((t) => t.url.endsWith("/blocks"))!.tab_id
})

after(async () => {
  await session?.close()
  await model?.close()
  await site?.close()
  await elsewhere?.close()
})

test("capture_tab returns the visible page as an image that shows it", async () => {
  const result = await callTool(panel, "capture_tab", { tab_id: tabId })
  assert.ok(result.ok, JSON.stringify(result))
  const value = result.value
  assert.match(value.image.media_type, /^image\/(png|jpeg)$/)
  const decoded = await assertBlocks(`data:${value.image.media_type};base64,${value.image.data}`, value.scale)
  assert.deepEqual([decoded.width, decoded.height], [value.width, value.height])
})

test("capture_tab scales to the longest side and the bytes the settings allow", async () => {
  await panel.evaluate(() => globalThis.agent.settings.update({ capture: { maxSide: 400, maxBytes: 40_000 } }))
  try {
    const result = await callTool(panel, "capture_tab", { tab_id: tabId })
    assert.ok(result.ok, JSON.stringify(result))
    const value = result.value
    assert.ok(Math.max(value.width, value.height) <= 400, `${value.width}x${value.height}`)
    assert.ok(Buffer.from(value.image.data, "base64").length <= 40_000)
    await assertBlocks(`data:${value.image.media_type};base64,${value.image.data}`, value.scale)
  } finally {
    await panel.evaluate(() => globalThis.agent.settings.update({ capture: null as never }))
  }
})

test("capture_tab with a selector shows that element only", async () => {
  const result = await callTool(panel, "capture_tab", { tab_id: tabId, selector: "#go" })
  assert.ok(result.ok, JSON.stringify(result))
  const value = result.value
  assert.equal(value.used_selector, "#go")
  assert.ok(Math.abs(value.width / value.scale - 100) <= 2 && Math.abs(value.height / value.scale - 40) <= 2, JSON.stringify(value))
  const missing = await callTool(panel, "capture_tab", { tab_id: tabId, selector: "#nothing-here" })
  assert.equal(missing.ok, false)
  assert.equal(missing.ok ? "" : missing.error.code, "selector_not_found")
})

test("a tab behind another is refused, and stays behind", async () => {
  const front = await session.context.newPage()
  await front.goto(site.url("/other"))
  await front.bringToFront()
  try {
    const result = await callTool(panel, "capture_tab", { tab_id: tabId })
    assert.equal(result.ok, false)
    assert.equal(result.ok ? "" : result.error.code, "tab_not_visible")
    assert.match(result.ok ? "" : result.error.message!, /activate_tab/)
    const tabs = await callTool(panel, "list_tabs", {})
    assert.ok(tabs.ok, JSON.stringify(tabs))
    const blocks = tabs.value.find((t) => t.tab_id === tabId)!
    assert.equal(blocks.active, false, "the captured tab was not brought forward")
  } finally {
    await front.close()
  }
})

/** Where each protocol carries the image of a tool result, as a data URL. */
const imageIn: Record<Protocol, (body: any) => string | undefined> = {
  // In user content after the tool results (Chat Completions takes no image in a tool message).
  openai: (body) => {
    const toolAt = body.messages.findIndex((m: any) => m.role === "tool")
    const user = body.messages.slice(toolAt + 1).find((m: any) => m.role === "user" && Array.isArray(m.content))
    return user?.content.find((p: any) => p.type === "image_url")?.image_url.url
  },
  // An image block inside the tool_result block.
  anthropic: (body) => {
    for (const m of body.messages)
      for (const block of Array.isArray(m.content) ? m.content : [])
        if (block.type === "tool_result" && Array.isArray(block.content)) {
          const image = block.content.find((b: any) => b.type === "image")
          if (image) return `data:${image.source.media_type};base64,${image.source.data}`
        }
    return undefined
  },
  // The tool message's `images`, bare base64.
  ollama: (body) => {
    const tool = body.messages.find((m: any) => m.role === "tool" && Array.isArray(m.images))
    return tool ? `data:image/png;base64,${tool.images[0]}` : undefined
  },
}

const VISION_MODELS: Record<Protocol, string> = { openai: "gpt-4o", anthropic: "claude-sonnet-4-5", ollama: "llava:13b" }

for (const kind of ["openai", "anthropic", "ollama"] as const) {
  test(`${kind}: the image reaches the model where its format takes it, and shows the page`, async () => {
    await useModel(kind, VISION_MODELS[kind])
    const seen = model.requests.length
    model.script([
      { toolCalls: [{ id: `cap_${kind}`, name: "capture_tab", arguments: { tab_id: tabId } }] },
      { text: "I see four blocks." },
    ])
    await chat(`capture-${kind}`)
    const chats = model.requests.slice(seen).filter((r) => r.method === "POST")
    assert.equal(chats.length, 2, "a turn with the call, then one with its result")
    assert.ok(offered(chats[0]!.body).includes("capture_tab"), "a model with vision is offered capture_tab")
    const dataUrl = imageIn[kind](chats[1]!.body)
    assert.ok(dataUrl, `no image in the ${kind} request`)
    // The text part is the tab's untrusted content, wrapped; it carries no image bytes.
    const text = JSON.stringify(chats[1]!.body)
    assert.match(text, /untrusted_data source=\\"capture_tab\\"/)
    const saved = await panel.evaluate((id) => globalThis.agent.conversations.get(id), `capture-${kind}`)
    const record = (
      saved as unknown as { messages: Array<{ message: { role: string; content: string }; tool?: { result?: any } }> }
    ).messages.find((m) => m.message.role === "tool")!
    await assertBlocks(dataUrl, record.tool!.result.scale)
  })
}

test("a model without vision is not offered capture_tab; the provider's setting overrides", async () => {
  for (const [vision, expected] of [
    [undefined, false],
    [{ "text-only-model": true }, true],
  ] as const) {
    await useModel("openai", "text-only-model", vision)
    const seen = model.requests.length
    model.script([{ text: "ok" }])
    await chat(`no-vision-${String(expected)}`)
    const request = model.requests.slice(seen).find((r) => r.method === "POST")!
    assert.equal(offered(request.body).includes("capture_tab"), expected)
    assert.ok(offered(request.body).includes("get_tab_content"))
  }
})

test("flow: a capture, then a web_fetch to a new site, asks as after get_tab_content", async () => {
  await useModel("openai", "gpt-4o")
  model.script([
    { toolCalls: [{ id: "f1", name: "capture_tab", arguments: { tab_id: tabId } }] },
    { toolCalls: [{ id: "f2", name: "web_fetch", arguments: { url: elsewhere.url("/") } }] },
    { text: "done" },
  ])
  const before = elsewhere.requests.length
  await chat("capture-flow")
  const log = await panel.evaluate(() => (globalThis as unknown as { log: Array<{ type: string; conversationId?: string }> }).log.splice(0))
  const asked = log.filter((e) => e.type === "confirmation_requested" && e.conversationId === "capture-flow")
  assert.equal(asked.length, 1, "the web_fetch waited for the user")
  assert.equal(elsewhere.requests.length, before, "and nothing reached the other site after the user's no")
})

test("the card shows the capture as a thumbnail that enlarges on click", async () => {
  await useModel("openai", "gpt-4o")
  model.script([{ toolCalls: [{ id: "ui1", name: "capture_tab", arguments: { tab_id: tabId } }] }, { text: "Here it is." }])
  await composer(panel).fill("Show me the page")
  await composer(panel).press("Enter")
  const thumbnail = panel.getByTestId("capture-image").last()
  await thumbnail.waitFor()
  const image = thumbnail.locator("img")
  await until(
    async () => (await image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))) > 0,
    "the thumbnail to decode",
  )
  assert.match((await image.getAttribute("src")) ?? "", /^data:image\/(png|jpeg);base64,/, "from the record, fetched from nowhere")
  const small = (await image.boundingBox())!.width
  assert.ok(small <= 160, `a thumbnail: ${small} px wide`)
  await thumbnail.click()
  assert.equal(await thumbnail.getAttribute("aria-expanded"), "true")
  assert.ok((await image.boundingBox())!.width > small, "enlarged")
})
