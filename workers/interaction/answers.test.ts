import { expect } from "chai"
import { checkAnswer } from "./answers.ts"

describe("checkAnswer", () => {
  it("takes any text for a free question", () => {
    expect(checkAnswer({ question: "?", multiple: false }, "anything")).to.deep.equal({ ok: true, answer: "anything" })
    expect(checkAnswer({ question: "?", multiple: false }, ["a"]).ok).to.equal(false)
  })
  it("takes exactly one option for a single choice", () => {
    const q = { question: "?", options: ["a", "b"], multiple: false }
    expect(checkAnswer(q, "b")).to.deep.equal({ ok: true, answer: "b" })
    const refused = checkAnswer(q, "c")
    expect(refused.ok).to.equal(false)
    expect(!refused.ok && refused.message).to.match(/"c" is not one of the options/)
  })
  it("takes an array of options for several choices, once each", () => {
    const q = { question: "?", options: ["a", "b", "c"], multiple: true }
    expect(checkAnswer(q, ["c", "a", "c"])).to.deep.equal({ ok: true, answer: ["c", "a"] })
    expect(checkAnswer(q, "a").ok).to.equal(false)
    const refused = checkAnswer(q, ["a", "z"])
    expect(!refused.ok && refused.message).to.match(/\["z"\]/)
  })
})
