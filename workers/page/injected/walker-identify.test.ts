import { expect } from "chai"
import { identify } from "./walker-identify.ts"

describe("identify: what a selector selects, as get_tab_content names it", () => {
  it("tells the count and the first element's kind and accessible name", () => {
    const host = document.createElement("div")
    host.innerHTML = `<button id="save" class="x1">Save</button><a href="/next" id="next">Next page</a><ul><li><button>Item A</button></li><li><button>Item B</button></li></ul><input id="q" aria-label="Search"><nav id="toc" aria-label="Contents"><a href="#a">A</a></nav>`
    document.body.append(host)
    try {
      expect(
        identify(document, ["#save", "#next", "ul > li:nth-of-type(2) > button", "li > button", "#gone", "#q", "#toc", "::bad("]),
      ).to.deep.equal([
        { selector: "#save", count: 1, kind: "button", name: "Save" },
        { selector: "#next", count: 1, kind: "link", name: "Next page" },
        { selector: "ul > li:nth-of-type(2) > button", count: 1, kind: "button", name: "Item B" },
        { selector: "li > button", count: 2, kind: "button", name: "Item A" },
        { selector: "#gone", count: 0 },
        { selector: "#q", count: 1, kind: "textbox", name: "Search" },
        { selector: "#toc", count: 1, kind: "nav", name: "Contents" },
        { selector: "::bad(", count: 0 },
      ])
    } finally {
      host.remove()
    }
  })
})
