import { expect } from "chai"
import {
  checkAll,
  httpUrl,
  optionalWholeNumberAtLeast,
  parseModelList,
  providerIdFor,
  required,
  wholeNumberBetween,
} from "./settings-validation.ts"

// Outside the extension chrome.i18n is absent and t() returns the key: the tests read the keys.
describe("settings checks", () => {
  it("whole numbers within bounds", () => {
    const steps = wholeNumberBetween(1, 1000)
    expect(steps("50")).to.equal(undefined)
    expect(steps("")).to.equal("errorRequired")
    expect(steps("2.5")).to.equal("errorWholeNumber")
    expect(steps("abc")).to.equal("errorWholeNumber")
    expect(steps("0")).to.equal("errorBetween")
    expect(steps("1001")).to.equal("errorBetween")
    expect(optionalWholeNumberAtLeast(1)("")).to.equal(undefined)
    expect(optionalWholeNumberAtLeast(1)("0")).to.equal("errorAtLeast")
  })

  it("http and https URLs only, with a host", () => {
    expect(httpUrl("http://127.0.0.1:11434")).to.equal(undefined)
    expect(httpUrl("https://api.openai.com/v1")).to.equal(undefined)
    expect(httpUrl("ftp://x")).to.equal("errorUrl")
    expect(httpUrl("https://")).to.equal("errorUrl")
    expect(httpUrl("  ")).to.equal("errorRequired")
  })

  it("checks a whole form, naming only the fields with a problem", () => {
    expect(checkAll({ name: "", baseUrl: "https://x.org" }, { name: required, baseUrl: httpUrl })).to.deep.equal({ name: "errorRequired" })
  })

  it("provider ids are slugs, unique among the taken ones", () => {
    expect(providerIdFor("LM Studio", [])).to.equal("lm-studio")
    expect(providerIdFor("OpenAI", ["openai", "openai-2"])).to.equal("openai-3")
    expect(providerIdFor("日本語", [])).to.equal("provider")
  })

  it("model lists: lines or commas, trimmed, without blanks or repeats", () => {
    expect(parseModelList("a\n b ,c\n\na")).to.deep.equal(["a", "b", "c"])
  })
})
