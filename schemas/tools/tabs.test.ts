/** open_tab's scheme rule (http, https, about:blank) is ours: the model and the contract's readers are told so. */
import { expect } from "chai"
import { checkOpenableUrl } from "../openable-url.ts"
import { parametersJsonSchema } from "../tool-json-schema.ts"
import { openTab } from "./tabs.ts"

describe("open_tab's scheme rule", () => {
  it("is kept: http, https and about:blank open, browser pages, files and code do not", () => {
    for (const url of ["https://example.com/", "http://127.0.0.1:8080/x", "about:blank"])
      expect(checkOpenableUrl(url).ok, url).to.equal(true)
    for (const url of ["file:///etc/passwd", "chrome://settings", "javascript:alert(1)", "data:text/html,<b>x</b>"])
      expect(checkOpenableUrl(url).ok, url).to.equal(false)
  })

  it("is in the parameter's description the model reads", () => {
    const schema = parametersJsonSchema(openTab) as { properties: Record<string, { description: string; type: string }> }
    expect(schema.properties["url"]!.description).to.match(
      /http:\/\/ or https:\/\/ address, or about:blank \(Agent Mesh refuses other schemes\)/,
    )
  })

  it("is documented as an addition of ours to the contract", async () => {
    const spec = await (await fetch("/docs/builtin-tools.md")).text()
    const openTabSection = spec.slice(spec.indexOf("### open_tab"), spec.indexOf("### close_tab"))
    expect(openTabSection).to.match(/\*\(ours: `url` must be http, https or `about:blank`/)
    expect(openTabSection).to.match(/this one is Agent Mesh's addition/)
  })
})
