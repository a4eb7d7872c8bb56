import { expect } from "chai"
import type { MessageRecord } from "../../schemas/conversation.ts"
import { objectArguments, sentArguments } from "./providers/tool-calls.ts"
import type { ToolSpec } from "./providers/types.ts"
import { CallIds, closestName, resolveName, textVerdict, tidyCalls, unknownToolMessage, withoutCutMarkup } from "./weak-turns.ts"

const tools: ToolSpec[] = [
  {
    name: "web_fetch",
    description: "Fetches a page",
    parameters: {
      type: "object",
      properties: { url: { type: "string" }, max_length: { type: "integer" } },
      required: ["url"],
      additionalProperties: false,
    },
  },
  { name: "list_tabs", description: "Lists tabs", parameters: { type: "object", properties: {} } },
  {
    name: "web_search",
    description: "Searches",
    parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
  },
]

const FETCH = { name: "web_fetch", arguments: { url: "https://example.com" } }
const calls = (text: string) => {
  const verdict = textVerdict(text, tools)
  if (verdict.kind !== "calls") throw new Error(`expected calls, got ${JSON.stringify(verdict)}`)
  return { calls: verdict.calls.map(({ name, arguments: args }) => ({ name, arguments: args })), rest: verdict.rest }
}

describe("calls written as text", () => {
  const templates: Array<[string, string]> = [
    ["bare JSON", '{"name": "web_fetch", "arguments": {"url": "https://example.com"}}'],
    ["a json fence with parameters", 'Sure.\n```json\n{"name": "web_fetch", "parameters": {"url": "https://example.com"}}\n```'],
    ["Hermes/Qwen <tool_call>", '<tool_call>\n{"name": "web_fetch", "arguments": {"url": "https://example.com"}}\n</tool_call>'],
    [
      "Qwen3-Coder <function=>",
      "<tool_call>\n<function=web_fetch>\n<parameter=url>\nhttps://example.com\n</parameter>\n</function>\n</tool_call>",
    ],
    ["Qwen3-Coder without the wrapper", "<function=web_fetch>\n<parameter=url>\nhttps://example.com\n</parameter>\n</function>"],
    ["Mistral [TOOL_CALLS] list", '[TOOL_CALLS] [{"name": "web_fetch", "arguments": {"url": "https://example.com"}}]'],
    ["Devstral [TOOL_CALLS]name[ARGS]", '[TOOL_CALLS]web_fetch[ARGS]{"url": "https://example.com"}'],
    [
      "Llama 3.1 <|python_tag|>",
      '<|python_tag|>{"type": "function", "name": "web_fetch", "parameters": {"url": "https://example.com"}}<|eom_id|>',
    ],
    ["Llama 3.2 pythonic list", '[web_fetch(url="https://example.com")]'],
    ["Phi-4-mini functools", 'functools[{"name": "web_fetch", "arguments": {"url": "https://example.com"}}]'],
    ["Gemma tool_code", "```tool_code\nweb_fetch(url='https://example.com')\n```"],
    [
      "a {tool_calls} object",
      '{"tool_calls": [{"id": "x", "type": "function", "function": {"name": "web_fetch", "arguments": "{\\"url\\": \\"https://example.com\\"}"}}]}',
    ],
    ["Granite <|tool_call|>", '<|tool_call|>[{"name": "web_fetch", "arguments": {"url": "https://example.com"}}]'],
    ["GLM <arg_key>", "<tool_call>web_fetch\n<arg_key>url</arg_key>\n<arg_value>https://example.com</arg_value>\n</tool_call>"],
    [
      "DeepSeek special tokens",
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>web_fetch\n```json\n{"url": "https://example.com"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    ],
    ["Nemotron <TOOLCALL>", '<TOOLCALL>[{"name": "web_fetch", "arguments": {"url": "https://example.com"}}]</TOOLCALL>'],
    [
      "Seed-OSS <seed:tool_call>",
      "<seed:tool_call>\n<function=web_fetch>\n<parameter=url>https://example.com</parameter>\n</function>\n</seed:tool_call>",
    ],
    [
      "InternLM <|plugin|>",
      '<|action_start|><|plugin|>\n{"name": "web_fetch", "parameters": {"url": "https://example.com"}}<|action_end|>',
    ],
    [
      "gpt-oss Harmony tokens",
      '<|channel|>analysis<|message|>Need the page.<|end|><|start|>assistant<|channel|>commentary to=functions.web_fetch <|constrain|>json<|message|>{"url": "https://example.com"}<|call|>',
    ],
    [
      "Kimi K2 special tokens",
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.web_fetch:0<|tool_call_argument_begin|>{"url": "https://example.com"}<|tool_call_end|><|tool_calls_section_end|>',
    ],
  ]
  for (const [name, text] of templates) {
    it(`reads ${name}`, () => {
      expect(calls(text).calls).to.deep.equal([FETCH])
    })
  }

  it("reads several JSON calls in a row, and Gemma's print(…) around a call", () => {
    const two = '{\n  "name": "web_fetch",\n  "arguments": {"url": "https://example.com"}\n}\n{"name": "list_tabs", "parameters": {}}'
    expect(calls(two).calls).to.deep.equal([FETCH, { name: "list_tabs", arguments: {} }])
    expect(calls("```tool_code\nprint(default_api.web_fetch(url='https://example.com'))\n```").calls).to.deep.equal([FETCH])
    expect(calls('<tool_call>{"name": "list_tabs", "arguments": {}}</tool_call><|im_end|>').rest).to.equal("")
  })

  it("reads a JSON call on its own last line after some words", () => {
    const found = calls('I will fetch it:\n{"name": "web_fetch", "arguments": {"url": "https://example.com"}}')
    expect(found).to.deep.equal({ calls: [FETCH], rest: "I will fetch it:" })
  })

  it("reads long texts without call markup as text, however many lines open a brace", () => {
    expect(textVerdict("\n{ not json".repeat(50_000) + "\n}", tools).kind).to.equal("text")
    expect(textVerdict("<tool_call".repeat(50_000), tools).kind).to.equal("text")
  })

  it("keeps the words around the markup as the answer's text", () => {
    const found = calls(
      'Let me look that up.\n<tool_call>\n{"name": "web_fetch", "arguments": {"url": "https://example.com"}}\n</tool_call>',
    )
    expect(found.rest).to.equal("Let me look that up.")
  })

  it("reads several calls, and types a template's text values by the schema", () => {
    const found = calls(
      '<tool_call>\n<function=web_fetch>\n<parameter=url>\nhttps://example.com\n</parameter>\n<parameter=max_length>\n500\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n{"name": "list_tabs", "arguments": {}}\n</tool_call>',
    )
    expect(found.calls).to.deep.equal([
      { name: "web_fetch", arguments: { url: "https://example.com", max_length: 500 } },
      { name: "list_tabs", arguments: {} },
    ])
  })

  it("repairs Python literals and single quotes inside the markup", () => {
    expect(calls("<tool_call>{'name': 'web_fetch', 'arguments': {'url': 'https://example.com',}}</tool_call>").calls).to.deep.equal([FETCH])
  })

  it("maps a near-miss name in the text to the tool", () => {
    expect(calls('{"name": "WebFetch", "arguments": {"url": "https://example.com"}}').calls).to.deep.equal([FETCH])
  })

  it("calls unclear a tagged call to a tool that is not offered, or whose arguments its schema refuses", () => {
    expect(textVerdict('<tool_call>{"name": "browse_page", "arguments": {"url": "x"}}</tool_call>', tools).kind).to.equal("unclear")
    expect(textVerdict('<tool_call>{"name": "web_fetch", "arguments": {"link": "x"}}</tool_call>', tools).kind).to.equal("unclear")
    expect(textVerdict("<tool_call>{not json at all</tool_call>", tools).kind).to.equal("unclear")
  })

  it("leaves ordinary answers alone: prose, code the model shows, JSON data", () => {
    for (const text of [
      "The page says hello.",
      "Here is how:\n```python\nprint(x='hello')\n```",
      '```json\n{"name": "Ada", "born": 1815}\n```',
      "[1, 2, 3]",
    ])
      expect(textVerdict(text, tools).kind, text).to.equal("text")
  })

  it("finds nothing when no tools were offered", () => {
    expect(textVerdict('{"name": "web_fetch", "arguments": {"url": "x"}}', []).kind).to.equal("text")
  })

  it("cuts an unfinished call from a text stopped at the output limit", () => {
    expect(withoutCutMarkup('I will fetch it.\n<tool_call>\n{"name": "web_fetch", "argu')).to.equal("I will fetch it.")
    expect(withoutCutMarkup("Plain words.")).to.equal("Plain words.")
  })
})

describe("tool names", () => {
  it("maps case, - and _, and a functions. prefix to the one tool they match", () => {
    for (const name of ["WebFetch", "web-fetch", "webfetch", "functions.web_fetch", "WEB_FETCH"])
      expect(resolveName(name, tools), name).to.equal("web_fetch")
    expect(resolveName("browse_page", tools)).to.equal(undefined)
  })

  it("maps nothing when two tools match", () => {
    expect(resolveName("a-b", [{ name: "a_b" }, { name: "A-B" }])).to.equal(undefined)
  })

  it("names the tools and the closest in an unknown name's error, by words and by spelling", () => {
    expect(closestName("fetch_page", tools)).to.equal("web_fetch")
    expect(closestName("browse_page", tools)).to.equal("web_fetch")
    expect(closestName("googleSearch", tools)).to.equal("web_search")
    expect(closestName("list_tab", tools)).to.equal("list_tabs")
    const message = unknownToolMessage("browse_page", tools)
    expect(message).to.contain('The closest is "web_fetch".')
    expect(message).to.contain("web_fetch, list_tabs, web_search")
  })

  it("drops nameless calls and maps near-miss names of native calls", () => {
    expect(
      tidyCalls(
        [
          { id: "a", name: "", arguments: {} },
          { id: "b", name: "Web-Fetch", arguments: { url: "x" } },
        ],
        tools,
      ),
    ).to.deep.equal([{ id: "b", name: "web_fetch", arguments: { url: "x" } }])
  })
})

describe("arguments", () => {
  it("repairs slips whose intent is certain", () => {
    expect(objectArguments('{"url": "x",}')).to.deep.equal({ url: "x" })
    expect(objectArguments("{'url': 'x'}")).to.deep.equal({ url: "x" })
    expect(objectArguments('{url: "x"}')).to.deep.equal({ url: "x" })
    expect(objectArguments('{"all": True, "n": None}')).to.deep.equal({ all: true, n: null })
    expect(objectArguments(JSON.stringify(JSON.stringify({ url: "x" })))).to.deep.equal({ url: "x" })
  })

  it("does not complete a call cut off mid-argument, nor take what is not an object", () => {
    expect(objectArguments('{"url": "https://exa')).to.equal(undefined)
    expect(objectArguments("[1, 2]")).to.equal(undefined)
    expect(objectArguments('"just text"')).to.equal(undefined)
  })

  it("sends back an object always: the arguments, or {} beside an error", () => {
    expect(sentArguments({ id: "a", name: "t", arguments: { a: 1 } })).to.deep.equal({ a: 1 })
    expect(sentArguments({ id: "a", name: "t", arguments: {}, invalidArguments: "{oops" })).to.deep.equal({})
    expect(sentArguments({ id: "a", name: "t", arguments: "text" })).to.deep.equal({})
  })
})

describe("call ids", () => {
  const record = (ids: string[]): MessageRecord => ({
    conversationId: "c",
    seq: 1,
    runId: "r",
    at: 0,
    message: { role: "assistant", content: "", toolCalls: ids.map((id) => ({ id, name: "t", arguments: {} })) },
  })

  it("replaces an empty, repeated or ill-formed id, and keeps a good one", () => {
    const ids = new CallIds([record(["call_1"])])
    expect(ids.unique({ id: "call_2", name: "t", arguments: {} }).id).to.equal("call_2")
    const again = ids.unique({ id: "call_1", name: "t", arguments: {} }).id
    const twice = ids.unique({ id: "call_2", name: "t", arguments: {} }).id
    const empty = ids.unique({ id: "", name: "t", arguments: {} }).id
    const odd = ids.unique({ id: "tool call/1", name: "t", arguments: {} }).id
    const all = ["call_1", "call_2", again, twice, empty, odd]
    expect(new Set(all).size).to.equal(all.length)
    for (const id of all) expect(id).to.match(/^[a-zA-Z0-9_-]+$/)
  })

  it("keeps the shape of Mistral's nine-character ids", () => {
    const ids = new CallIds([record(["abcDEF123"])])
    expect(ids.unique({ id: "abcDEF123", name: "t", arguments: {} }).id).to.match(/^[a-zA-Z0-9]{9}$/)
  })
})
