import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const paragraph = (i: number) =>
  `<p>The council said on Tuesday that stage ${i} of the harbour works would start in spring, after months of talks with residents about noise, traffic and the cost of the new sea wall.</p>`
const story = (count: number) => `<div class="story">${Array.from({ length: count }, (_, i) => paragraph(i + 1)).join("")}</div>`
// a news site's "Inside the paper" box beside its story (news.com.au's shape, in DAnIEL): per section a
// linked headline, a thumbnail or a date, a sentence of summary, two related links and a "More" link;
// the sections' links above them make the box score below zero whole, its summaries well above once pruned
const sections = ["National", "Business", "Money", "Sport"]
const section = (name: string, i: number) =>
  `<div class="module">${i % 2 ? `<div class="module-header"><h3><a href="/${name}">${name}</a></h3></div>` : `<h3>${name}</h3>`}` +
  `<div class="module-content"><div class="story-block"><h4><a href="/${name}/${i}">Storm number ${i} closes the coast road</a></h4>` +
  `${i % 3 ? `<a href="/${name}/${i}"><img src="/${i}.jpg"></a>` : `<span>12 January</span>`}` +
  `<p>Police closed the coast road for ${i} hours on Monday night after waves washed stones onto it, and the council asked drivers to stay away until the crews had cleared it.</p></div>` +
  `<ul class="related"><li><a href="/${name}/${i}/a">Ferries cancelled again</a></li><li><a href="/${name}/${i}/b">Schools shut early</a></li></ul></div>` +
  `<div class="module-footer"><ul><li><a href="/${name}">More ${name} news</a></li></ul></div></div>`
const topics = `<ul>${Array.from({ length: 40 }, (_, i) => `<li><a href="/topic/${i}">Topic number ${i}</a></li>`).join("")}</ul>`
const box = `<div class="inside"><div class="group-header"><h2>Inside the paper</h2>${topics}</div><div class="group-content">${sections.map((name, i) => section(name, i + 1)).join("")}</div></div>`

describe("a box of headlines beside the story", () => {
  it("does not join the story when the parts are gathered", () => {
    const { markdown } = extractFromHtml(`<html><body><div class="page">${story(6)}${box}</div></body></html>`)
    expect(markdown).to.contain("stage 1 of the harbour works")
    expect(markdown).to.contain("stage 6 of the harbour works")
    expect(markdown).not.to.contain("Police closed the coast road")
    expect(markdown).not.to.contain("Storm number")
  })

  it("still gathers a part of the story that cites a few sources", () => {
    const cited = `<div class="more">${paragraph(7)}<p>The plan, <a href="/a">published</a> by the <a href="/b">council</a>, follows a <a href="/c">review</a> of the harbour.</p>${paragraph(8)}</div>`
    const { markdown } = extractFromHtml(`<html><body><div class="page">${story(6)}${cited}${box}</div></body></html>`)
    expect(markdown).to.contain("stage 8 of the harbour works")
    expect(markdown).to.contain("follows a")
  })
})
