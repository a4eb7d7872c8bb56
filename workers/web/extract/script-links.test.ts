import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

// a shopping box whose links open by script: `<a onclick>` and no href, as ad networks wrote them
const item = (n: number, link: (text: string) => string) =>
  `<tr><td>${link(`Cable model ${n}, three feet, gold-plated`)}<br>` +
  `Triple shielding with braid and foil, for the best picture and sound.<br>` +
  `<strong>Price range $${n}9 to $${n}99</strong> • ${link("View details")}</td>` +
  `<td>${link(`Mounts and More: $${n}9.99`)}<br>${link(`Sterling Tek: $${n}4.50`)}<br>${link(`PC Connection: $${n}7.95`)}</td></tr>`

const page = (link: (text: string) => string) =>
  `<!doctype html><html><head><title>A story</title></head><body><div id="page">` +
  `<div id="story">${prose("Story", 8)}</div>` +
  `<div id="box"><table>${[1, 2, 3, 4, 5, 6].map((n) => item(n, link)).join("")}</table></div>` +
  `</div></body></html>`

describe("links opened by a script", () => {
  it("count as links: a box of them beside the story is not read with it", () => {
    const { markdown } = extractFromHtml(page((text) => `<a onclick="window.open('/go?p=1')">${text}</a>`))
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 8:")
    expect(markdown).not.to.contain("Triple shielding")
  })

  it("as links with an address do", () => {
    const { markdown } = extractFromHtml(page((text) => `<a href="/go?p=1">${text}</a>`))
    expect(markdown).to.contain("Story paragraph 8:")
    expect(markdown).not.to.contain("Triple shielding")
  })
})
