import { expect } from "chai"
import { fill, judgeStep, shapeOf } from "./replay.ts"

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
