import { expect } from "chai"
import { checkVision, parseVision, visionText } from "./vision-overrides.ts"

describe("a provider's sees-images overrides, as the form writes them", () => {
  it("reads `model = yes|no` lines and writes them back", () => {
    const parsed = parseVision("llava:13b = yes\n\n  gpt-4o=NO \nvendor/some model = yes")
    expect(parsed).to.deep.equal({ "llava:13b": true, "gpt-4o": false, "vendor/some model": true })
    expect(parseVision(visionText(parsed))).to.deep.equal(parsed)
    expect(visionText(undefined)).to.equal("")
  })

  it("names the first line that is not one", () => {
    expect(checkVision("a = yes\nb = no")).to.equal(undefined)
    expect(checkVision("")).to.equal(undefined)
    expect(checkVision("a = yes\nb maybe")).to.equal("errorVisionLine")
  })
})
