import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const sentence = (i: number) =>
  `Section ${i} of the guide lists the radiology teaching files that residents use most, with notes on what each covers, how current it is and who maintains it.`
const part = (from: number, count: number) =>
  `<div class="part">${Array.from({ length: count }, (_, i) => `<p>${sentence(from + i)}</p>`).join("")}</div>`
// the site's index beside the story, inside the same wrapper: it makes the wrapper score below the story's larger part
const index = `<ul>${Array.from({ length: 40 }, (_, i) => `<li><a href="/topic/${i}">Radiology topic ${i}</a></li>`).join("")}</ul>`

describe("what lies between the parts gathering joins", () => {
  it("keeps a paragraph of prose with a link between two parts of the story", () => {
    // cleaneval-665's shape: runs of paragraphs, and between them a paragraph whose link keeps it from passing as plain prose
    const between = `<p>If you would like to be notified of new radiology web sites, you may subscribe to the <a href="/news">RadiologyEducation newsletter</a>.</p>`
    const html = `<html><body><div id="page">${part(1, 3)}${between}${part(4, 6)}${index}</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Section 1 of the guide")
    expect(markdown).to.contain("Section 9 of the guide")
    expect(markdown).to.contain("you may subscribe to the")
    expect(markdown).not.to.contain("Radiology topic 12")
  })

  it("still takes out a teaser box with a heading between the parts", () => {
    const between = `<div><h3>Today's top stories</h3><p><a href="/x">Check yourself before you wreck yourself</a>: office parties can turn south when the festivities are not kept under control, experts say.</p></div>`
    const html = `<html><body><div id="page">${part(1, 3)}${between}${part(4, 6)}${index}</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Section 1 of the guide")
    expect(markdown).to.contain("Section 9 of the guide")
    expect(markdown).not.to.contain("Today's top stories")
  })
})
