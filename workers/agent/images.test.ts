/** Images in the conversation: where each wire format carries them, the budget, and who is offered them. */
import { expect } from "chai"
import { anthropicMessages } from "./providers/anthropic.ts"
import { ollamaBody } from "./providers/ollama.ts"
import { openAiMessages } from "./providers/openai.ts"
import { knownToSee, seesImages } from "./providers/vision.ts"
import type { Message } from "./providers/types.ts"
import { IMAGE_LEFT_OUT, imageTokens, splitImage, withoutOlderImages } from "./images.ts"
import { requestTokens } from "./context.ts"

const image = { mediaType: "image/png", data: "iVBORw0KGgo=", width: 750, height: 100 }

const conversation: Array<Message> = [
  { role: "user", content: "Look" },
  {
    role: "assistant",
    content: "",
    toolCalls: [
      { id: "c1", name: "capture_tab", arguments: { tab_id: 1 } },
      { id: "c2", name: "list_tabs", arguments: {} },
    ],
  },
  { role: "tool", toolCallId: "c1", name: "capture_tab", content: "<untrusted_data>…</untrusted_data>", images: [image] },
  { role: "tool", toolCallId: "c2", name: "list_tabs", content: "[]" },
  { role: "user", content: "And?" },
]

describe("images on the wire", () => {
  it("OpenAI: tool messages stay together, the image follows them in user content", () => {
    const wire = openAiMessages({ kind: "openai", baseUrl: "http://x" }, { model: "m", system: "S", messages: conversation })
    expect(wire.map((m) => m["role"])).to.deep.equal(["system", "user", "assistant", "tool", "tool", "user", "user"])
    expect(wire[3]!["content"]).to.be.a("string")
    const parts = wire[5]!["content"] as Array<Record<string, any>>
    expect(parts[0]!["text"]).to.contain("c1")
    expect(parts[1]).to.deep.equal({ type: "image_url", image_url: { url: `data:image/png;base64,${image.data}` } })
  })

  it("OpenAI: a conversation without images is sent as before", () => {
    const plain = conversation.map((m) => (m.role === "tool" ? { ...m, images: [] } : m))
    const wire = openAiMessages({ kind: "openai", baseUrl: "http://x" }, { model: "m", messages: plain })
    expect(wire.map((m) => m["role"])).to.deep.equal(["user", "assistant", "tool", "tool", "user"])
  })

  it("Anthropic: an image block inside the tool_result, after its text", () => {
    const wire = anthropicMessages(conversation)
    const results = wire[2]!.content as Array<Record<string, any>>
    expect(results[0]!["content"]).to.deep.equal([
      { type: "text", text: "<untrusted_data>…</untrusted_data>" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: image.data } },
    ])
    expect(results[1]!["content"]).to.equal("[]")
  })

  it("Ollama: the tool message's images, as bare base64", () => {
    const messages = ollamaBody({ model: "m", messages: conversation })["messages"] as Array<Record<string, unknown>>
    expect(messages[2]).to.deep.include({ role: "tool", images: [image.data] })
    expect(messages[3]).to.not.have.property("images")
  })
})

describe("images in the context", () => {
  it("splits a result's image from the text the model reads and the record keeps", () => {
    const { value, images } = splitImage({ tab_id: 1, width: 10, height: 20, image: { media_type: "image/jpeg", data: "AAAA" } })
    expect(images).to.deep.equal([{ mediaType: "image/jpeg", data: "AAAA", width: 10, height: 20 }])
    expect(JSON.stringify(value)).to.not.contain("AAAA")
    expect(splitImage({ content: "text" }).images).to.deep.equal([])
  })

  it("counts images towards the budget", () => {
    expect(imageTokens(image)).to.equal(100)
    const without = conversation.map((m) => (m.role === "tool" ? { ...m, images: [] } : m))
    expect(requestTokens("", [], conversation) - requestTokens("", [], without)).to.equal(100)
  })

  it("leaves out the oldest images first, saying so, and keeps the text", () => {
    const two: Array<Message> = [
      ...conversation,
      { role: "tool", toolCallId: "c3", name: "capture_tab", content: "newer", images: [{ ...image, data: "NEWER" }] },
    ]
    const fitsOne = (m: ReadonlyArray<Message>) => m.flatMap((x) => (x.role === "tool" ? (x.images ?? []) : [])).length <= 1
    const kept = withoutOlderImages(two, fitsOne)
    const tools = kept.filter((m) => m.role === "tool")
    expect(tools[0]!.images).to.deep.equal([])
    expect(tools[0]!.content).to.contain(IMAGE_LEFT_OUT)
    expect(tools[2]!.images![0]!.data).to.equal("NEWER")
    expect(kept.length).to.equal(two.length)
  })
})

describe("which models see images", () => {
  it("knows common models by name", () => {
    for (const model of [
      "gpt-4o",
      "gpt-4.1-mini",
      "claude-sonnet-4-5",
      "claude-3-5-haiku-latest",
      "gemini-2.5-pro",
      "llava:13b",
      "qwen2.5vl:7b",
      "openai/gpt-5",
      "llama3.2-vision",
    ])
      expect(knownToSee(model), model).to.equal(true)
    for (const model of ["gpt-3.5-turbo", "deepseek-chat", "o3-mini", "llama3.1:8b", "qwen2.5:7b", "mistral"])
      expect(knownToSee(model), model).to.equal(false)
  })

  it("lets the provider's setting override", () => {
    expect(seesImages({ vision: { "llama3.1:8b": true } }, "llama3.1:8b")).to.equal(true)
    expect(seesImages({ vision: { "gpt-4o": false } }, "gpt-4o")).to.equal(false)
    expect(seesImages({}, "gpt-4o")).to.equal(true)
  })
})
