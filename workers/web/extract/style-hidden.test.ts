import { expect } from "chai"
import { parseHTML } from "linkedom/worker"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"
import { styleHidden } from "./style-hidden.ts"

const hiddenOf = (css: string, body: string): string[] => {
  const { document } = parseHTML(`<!doctype html><html><head><style>${css}</style></head><body>${body}</body></html>`) as unknown as {
    document: Document
  }
  const sheets = styleHidden(document)
  return Array.from(document.querySelectorAll("[data-k]"))
    .filter((el) => sheets.hides(el))
    .map((el) => el.getAttribute("data-k")!)
}

describe("styleHidden", () => {
  it("leaves out a hover card that a <style> rule hides until the pointer is on its link", () => {
    const card = `<span class="hc"><strong>Ana Ruiz</strong> Ana Ruiz is a marine biologist who has studied reefs for a decade. 12k followers</span>`
    const { markdown } = extractFromHtml(
      `<!doctype html><html><head><title>T</title><style>/* cards */ .hc{display:none;position:absolute} .who:hover .hc{display:block}</style></head>` +
        `<body><article>${prose("Body", 3)}<p>As <a class="who" href="/p/ana">Ana Ruiz</a>${card} told us, the reef is recovering, slowly but surely, year after year.</p></article></body></html>`,
    )
    expect(markdown).to.contain("Body paragraph 3:")
    expect(markdown).to.contain("the reef is recovering")
    expect(markdown).not.to.contain("marine biologist")
    expect(markdown).not.to.contain("followers")
  })

  it("keeps the text when the style sheets would hide most of the page (a script shows it)", () => {
    const { markdown } = extractFromHtml(
      `<!doctype html><html><head><title>T</title><style>.rest{display:none}</style></head>` +
        `<body><article><p>The opening paragraph, a long sentence, with commas, that a reader sees at once.</p><div class="rest">${prose("Rest", 4)}</div></article></body></html>`,
    )
    expect(markdown).to.contain("The opening paragraph")
    expect(markdown).to.contain("Rest paragraph 4:")
  })

  it("counts only what is hidden for every reader", () => {
    const hidden = hiddenOf(
      `@import url("x.css"); .a{display:none} #b{visibility:hidden}
       @media (max-width: 600px) { .c{display:none} }
       .d{display:none} @media (min-width: 900px) { .d{display:block} }
       .e{display:none} .e.open{display:block}
       .f{display:none} .wide .f{display:flex}
       .g{display:none} .g{display:block}
       .h .i{display:none}`,
      `<div data-k="a" class="x a"></div><div data-k="b" id="b"></div><div data-k="c" class="c"></div><div data-k="d" class="d"></div>` +
        `<div data-k="e" class="e"></div><div data-k="e-open" class="e open"></div><div data-k="f" class="f"></div>` +
        `<div data-k="g" class="g"></div><div class="h"><div data-k="i" class="i"></div></div>`,
    )
    expect(hidden).to.deep.equal(["a", "b", "e"])
  })
})
