import { expect } from "chai"
import { bodyFor, chooseBody, programFor, runAndDescribe, scriptFailure, type ScriptOutcome } from "./script-runtime.ts"

const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (body: string) => () => Promise<unknown>

/** Runs code as execute_script would, in this (eval-friendly) test page. */
const evaluate = async (code: string): Promise<unknown> => {
  const choice = chooseBody(code)
  if ("syntaxError" in choice) throw new Error(choice.syntaxError)
  return new AsyncFunction(bodyFor(code, choice.split))()
}

describe("chooseBody: the value of the last expression", () => {
  it("returns the last expression, after statements and with trailing semicolons", async () => {
    expect(await evaluate("document.title")).to.equal(document.title)
    expect(await evaluate("const a = 2\nconst b = 3;\na * b;;\n")).to.equal(6)
    expect(await evaluate("let x = 1; x += 1; x")).to.equal(2)
    expect(await evaluate("({ a: 1 })")).to.deep.equal({ a: 1 })
  })

  it("keeps an explicit return, also a conditional one", async () => {
    expect(await evaluate("return 5")).to.equal(5)
    expect(await evaluate("const x = 2\nif (x > 1) return 'big'\n'small'")).to.equal("big")
    expect(await evaluate("const x = 0\nif (x > 1) return 'big'\n'small'")).to.equal("small")
  })

  it("supports top-level await", async () => {
    expect(await evaluate("const v = await Promise.resolve(20)\nv + 1")).to.equal(21)
    expect(await evaluate("await Promise.resolve(7)")).to.equal(7)
  })

  it("takes a multi-line last expression whole", async () => {
    expect(await evaluate("const items = [1, 2, 3]\nitems\n  .map((n) => n * 2)\n  .filter((n) => n > 2)")).to.deep.equal([4, 6])
  })

  it("does not split where a line continues the previous one", async () => {
    // No automatic semicolon before "(" or "[": the original code means one expression.
    expect(chooseBody("const f = (n) => n\nconst r = f\n(4)\nr")).to.deep.equal({ split: "const f = (n) => n\nconst r = f\n(4)\n".length })
    expect(await evaluate("const a = [[1, 2]]\na\n[0]")).to.deep.equal([1, 2])
  })

  it("is not fooled by separators inside strings, templates and comments", async () => {
    expect(await evaluate("const s = 'a;b\\nc'\ns")).to.equal("a;b\nc")
    expect(await evaluate("const t = `x;\ny`\nt")).to.equal("x;\ny")
    expect(await evaluate("/* a;\n b */ 42")).to.equal(42)
    expect(await evaluate("const n = 1 // trailing; comment\nn")).to.equal(1)
  })

  it("gives statements without a value undefined", async () => {
    expect(await evaluate("let y = 1")).to.equal(undefined)
    expect(await evaluate("for (let i = 0; i < 3; i++) { globalThis.__loop = i }")).to.equal(undefined)
  })

  it("reports a syntax error without running anything", () => {
    const choice = chooseBody("globalThis.__ran = true\nlet = ;")
    expect(choice)
      .to.have.property("syntaxError")
      .that.matches(/^SyntaxError: /)
    expect((globalThis as { __ran?: boolean }).__ran).to.equal(undefined)
  })
})

