import { expect } from "chai"
import type { Conversation } from "../../schemas/conversation.ts"
import type { ReplayStep } from "../../schemas/routines.ts"
import { ConversationStore } from "../../workers/agent/store.ts"
import {
  annotatedTargets,
  fill,
  judgeStep,
  judgeTargets,
  playedReport,
  playSteps,
  recordSteps,
  retargetScript,
  scriptSelectors,
  shapeOf,
} from "./replay.ts"

describe("replays: a result's shape", () => {
  it("is the same when only words and numbers change", () => {
    const recorded = { url: "https://a.example/", status: 200, title: "Prices", content: "Tea 4 €", links: [{ href: "x", text: "y" }] }
    const today = { url: "https://a.example/", status: 200, title: "Prices today", content: "Tea 5 €, coffee 3 €", links: [] }
    const more = {
      ...today,
      links: [
        { href: "p", text: "q" },
        { href: "r", text: "s" },
      ],
    }
    expect(shapeOf(today)).to.not.equal(shapeOf(recorded)) // an empty list says less than one with links
    expect(shapeOf(more)).to.equal(shapeOf(recorded))
  })

  it("differs when a key goes, a kind of value changes, or a field that says what it is changes", () => {
    const recorded = { status: 200, content_type: "text/html", content: "x" }
    expect(shapeOf({ status: 200, content_type: "text/html" })).to.not.equal(shapeOf(recorded))
    expect(shapeOf({ status: 200, content_type: "text/html", content: 1 })).to.not.equal(shapeOf(recorded))
    expect(shapeOf({ status: 404, content_type: "text/html", content: "x" })).to.not.equal(shapeOf(recorded))
    expect(shapeOf({ status: 200, content_type: "application/json", content: "x" })).to.not.equal(shapeOf(recorded))
  })

  it("a step matches only with the recorded shape and no error", () => {
    const step = { tool: "web_fetch", params: {}, shape: shapeOf({ status: 200, content: "a" }) }
    expect(judgeStep(step, { ok: true, value: { status: 200, content: "b" } })).to.deep.equal({ ok: true })
    expect(judgeStep(step, { ok: true, value: { status: 200 } })).to.deep.equal({ ok: false, reason: "shape" })
    expect(judgeStep(step, { ok: false, error: { code: "http_error" } })).to.deep.equal({ ok: false, reason: "error:http_error" })
  })
})

describe("replays: marks in the arguments", () => {
  it("fills {{name}} marks wherever they are, and reports the first with no value", () => {
    expect(fill({ path: "notes/{{day}}.md", list: ["{{day}}-{{n}}", 3] }, { day: "mon", n: "2" })).to.deep.equal({
      ok: true,
      value: { path: "notes/mon.md", list: ["mon-2", 3] },
    })
    expect(fill({ path: "notes/{{day}}.md" }, {})).to.deep.equal({ ok: false, missing: "day" })
    expect(fill({ code: "a { b } {{ c }}" }, {})).to.deep.equal({ ok: true, value: { code: "a { b } {{ c }}" } })
  })
})

