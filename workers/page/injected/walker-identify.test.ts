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

describe("identify: re-finding a target whose selector broke, by its kind and name", () => {
  const withPage = (html: string, run: () => void) => {
    const host = document.createElement("div")
    host.innerHTML = html
    document.body.append(host)
    try {
      run()
    } finally {
      host.remove()
    }
  }

  it("gives a fresh selector for the one element of the recorded kind and name, and nothing when the selector still holds", () => {
    // Recorded as `.cart-box > .btn-save` and `ul > li:nth-of-type(1) > button` ("Add tea"): the classes renamed, the list reversed.
    withPage(
      `<section class="k1x"><div><button class="k2y">Save cart</button></div></section><ul><li><button>Add cocoa</button></li><li><button>Add tea</button></li></ul><button id="go">Go</button>`,
      () => {
        const [save, tea, go] = identify(document, [
          { selector: ".cart-box > .btn-save", kind: "button", name: "Save cart" },
          { selector: "ul > li:nth-of-type(1) > button", kind: "button", name: "Add tea" },
          { selector: "#go", kind: "button", name: "Go" },
        ])
        expect(save).to.include({ count: 0, candidates: 1 })
        expect(tea).to.include({ count: 1, name: "Add cocoa", candidates: 1 })
        expect(go).to.deep.equal({ selector: "#go", count: 1, kind: "button", name: "Go" })
        // Each fresh selector selects the re-found element alone.
        const only = (selector: string | undefined) => [...document.querySelectorAll(selector!)].map((el) => el.textContent)
        expect(only(save!.retarget)).to.deep.equal(["Save cart"])
        expect(only(tea!.retarget)).to.deep.equal(["Add tea"])
      },
    )
  })

  it("gives none when no element or several have the kind and name (a hidden one counts), the one is hidden or named by reference, or a link's href differs", () => {
    withPage(
      `<button>Reply</button><button>Reply</button><button hidden>Send</button><button>Send</button><a href="/b">Next</a><a href="/c">Prev</a><a href="/c" style="display:none">Prev</a><button style="display:none">Undo</button><div id="one"><input type="radio" id="dup" name="s"><label for="dup">Login with X</label></div><input type="radio" id="dup" name="s"><label for="dup">Login with X</label><label>Remember <input type="checkbox"></label>`,
      () => {
        const found = identify(document, [
          { selector: "#reply", kind: "button", name: "Reply" },
          { selector: "#send", kind: "button", name: "Send" },
          { selector: "#delete", kind: "button", name: "Delete" },
          { selector: "#next", kind: "link", name: "Next", href: "/a" },
          { selector: "#next", kind: "link", name: "Next" },
          { selector: "#prev", kind: "link", name: "Prev", href: "/c" },
          { selector: "#undo", kind: "button", name: "Undo" },
          { selector: "#b", kind: "link", name: "Next", href: "/b" },
          { selector: "#gone > input", kind: "checkbox", name: "Remember" },
        ])
        // Two radios share the id "dup": the label names the first. The first removed, the label names the second: not re-found.
        document.querySelector("#one")!.remove()
        const [radio] = identify(document, [{ selector: "#one > input", kind: "radio", name: "Login with X" }])
        expect([radio!.candidates, radio!.retarget]).to.deep.equal([1, undefined])
        expect(found.map((f) => [f.candidates, f.retarget])).to.deep.equal([
          [2, undefined],
          [2, undefined],
          [0, undefined],
          [0, undefined],
          [0, undefined],
          [2, undefined],
          [1, undefined],
          [1, 'a[href="/b"]'],
          [1, 'input[type="checkbox"]'],
        ])
      },
    )
  })
})
