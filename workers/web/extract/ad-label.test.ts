import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

/** a 2000s ad box: a picture of the words "Sponsored Links", then a title link and a line of copy per ad, in table rows */
const ads = (label: string) => {
  const rows = Array.from(
    { length: 4 },
    (_, i) =>
      `<tr><td>•</td><td><b><a href="/click?ad=${i}">Help desk software number ${i}</a></b></td></tr><tr><td></td><td>Web based help desk with asset management, account and contact management, in one place.</td></tr>`,
  ).join("")
  return `<table><tr><td><img alt="${label}" src="/label.gif"><br><table>${rows}</table></td></tr></table>`
}
const page = (label: string) =>
  `<!doctype html><html><head><title>A story</title></head><body><table><tr><td><div>${prose("Story", 5)}</div>${ads(label)}</td></tr></table></body></html>`

describe("a box of ads labelled by an image", () => {
  it("cuts the ads under an image whose alt text reads Sponsored Links", () => {
    const { markdown } = extractFromHtml(page("Sponsored Links"))
    expect(markdown).to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("Web based help desk")
  })

  it("keeps a box under an image whose alt text says something else", () => {
    const { markdown } = extractFromHtml(page("Our partners in the field"))
    expect(markdown).to.contain("Story paragraph 5:").and.to.contain("Web based help desk")
  })
})
