/**
 * Every UI string exists in all six languages: each locale has exactly English's keys, with the
 * same placeholders; every key the UI uses (t("key") in the modules the two pages load, and
 * __MSG_key__ in the manifest) is in English.
 */
import { expect } from "chai"

const LANGUAGES = ["en", "fr", "uk", "nl", "it", "ja"] as const
const ENTRY_POINTS = ["/shell/pages/sidepanel.ts", "/shell/pages/options.ts"]

type Messages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>

const load = async (lang: string): Promise<Messages> => {
  const response = await fetch(`/_locales/${lang}/messages.json`)
  expect(response.ok, `_locales/${lang}/messages.json exists`).to.equal(true)
  return (await response.json()) as Messages
}

/** The modules a page loads, found by following its relative imports (the test server serves them as JS). */
const sourcesOf = async (entries: ReadonlyArray<string>): Promise<Map<string, string>> => {
  const seen = new Map<string, string>()
  const queue = [...entries]
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    const text = await (await fetch(url)).text()
    seen.set(url, text)
    // Any relative .ts specifier: static imports, side-effect imports and re-exports alike.
    for (const [, spec] of text.matchAll(/["'](\.{1,2}\/[^"'\s]+\.ts)["']/g))
      queue.push(new URL(spec!, new URL(url, location.origin)).pathname)
  }
  return seen
}

const placeholderNames = (entry: Messages[string]) =>
  [...entry.message.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((m) => m[1]!.toLowerCase()).sort()

describe("Japanese", () => {
  it("sets Japanese text in parentheses in full-width ones, as its other labels are: （任意）, not (任意)", async () => {
    const messages = await load("ja")
    const halfWidth = Object.entries(messages).filter(([, { message }]) => /\([^()]*[\u3040-\u30ff\u4e00-\u9fff][^()]*\)/u.test(message))
    expect(halfWidth.map(([key, { message }]) => `${key}: ${message}`)).to.deep.equal([])
  })
})

describe("translations", () => {
  let english: Messages

  before(async () => {
    english = await load("en")
  })

  for (const lang of LANGUAGES) {
    it(`${lang}: has every key of English, no other, none empty, with the same placeholders`, async () => {
      const messages = await load(lang)
      const missing = Object.keys(english).filter((k) => !(k in messages))
      const extra = Object.keys(messages).filter((k) => !(k in english))
      expect(missing, `keys missing in ${lang}`).to.deep.equal([])
      expect(extra, `keys in ${lang} that English lacks`).to.deep.equal([])
      for (const [key, entry] of Object.entries(messages)) {
        expect(entry.message.trim(), `${lang}.${key} is empty`).to.not.equal("")
        expect(placeholderNames(entry), `${lang}.${key} placeholders`).to.deep.equal(placeholderNames(english[key]!))
        for (const name of placeholderNames(entry)) {
          expect(
            Object.keys(entry.placeholders ?? {}).map((n) => n.toLowerCase()),
            `${lang}.${key} declares $${name}$`,
          ).to.include(name)
        }
      }
    })
  }

  it("English has every key the side panel and the settings page use", async () => {
    const sources = await sourcesOf(ENTRY_POINTS)
    expect(
      [...sources.keys()].some((u) => u.includes("am-chat-log")),
      "the crawl reached the components",
    ).to.equal(true)
    const used = new Set<string>()
    for (const text of sources.values()) for (const [, key] of text.matchAll(/\bt\(\s*["']([A-Za-z0-9_]+)["']/g)) used.add(key!)
    expect(used.size).to.be.greaterThan(50)
    expect([...used].filter((k) => !(k in english))).to.deep.equal([])
  })

  it("English has the manifest's strings (name, description, action title)", async () => {
    const manifest = await (await fetch("/manifest.json")).text()
    const keys = [...manifest.matchAll(/__MSG_([A-Za-z0-9_]+)__/g)].map((m) => m[1]!)
    expect(keys).to.include.members(["extName", "extDescription"])
    expect(keys.filter((k) => !(k in english))).to.deep.equal([])
  })
})
