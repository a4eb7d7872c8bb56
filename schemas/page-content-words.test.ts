/**
 * get_tab_content's failures as codes with parameters: each is worded for the model in one place
 * (schemas/tools/page.ts), carries the values the panel's wording takes, and is a code the tool
 * declares (or a mesh code).
 */
import { expect } from "chai"
import { isMeshErrorCode, toWire } from "./errors.ts"
import { declaresCode } from "./tool-definition.ts"
import { readFailureError, tabNotFound, unreadablePage, type Unreadable } from "./page-content-words.ts"
import { getTabContent } from "./tools/page.ts"

const URL_SHOWN = "chrome://version/"

describe("get_tab_content's errors", () => {
  it("page_not_readable: each reason told to the model, the URL passed to the panel's wording", () => {
    const cases: Array<[Unreadable, RegExp]> = [
      [
        { reason: "browser_page", page: "chrome://version/" },
        /^Tab 3 shows a browser page \(chrome:\/\/version\/\), which extensions may not read\./,
      ],
      [{ reason: "view_source" }, /shows a view-source page, which extensions may not read/],
      [{ reason: "extension_page" }, /shows an extension's page/],
      [{ reason: "web_store" }, /shows the Chrome Web Store/],
      [{ reason: "url_scheme", scheme: "data" }, /shows a data: URL/],
      [{ reason: "pdf" }, /PDF in Chrome's viewer.*web_fetch/],
      [{ reason: "error_page" }, /Chrome's error page \(the page failed to load\): reload/],
      [{ reason: "no_content" }, /gave no content: it may still be loading/],
      [
        { reason: "refused", detail: "Cannot access contents of the page." },
        /\(chrome:\/\/version\/\) cannot be read: Cannot access contents of the page\.$/,
      ],
    ]
    for (const [why, told] of cases) {
      const wire = toWire(unreadablePage(3, URL_SHOWN, why))
      expect(wire.code, why.reason).to.equal("page_not_readable")
      expect(wire.message, why.reason).to.match(told)
      expect(wire.params, why.reason).to.deep.equal([URL_SHOWN])
    }
  })

  it("selector_not_found: the selector, the page and its map told to the model; the selector passed to the panel", () => {
    const wire = toWire(
      readFailureError(3, "https://a.example/", {
        ok: false,
        code: "selector_not_found",
        selector: "#side",
        url: "https://a.example/",
        map: { of: "landmarks", entries: [{ kind: "nav", name: 'Top "x"', selector: "#nav" }] },
      }),
    )
    expect(wire).to.deep.equal({
      code: "selector_not_found",
      message:
        'No element matches the selector "#side" on https://a.example/. The page\'s landmarks: nav "Top \\"x\\"" {#nav}. Pass one of these as `selector`, or omit it to read the whole page.',
      params: ["#side"],
    })
  })

  it("invalid_input names the parameter; a long bad selector is quoted cut", () => {
    const hop = `div${"[".repeat(300)}`
    const wire = toWire(
      readFailureError(3, "https://a.example/", {
        ok: false,
        code: "invalid_input",
        parameter: "selector",
        reason: "selector_invalid",
        hop,
        map: { of: "none", entries: [] },
      }),
    )
    expect(wire.code).to.equal("invalid_input")
    expect(wire.parameter).to.equal("selector")
    expect(wire.message).to.include("(303 characters)` is not a valid CSS selector. The page has no landmarks or headings")
    expect(wire.message.length).to.be.below(300)
  })

  it("not_found: no tab by that id, or one closed while it was read", () => {
    expect(toWire(tabNotFound(9, "asked"))).to.deep.equal({
      code: "not_found",
      message: "There is no tab with id 9. Call list_tabs for the open tabs and their ids.",
    })
    expect(toWire(tabNotFound(9, "reading")).message).to.equal("Tab 9 was closed while it was being read.")
  })

  it("every code it fails with is declared by the tool or the mesh", () => {
    for (const code of ["page_not_readable", "selector_not_found", "invalid_input", "not_found"])
      expect(declaresCode(getTabContent, code) || isMeshErrorCode(code), code).to.equal(true)
  })
})