describe("replays: the elements a step acts on", () => {
  it("finds the selectors a page script names as string literals", () => {
    expect(
      scriptSelectors(
        `document.querySelector('#buy').click(); document.querySelectorAll("ul > li:nth-of-type(2) > button")[0]; el.closest(\`[data-testid="x"]\`)`,
      ),
    ).to.deep.equal(["#buy", "ul > li:nth-of-type(2) > button", '[data-testid="x"]'])
    expect(scriptSelectors(`document.querySelector("a[title=\\"q\\"]")`)).to.deep.equal(['a[title="q"]'])
    expect(scriptSelectors("document.title")).to.deep.equal([])
  })

  it("reads a link's URL written from a declared prefix as the whole URL", () => {
    const found = annotatedTargets("URL prefixes: ~1 https://a.example ~2 ~1/docs\n[Guide](~2/guide) [Home](~1/) [Local](/x)")
    expect([...found.values()]).to.deep.equal([
      { selector: 'a[href="https://a.example/docs/guide"]', kind: "link", name: "Guide", href: "https://a.example/docs/guide" },
      { selector: 'a[href="https://a.example/"]', kind: "link", name: "Home", href: "https://a.example/" },
      { selector: 'a[href="/x"]', kind: "link", name: "Local", href: "/x" },
    ])
  })

  it("reads each annotation's kind and name from get_tab_content's Markdown", () => {
    const found = annotatedTargets(
      '# Shop\n["Save \\"now\\""]{#save} [checkbox "Remember me" checked]{input[name="remember"]}\n["Item" pressed]{ul > li:nth-of-type(2) > button}\n[\\"Quoted" title]{#q a}',
    )
    expect([...found.values()]).to.deep.equal([
      { selector: "#save", kind: "button", name: 'Save "now"' },
      { selector: 'input[name="remember"]', kind: "checkbox", name: "Remember me" },
      { selector: "ul > li:nth-of-type(2) > button", kind: "button", name: "Item" },
    ])
  })

  it("a target must still select exactly one element of its kind and name", () => {
    const targets = [{ selector: "#buy", kind: "button", name: "Buy" }]
    const stop = (reason: string) => ({ ok: false, reason })
    expect(judgeTargets(targets, [{ selector: "#buy", count: 1, kind: "button", name: "Buy" }])).to.deep.equal({
      ok: true,
      retargets: new Map(),
    })
    expect(judgeTargets(targets, [{ selector: "#buy", count: 0 }])).to.deep.equal(stop("target_missing:#buy"))
    expect(judgeTargets(targets, [{ selector: "#buy", count: 2, kind: "button", name: "Buy" }])).to.deep.equal(
      stop("target_ambiguous:#buy"),
    )
    expect(judgeTargets(targets, [{ selector: "#buy", count: 1, kind: "button", name: "Delete" }])).to.deep.equal(
      stop("target_changed:#buy"),
    )
    expect(judgeTargets(targets, [{ selector: "#buy", count: 1, kind: "link", name: "Buy" }])).to.deep.equal(stop("target_changed:#buy"))
  })

  it("a target whose selector broke is re-found only when exactly one element of the page has its kind and name", () => {
    const targets = [
      { selector: "#buy", kind: "button", name: "Buy" },
      { selector: ".row:nth-of-type(2) > button", kind: "button", name: "Add tea" },
    ]
    const buy = { selector: "#buy", count: 1, kind: "button", name: "Buy" }
    const refound = { selector: targets[1]!.selector, count: 1, kind: "button", name: "Add cocoa", candidates: 1, retarget: "#tea" }
    expect(judgeTargets(targets, [buy, refound])).to.deep.equal({
      ok: true,
      retargets: new Map([[targets[1]!.selector, "#tea"]]),
    })
    // None, or two alike (a second "Add tea"), and the step stops as before: never a guess.
    expect(judgeTargets(targets, [buy, { selector: targets[1]!.selector, count: 0, candidates: 0 }])).to.deep.equal({
      ok: false,
      reason: `target_missing:${targets[1]!.selector}`,
    })
    expect(judgeTargets(targets, [buy, { ...refound, candidates: 2, retarget: undefined }])).to.deep.equal({
      ok: false,
      reason: `target_changed:${targets[1]!.selector}`,
    })
  })

  it("a re-found target's selector replaces the recorded one in the script, all at once, in the literal's own quotes", () => {
    const swap = new Map([
      ["li:nth-of-type(1) > button", "li:nth-of-type(2) > button"],
      ["li:nth-of-type(2) > button", "li:nth-of-type(1) > button"],
      ["#gone", '[data-testid="buy"]'],
    ])
    const code = `document.querySelector("li:nth-of-type(1) > button").click(); document.querySelector('li:nth-of-type(2) > button').click(); document.querySelector(\`#gone\`).click(); document.querySelector("#kept").click()`
    const out = retargetScript(code, swap)
    expect(out).to.equal(
      `document.querySelector("li:nth-of-type(2) > button").click(); document.querySelector('li:nth-of-type(1) > button').click(); document.querySelector(\`[data-testid="buy"]\`).click(); document.querySelector("#kept").click()`,
    )
    expect(scriptSelectors(retargetScript(`document.querySelector("#gone")`, swap))).to.deep.equal(['[data-testid="buy"]'])
    expect(scriptSelectors(retargetScript(`document.querySelector('#gone')`, new Map([["#gone", "a[title='it\\'s']"]])))).to.deep.equal([
      "a[title='it\\'s']",
    ])
  })

  it("reads a link's href with its name, so it is re-found only with the same href", () => {
    expect([...annotatedTargets("[Next page](/p/2)").values()]).to.deep.equal([
      { selector: 'a[href="/p/2"]', kind: "link", name: "Next page", href: "/p/2" },
    ])
  })

  const call = (id: string, name: string, params: unknown, result: unknown) => [
    { seq: 0, conversationId: "c", at: 0, message: { role: "assistant", content: "", toolCalls: [{ id, name, arguments: params }] } },
    {
      seq: 0,
      conversationId: "c",
      at: 0,
      message: { role: "tool", toolCallId: id, name, content: "" },
      tool: { durationMs: 1, params, result },
    },
  ]
  const definition = () => ({ name: "x", description: "", parameters: {}, annotations: {} }) as never
  const conversation = (messages: unknown[]) => ({ id: "c", status: "completed", messages }) as unknown as Conversation

  it("records a script's targets from the page read before it, and refuses one no read named", () => {
    const read = call("r", "get_tab_content", { tab_id: 7 }, { content: '["Buy"]{#buy} ["Item"]{li:nth-of-type(2) > button}' })
    const click = call(
      "k",
      "execute_script",
      { target: "page", tab_id: 7, code: "document.querySelector('#buy').click()" },
      { result: null },
    )
    const recorded = recordSteps(conversation([...read, ...click]), definition)
    expect(recorded.ok && recorded.steps[1]!.targets).to.deep.equal([{ selector: "#buy", kind: "button", name: "Buy" }])
    const guess = call(
      "g",
      "execute_script",
      { target: "page", tab_id: 7, code: "document.querySelector('.buy-now').click()" },
      { result: null },
    )
    expect(recordSteps(conversation([...read, ...guess]), definition)).to.deep.equal({
      ok: false,
      refusal: "unidentified_target",
      tool: "execute_script",
    })
    // A script run before any read of its element has nothing to check it by: refused too.
    expect(recordSteps(conversation([...click, ...read]), definition)).to.deep.include({ ok: false, refusal: "unidentified_target" })
  })

  /** A recorded click on a button by the selector its code names (`document.querySelector(…).click()`). */
  const clickStep = (code: string, name: string): ReplayStep => ({
    tool: "execute_script",
    params: { target: "page", tab_id: 3, code },
    shape: shapeOf({ result: null }),
    targets: [{ selector: scriptSelectors(code)[0]!, kind: "button", name }],
  })

  it("a replay stops before a step whose target changed: the step is not run, nor any after it", async () => {
    const store = await ConversationStore.open(`agent-mesh-test-${crypto.randomUUID()}`)
    const { id } = await store.create({})
    const calls: string[] = []
    const step = clickStep
    const page: Record<string, string> = { "#a": "Save", "#b": "Delete" }
    const played = await playSteps(
      {
        store,
        call: async (_callId, tool, params) => {
          calls.push((params as { code: string }).code)
          return { ok: true, value: { result: null } }
        },
        identify: async (_tab, targets) => ({
          ok: true,
          value: targets.map(({ selector }) => ({ selector, count: 1, kind: "button", name: page[selector], candidates: 0 })),
        }),
        definition: () => undefined,
        maxChars: 1000,
      },
      id,
      "run",
      {
        steps: [
          step("document.querySelector('#a').click()", "Save"),
          step("document.querySelector('#b').click()", "Send"),
          step("document.querySelector('#a').click()", "Save"),
        ],
        onMismatch: "report",
      },
    )
    expect(played).to.deep.equal({ done: 1, stoppedAt: { step: 2, reason: "target_changed:#b" } })
    expect(calls).to.deep.equal(["document.querySelector('#a').click()"])
    store.close()
  })

  it("a replay acts on a re-found element at its fresh selector, says so in what it did, and stops where none or several are alike", async () => {
    const store = await ConversationStore.open(`agent-mesh-test-${crypto.randomUUID()}`)
    const { id } = await store.create({})
    const calls: string[] = []
    const step = (selector: string, name: string) => clickStep(`document.querySelector(${JSON.stringify(selector)}).click()`, name)
    // The page now: `.btn-save` was renamed (one "Save" button left, at #save); "Send" has two alike.
    const page: Record<string, { count: number; name?: string; candidates?: number; retarget?: string }> = {
      "#a": { count: 1, name: "Open" },
      ".btn-save": { count: 0, candidates: 1, retarget: "#save" },
      ".btn-send": { count: 0, candidates: 2 },
    }
    const deps = {
      store,
      call: async (_callId: string, _tool: string, params: unknown) => {
        calls.push((params as { code: string }).code)
        return { ok: true as const, value: { result: null } }
      },
      identify: async (_tab: number, targets: ReadonlyArray<{ selector: string }>) => ({
        ok: true as const,
        value: targets.map(({ selector }) => ({ selector, kind: "button", ...page[selector] })),
      }),
      definition: () => undefined,
      maxChars: 1000,
    }
    const replay = { steps: [step("#a", "Open"), step(".btn-save", "Save"), step(".btn-send", "Send")], onMismatch: "report" as const }
    const played = await playSteps(deps, id, "run", replay)
    expect(played).to.deep.equal({
      done: 2,
      stoppedAt: { step: 3, reason: "target_missing:.btn-send" },
      retargeted: [{ step: 2, from: ".btn-save", to: "#save" }],
    })
    expect(calls).to.deep.equal(['document.querySelector("#a").click()', 'document.querySelector("#save").click()'])
    // The conversation shows the call as it ran, at the fresh selector.
    const saved = (await store.messages(id)).filter((m) => m.message.role === "tool").map((m) => (m.tool!.params as { code: string }).code)
    expect(saved).to.deep.equal(calls)
    expect(playedReport(replay, played)).to.equal(
      "1. execute_script ✓\n2. execute_script ✓ (retargeted)\n3. execute_script ✗ target_missing:.btn-send",
    )
    store.close()
  })

  it("a stopped replay runs no further step", async () => {
    const store = await ConversationStore.open(`agent-mesh-test-${crypto.randomUUID()}`)
    const { id } = await store.create({})
    const stop = new AbortController()
    let calls = 0
    const played = await playSteps(
      {
        store,
        call: async () => {
          calls++
          stop.abort()
          return { ok: true, value: { ok: 1 } }
        },
        identify: async () => ({ ok: true, value: [] }),
        signal: stop.signal,
        definition: () => undefined,
        maxChars: 1000,
      },
      id,
      "run",
      { steps: [1, 2, 3].map(() => ({ tool: "web_fetch", params: {}, shape: shapeOf({ ok: 1 }) })), onMismatch: "model" },
    )
    expect(calls).to.equal(1)
    expect(played).to.deep.equal({ done: 1, stoppedAt: { step: 2, reason: "stopped" } })
    store.close()
  })

  it("a tab the replay opens stands in for the one recorded: later steps act on it", async () => {
    const opened = call("o", "open_tab", { url: "https://a.example/" }, { tab_id: 5, url: "https://a.example/" })
    const read = call("r", "get_tab_content", { tab_id: 5 }, { content: "x" })
    const other = call("s", "get_tab_content", { tab_id: 2 }, { content: "y" })
    const recorded = recordSteps(conversation([...opened, ...read, ...other]), definition)
    expect(recorded.ok && recorded.steps.map((s) => s.opened)).to.deep.equal([5, undefined, undefined])
    const store = await ConversationStore.open(`agent-mesh-test-${crypto.randomUUID()}`)
    const { id } = await store.create({})
    const asked: unknown[] = []
    const played = await playSteps(
      {
        store,
        call: async (_callId, tool, params) => {
          asked.push(params)
          return { ok: true, value: tool === "open_tab" ? { tab_id: 9, url: "https://a.example/" } : { content: "z" } }
        },
        identify: async () => ({ ok: true, value: [] }),
        definition: () => undefined,
        maxChars: 1000,
      },
      id,
      "run",
      { steps: recorded.ok ? recorded.steps : [], onMismatch: "report" },
    )
    expect(played).to.deep.equal({ done: 3 })
    expect(asked).to.deep.equal([{ url: "https://a.example/" }, { tab_id: 9 }, { tab_id: 2 }])
    store.close()
  })
})
