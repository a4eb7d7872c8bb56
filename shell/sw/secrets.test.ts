import { expect } from "chai"
import { mergeSettings } from "../../schemas/settings.ts"
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
    expect(mergeSettings(stored, moved.patch).search).to.not.have.property("bingApiKey")
    expect(moved.dropped).to.deep.equal([{ key: "search.bingApiKey", from: "https://api.bing.microsoft.com", to: "https://evil.example" }])
  })

  it("drops a search key whose endpoint moves to another origin, whether the patch sends it masked or not at all", () => {
    const moves = [
      { search: { bingApiKey: maskKey(stored.search.bingApiKey), bingEndpoint: "https://evil.example/s" } },
      // The options page saves an endpoint field on its own: the stored key must not follow it.
      { search: { bingEndpoint: "https://evil.example/s" } },
      { search: { googleEndpoint: "https://evil.example/g" } },
    ]
    const withGoogle = { ...stored, search: { ...stored.search, googleApiKey: "google-stored-key-0123456789" } }
    for (const move of moves) {
      const { patch, dropped } = unmaskPatch(move, withGoogle)
      const merged = mergeSettings(withGoogle, patch)
      const key = "bingEndpoint" in move.search ? "bingApiKey" : "googleApiKey"
      expect(merged.search as Record<string, unknown>, JSON.stringify(move)).to.not.have.property(key)
      expect(dropped.map((d) => d.key)).to.deep.equal([`search.${key}`])
    }
    // A path change on the same origin, and a new key given with the move, keep working.
    const samePath = unmaskPatch({ search: { bingEndpoint: "https://api.bing.microsoft.com/v8/search" } }, stored)
    expect((mergeSettings(stored, samePath.patch).search as Record<string, unknown>).bingApiKey).to.equal(stored.search.bingApiKey)
    const fresh = unmaskPatch({ search: { bingEndpoint: "https://other.example/s", bingApiKey: "new-key" } }, stored)
    expect((mergeSettings(stored, fresh.patch).search as Record<string, unknown>).bingApiKey).to.equal("new-key")
    expect(fresh.dropped).to.deep.equal([])
  })
})
