import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { undoDoubleUtf8 } from "./double-encoded.ts"

/** UTF-8 text as a system that read its bytes as Latin-1 writes it out again */
const twice = (text: string): string => String.fromCharCode(...new TextEncoder().encode(text))

const story = (words: string): string =>
  `<html><body><article>${Array.from({ length: 4 }, () => `<p>${words}</p>`).join("")}</article></body></html>`

describe("text encoded in UTF-8 twice", () => {
  it("is read once when curly quotes show it was so encoded", () => {
    const { markdown } = extractFromHtml(
      story(twice("If you’re reading this, the café’s owner said, it’s because the story ran long enough to be read whole.")),
    )
    expect(markdown).to.contain("If you’re reading this, the café’s owner said, it’s because")
  })

  it("leaves a page alone without a control character to show it", () => {
    const page = "<p>Ã© is what the bytes of é read as in Latin-1, the manual says.</p>"
    expect(undoDoubleUtf8(page)).to.equal(page)
  })

  it("needs more than one such character", () => {
    const page = `<p>${twice("one’s")} alone, and Ã© beside it.</p>`
    expect(undoDoubleUtf8(page)).to.equal(page)
  })
})
