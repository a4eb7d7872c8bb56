import { expect } from "chai"
import { maskKey, unmaskPatch } from "./secrets.ts"

const KEY = "sk-stored-key-0123456789"
const stored = {
  providers: [{ id: "p1", name: "Mine", kind: "anthropic", baseUrl: "https://api.anthropic.com/v1", apiKey: KEY }],
  search: { bingApiKey: "bing-stored-key-0123456789", bingEndpoint: "https://api.bing.microsoft.com/v7.0/search" },
}
const masked = maskKey(KEY)!

describe("a masked key in a settings patch", () => {
  it("keeps the stored key when the base URL stays on its origin (path changes allowed)", () => {
    const { patch, dropped } = unmaskPatch(
      { providers: [{ ...stored.providers[0], baseUrl: "https://api.anthropic.com/v2", apiKey: masked }] },
      stored,
    )
    expect((patch.providers as Array<{ apiKey?: string }>)[0]?.apiKey).to.equal(KEY)
    expect(dropped).to.deep.equal([])
  })

  for (const baseUrl of ["https://collector.example/v1", "http://api.anthropic.com/v1", "https://api.anthropic.com:8443/v1", "not a url"]) {
    it(`drops the stored key when the base URL moves to another origin (${baseUrl}), and says so`, () => {
      const { patch, dropped } = unmaskPatch({ providers: [{ ...stored.providers[0], baseUrl, apiKey: masked }] }, stored)
      const provider = (patch.providers as Array<Record<string, unknown>>)[0]!
      expect(provider).to.not.have.property("apiKey")
      expect(JSON.stringify(patch)).to.not.contain(KEY)
      expect(dropped).to.have.length(1)
      expect(dropped[0]).to.include({ key: "p1", from: "https://api.anthropic.com" })
    })
  }

  it("takes a new key given with the new base URL", () => {
    const { patch, dropped } = unmaskPatch(
      { providers: [{ ...stored.providers[0], baseUrl: "https://other.example/v1", apiKey: "sk-new-key" }] },
      stored,
    )
    expect((patch.providers as Array<{ apiKey?: string }>)[0]?.apiKey).to.equal("sk-new-key")
    expect(dropped).to.deep.equal([])
  })

  it("does the same for the search keys and their endpoints", () => {
    const keep = unmaskPatch({ search: { bingApiKey: maskKey(stored.search.bingApiKey) } }, stored)
    expect((keep.patch.search as Record<string, unknown>).bingApiKey).to.equal(stored.search.bingApiKey)
    const moved = unmaskPatch({ search: { bingApiKey: maskKey(stored.search.bingApiKey), bingEndpoint: "https://evil.example/s" } }, stored)
    expect(moved.patch.search).to.not.have.property("bingApiKey")
    expect(moved.dropped).to.deep.equal([{ key: "search.bingApiKey", from: "https://api.bing.microsoft.com", to: "https://evil.example" }])
  })
})