describe("runAndDescribe: any value as JSON", () => {
  const describeValue = (value: unknown, maxChars = 10_000) => runAndDescribe(() => value, maxChars, 5_000, 0)

  it("passes JSON through and names the type", async () => {
    expect(await describeValue({ a: [1, "two", true, null] })).to.deep.equal({
      ok: true,
      value: { a: [1, "two", true, null] },
      type: "object",
    })
    expect(await describeValue(undefined)).to.deep.equal({ ok: true, value: null, type: "undefined" })
  })

  it("describes what JSON cannot hold", async () => {
    const cyclic: Record<string, unknown> = { name: "root", child: {} }
    ;(cyclic["child"] as Record<string, unknown>)["parent"] = cyclic
    const shared = { s: 1 }
    const outcome = await describeValue({
      big: 10n,
      fn: function named() {},
      arrow: () => 1,
      sym: Symbol("tag"),
      nan: NaN,
      inf: -Infinity,
      undef: undefined,
      date: new Date(0),
      re: /x+/g,
      error: new TypeError("bad"),
      map: new Map([["k", 1]]),
      set: new Set([1]),
      typed: new Uint8Array([1, 2]),
      cyclic,
      twice: [shared, shared],
    })
    expect(outcome).to.deep.equal({
      ok: true,
      type: "object",
      value: {
        big: "[BigInt 10n]",
        fn: "[Function named]",
        arrow: "[Function arrow]",
        sym: "[Symbol(tag)]",
        nan: "[NaN]",
        inf: "[-Infinity]",
        undef: "[undefined]",
        date: "1970-01-01T00:00:00.000Z",
        re: "/x+/g",
        error: "[TypeError: bad]",
        map: { "[Map]": [["k", 1]] },
        set: { "[Set]": [1] },
        typed: [1, 2],
        cyclic: { name: "root", child: { parent: "[Circular → $.cyclic]" } },
        twice: [{ s: 1 }, { s: 1 }],
      },
    })
  })

  it("describes DOM nodes and node lists", async () => {
    const host = document.createElement("div")
    host.innerHTML = `<a id="go" class="btn primary" href="/next">Go   on</a><span>two</span>`
    const link = await describeValue(host.firstChild)
    expect(link).to.deep.equal({
      ok: true,
      type: "object",
      value: '[HTMLAnchorElement <a id="go" class="btn primary" href="/next"> "Go on"]',
    })
    const all = await describeValue(host.querySelectorAll("*"))
    expect(all.ok && all.value).to.deep.equal([
      '[HTMLAnchorElement <a id="go" class="btn primary" href="/next"> "Go on"]',
      '[HTMLSpanElement <span> "two"]',
    ])
    expect((await describeValue(document)).ok && ((await describeValue(document)) as { value: string }).value).to.match(/^\[Document http/)
  })

  it("survives getters that throw", async () => {
    const tricky = Object.defineProperty({}, "boom", {
      enumerable: true,
      get: () => {
        throw new Error("nope")
      },
    })
    expect(await describeValue(tricky)).to.deep.equal({ ok: true, type: "object", value: { boom: "[getter threw: nope]" } })
  })

  it("cuts a result past the cap and says so", async () => {
    const long = await describeValue("x".repeat(500), 100)
    expect(long).to.include({ ok: true, truncated: true })
    expect((long as { value: string }).value.length).to.equal(101)
    const many = await describeValue(
      Array.from({ length: 200 }, (_, i) => ({ i })),
      100,
    )
    expect(many).to.include({ ok: true, truncated: true, type: "object" })
    expect(typeof (many as { value: unknown }).value).to.equal("string")
    expect(await describeValue("short", 100)).to.not.have.property("truncated")
  })

  it("returns exceptions with name, message and a stack whose lines count from the user's code", async () => {
    const fn = new AsyncFunction("const a = 1\nthrow new RangeError('out of range')")
    const outcome = (await runAndDescribe(fn, 1000, 5_000, 2)) as Extract<ScriptOutcome, { ok: false }>
    expect(outcome).to.include({ ok: false, kind: "exception", name: "RangeError", message: "out of range" })
    expect(outcome.stack).to.match(/<anonymous>:2:/)
    expect(scriptFailure(outcome).code).to.equal("script_error")
    expect(scriptFailure(outcome).message).to.match(/^The script threw RangeError: out of range\n\s+at /)
    expect(await runAndDescribe(() => Promise.reject("plain"), 1000, 5_000, 0)).to.deep.equal({
      ok: false,
      kind: "exception",
      name: "Uncaught",
      message: "plain",
    })
  })

  it("stops waiting for a promise at the time limit", async () => {
    const outcome = await runAndDescribe(() => new Promise(() => undefined), 1000, 50, 0)
    expect(outcome).to.include({ ok: false, kind: "timeout" })
    expect(scriptFailure(outcome as Extract<ScriptOutcome, { ok: false }>).code).to.equal("timeout")
  })
})

// oxlint-disable no-eval -- the program is made to be evaluated as the page evaluates it
describe("programFor", () => {
  it("evaluates to the outcome, with the user's first line as line 1", async () => {
    const program = programFor("await null\nreturn [1, 2n]", 1000, 5_000)
    expect(await (0, eval)(program)).to.deep.equal({ ok: true, value: [1, "[BigInt 2n]"], type: "object" })
    const failing = (await (0, eval)(programFor("\n\nnull.x", 1000, 5_000))) as Extract<ScriptOutcome, { ok: false }>
    expect(failing.stack).to.match(/<anonymous>:3:/)
  })
})
