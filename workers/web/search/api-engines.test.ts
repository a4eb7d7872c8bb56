import { expect } from "chai"
import { ToolFailed } from "../../../schemas/errors.ts"
import { readBingResponse } from "./bing.ts"
import { readGoogleResponse } from "./google.ts"

const fixture = async (path: string) => (await fetch(`/__fixtures/search/${path}`)).text()
const flat = (text: string) => text.replace(/\s+/g, " ").trim()
const BOM = "\uFEFF"

describe("Bing Web Search API v7 responses", () => {
  for (const name of ["semantic-kernel_bing_what_is_the_semantic_kernel.json", "bing-docs_websearch_v7_example_response.json"]) {
    it(`reads every web page of ${name}, with or without a byte-order mark`, async () => {
      const body = await fixture(`bing-api/${name}`)
      const pages = (JSON.parse(body) as { webPages: { value: Array<{ name: string; url: string; snippet: string }> } }).webPages.value
      const expected = pages.map((p) => ({ title: flat(p.name), url: p.url, snippet: flat(p.snippet) }))
      expect(expected.length).to.be.greaterThan(0)
      expect(readBingResponse(200, body)).to.deep.equal(expected)
      expect(readBingResponse(200, BOM + body)).to.deep.equal(expected)
    })
  }

  it("turns the documented error response into search_api_error naming Bing, the codes and the key", async () => {
    const error = readBingResponse(401, await fixture("bing-api/bing-docs_websearch_v7_error_response.json"))
    expect(error).to.be.instanceOf(ToolFailed)
    const { code, message } = error as ToolFailed
    expect(code).to.equal("search_api_error")
    expect(message).to.contain("Bing").and.to.contain("HTTP 401").and.to.contain("InvalidAuthorization/AuthorizationMissing")
    expect(message).to.contain("Authorization is required.").and.to.contain("Bing API key in Settings (⋯ → Settings in the side panel)")
  })

  it("treats an ErrorResponse body as an error even with HTTP 200", async () => {
    expect(readBingResponse(200, await fixture("bing-api/bing-docs_websearch_v7_error_response.json"))).to.be.instanceOf(ToolFailed)
  })

  it("says so when the answer is not JSON", () => {
    const error = readBingResponse(502, "<html>Bad Gateway</html>") as ToolFailed
    expect(error.code).to.equal("search_api_error")
    expect(error.message).to.contain("HTTP 502").and.to.contain("other than JSON")
  })

  it("gives no results when there are no web pages", () => {
    expect(readBingResponse(200, `{"_type":"SearchResponse","queryContext":{"originalQuery":"zzqqxx"}}`)).to.deep.equal([])
  })
})

describe("Google Custom Search JSON API responses", () => {
  it("reads every item, with or without a byte-order mark", async () => {
    const body = await fixture("google-cse/semantic-kernel_google_what_is_the_semantic_kernel.json")
    const items = (JSON.parse(body) as { items: Array<{ title: string; link: string; snippet: string }> }).items
    const expected = items.map((i) => ({ title: flat(i.title), url: i.link, snippet: flat(i.snippet) }))
    expect(expected).to.have.length(4)
    expect(readGoogleResponse(200, body)).to.deep.equal(expected)
    expect(readGoogleResponse(200, BOM + body)).to.deep.equal(expected)
  })

  it("turns an error body into search_api_error with the reason and what to check", () => {
    const body = JSON.stringify({
      error: {
        code: 400,
        message: "API key not valid. Please pass a valid API key.",
        errors: [{ message: "API key not valid. Please pass a valid API key.", domain: "global", reason: "badRequest" }],
        status: "INVALID_ARGUMENT",
      },
    })
    const error = readGoogleResponse(400, body) as ToolFailed
    expect(error.code).to.equal("search_api_error")
    expect(error.message)
      .to.contain("Google Custom Search")
      .and.to.contain("INVALID_ARGUMENT/badRequest")
      .and.to.contain("API key not valid")
    expect(error.message).to.contain("search engine ID (cx)")
  })

  it("gives no results for a search without items", () => {
    expect(readGoogleResponse(200, `{"kind":"customsearch#search","searchInformation":{"totalResults":"0"}}`)).to.deep.equal([])
  })
})
