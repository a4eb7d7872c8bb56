import { expect } from "chai"
import { checkQuote, normaliseForQuote, plainTextOfMarkdown } from "./quotes.ts"
import { checkFindings, composeReport, linkCitations, parseAngles, parseFindings, slugOf } from "./report.ts"
import { loadReportWords, type Messages, type ReportWords } from "./words.ts"

const page = `# Tidal power in Europe

The **La Rance** station, opened in 1966, has a peak output of [240 MW](https://example.org/mw) and
was for 45 years the largest tidal power station in the world.

| station | output |
|---|---|
| Sihwa Lake | 254 MW |

Critics say “the barrage changed the estuary’s ecology” — a claim the operator disputes.`

describe("quotes", () => {
  it("are found on the page despite Markdown marks, typography, case and white space", () => {
    expect(checkQuote("La Rance station, opened in 1966, has a peak output of 240 MW", [page])).to.deep.equal({ verified: true })
    expect(checkQuote('"the barrage changed the estuary\'s ecology"', [page])).to.deep.equal({ verified: true })
    expect(checkQuote("Sihwa   Lake 254 MW", [page])).to.deep.equal({ verified: true })
    expect(checkQuote("THE LARGEST TIDAL POWER STATION", [page])).to.deep.equal({ verified: true })
    expect(checkQuote("- Sihwa Lake 254 MW", [page])).to.deep.equal({ verified: true })
  })

  it("with an ellipsis, when each part is on the page in order", () => {
    expect(checkQuote("La Rance station ... the largest tidal power station in the world", [page]).verified).to.equal(true)
    expect(checkQuote("the largest tidal power station ... La Rance station", [page])).to.deep.equal({
      verified: false,
      reason: "not_on_page",
    })
  })

  it("are not verified when a word changed, when too short to prove anything, or when the page was never fetched", () => {
    expect(checkQuote("La Rance station, opened in 1967, has a peak output of 240 MW", [page])).to.deep.equal({
      verified: false,
      reason: "not_on_page",
    })
    expect(checkQuote("240 MW", [page])).to.deep.equal({ verified: false, reason: "too_short" })
    expect(checkQuote("the largest tidal power station in the world", [])).to.deep.equal({ verified: false, reason: "page_not_fetched" })
  })

  it("normalise full-width letters and soft hyphens", () => {
    expect(normaliseForQuote("ＬＡ　Ｒａｎｃｅ sta\u00adtion")).to.equal("la rance station")
    expect(plainTextOfMarkdown("see [the docs](http://x) and ![logo](http://y/l.png)")).to.equal("see the docs and logo")
    expect(plainTextOfMarkdown("a \\*literal\\* star, snake_case, _emphasis_ and 1\\. item")).to.equal(
      "a *literal* star, snake_case, emphasis and 1. item",
    )
  })
})

describe("findings and angles", () => {
  it("are read from the last JSON block of an answer, dropping malformed entries", () => {
    const answer = [
      "I read two pages.",
      "```json",
      JSON.stringify({
        findings: [
          { claim: "La Rance opened in 1966", url: "https://a.example/tide", quote: "opened in 1966" },
          { claim: "no url", quote: "x" },
          { claim: "bad url", url: "javascript:alert(1)", quote: "something long enough" },
        ],
      }),
      "```",
    ].join("\n")
    expect(parseFindings(answer)).to.deep.equal([
      { claim: "La Rance opened in 1966", url: "https://a.example/tide", quote: "opened in 1966" },
    ])
    expect(parseFindings("no findings here")).to.deep.equal([])
  })

  it("angles from an object or an array, distinct, at most the number asked for", () => {
    expect(parseAngles('```json\n{"angles": ["cost", "ecology", "cost", "history"]}\n```', 2)).to.deep.equal(["cost", "ecology"])
    expect(parseAngles('Here: ["a", "b"]', 4)).to.deep.equal(["a", "b"])
    expect(parseAngles("nothing", 4)).to.deep.equal([])
  })
})

/** A locale's report words, read the way the offscreen document reads them (the extension's own files). */
const wordsIn = (language: string) =>
  loadReportWords(language, async (folder) => {
    const response = await fetch(`/_locales/${folder}/messages.json`)
    return response.ok ? ((await response.json()) as Messages) : undefined
  })

describe("the report", () => {
  let english: ReportWords
  before(async () => {
    english = await wordsIn("en-US")
  })
  const fetched = new Map([["https://a.example/tide", [{ content: page, at: Date.UTC(2026, 11, 1, 9, 30) }]]])
  const findings = checkFindings(
    [
      {
        angle: "history",
        findings: [
          { claim: "La Rance opened in 1966", url: "https://a.example/tide#top", quote: "La Rance station, opened in 1966" },
          { claim: "It makes 300 MW", url: "https://a.example/tide", quote: "has a peak output of 300 MW" },
        ],
      },
    ],
    fetched,
  )

  it("numbers findings and checks each against the pages fetched from its URL", () => {
    expect(findings.map((f) => [f.n, f.check.verified, f.title])).to.deep.equal([
      [1, true, "Tidal power in Europe"],
      [2, false, "Tidal power in Europe"],
    ])
  })

  it("links citations, marks the unverified, and flags sentences that cite no finding", () => {
    const { markdown, audit } = linkCitations(
      "La Rance opened in 1966 [1]. It makes 300 MW [2]. Nobody disputes it [7].",
      findings,
      english,
    )
    expect(audit).to.deep.equal({ total: 3, verified: 1, unbacked: 1, flaggedSentences: ["Nobody disputes it [7]."] })
    expect(markdown).to.include("[\\[1\\]](https://a.example/tide#top)")
    expect(markdown).to.include("[\\[2\\]](https://a.example/tide) *(unverified)*")
    expect(markdown).to.include("[7] *(unsupported)*")
  })

  it("ends with its count, what is missing, and its sources with the time each was fetched", () => {
    const { markdown } = composeReport({
      question: "How big is tidal power?",
      body: "La Rance opened in 1966 [1], with 300 MW [2].",
      findings,
      missing: [
        { angle: "costs", code: "stopped" },
        { angle: "ecology", code: "zq_unknown" },
      ],
      words: english,
    })
    const at = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(Date.UTC(2026, 11, 1, 9, 30))
    expect(markdown).to.match(/^# How big is tidal power\?\n/)
    expect(markdown).to.include("**Citations:** 1 of 2 verified on their pages.")
    expect(markdown).to.include("## Not covered\n\n- costs (stopped)\n- ecology (It failed (zq_unknown).)")
    expect(markdown).to.include(`1. [Tidal power in Europe](https://a.example/tide#top) — ${at} — quote verified`)
    expect(markdown).to.include(`2. [Tidal power in Europe](https://a.example/tide) — ${at} — quote not verified (not on the page)`)
  })

  // The words the report's code writes (not the model's, not the question's) are the reader's: none is left in English.
  for (const language of ["fr", "uk", "nl", "it", "ja"]) {
    it(`${language}: its fixed words and dates are in ${language}`, async () => {
      const words = await wordsIn(language)
      const input = {
        question: "Zq?",
        body: "Zq [1] zq [2] zq [7].",
        findings,
        missing: [{ angle: "zq", code: "no_findings" }],
        stopped: "user" as const,
      }
      const own = composeReport({ ...input, words }).markdown
      const en = composeReport({ ...input, words: english }).markdown
      const phrases = (markdown: string) =>
        markdown
          .split(/\*\*|\n|[#*()—]|\[[^\]]*\]\([^)]*\)/)
          .map((s) => s.trim())
          .filter((s) => /\p{L}{3}/u.test(s) && !/zq|Tidal power|La Rance|peak output|a\.example|^top$/i.test(s))
      const inEnglish = new Set(phrases(en))
      expect(inEnglish.size, "the English report has fixed words to compare").to.be.greaterThan(10)
      // A word the language shares with English ("Sources" in French) is its own.
      const messages = (await (await fetch(`/_locales/${language}/messages.json`)).json()) as Messages
      const shared = new Set(Object.keys(messages).flatMap((key) => (words.text(key) === english.text(key) ? [words.text(key)] : [])))
      expect(phrases(own).filter((phrase) => inEnglish.has(phrase) && !shared.has(phrase))).to.deep.equal([])
      expect(own).to.include(
        new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(Date.UTC(2026, 11, 1, 9, 30)),
      )
    })
  }

  it("in Japanese, puts no space after full-width punctuation", async () => {
    const { markdown } = composeReport({ question: "Zq?", body: "Zq [1].", findings, missing: [], words: await wordsIn("ja") })
    expect(markdown).to.include("**引用：** 1 件中 1 件をページ上で確認。**調査結果：** 2 件中 1 件の引用文をページ上で発見。")
  })

  it("is worded in English for a language the extension does not speak, in the language's own notation for a region", async () => {
    expect((await wordsIn("pt-BR")).text("report_sources")).to.equal("Sources")
    expect((await wordsIn("pt-BR")).language).to.equal("en")
    const fr = await wordsIn("fr-CA")
    expect(fr.language).to.equal("fr-CA")
    expect(fr.text("report_citationsVerified", "1", "2")).to.equal("1 sur 2 vérifiées sur leurs pages.")
  })

  it("is saved under a slug of its question that keeps every script's letters whole", () => {
    expect(slugOf("Was ist Gezeitenkraft? (Überblick, 2026)")).to.equal("was-ist-gezeitenkraft-uberblick-2026")
    expect(slugOf("Crème brûlée : où, ça ?")).to.equal("creme-brulee-ou-ca")
    // Kana voicing marks (U+3099/309A) are part of the letter: プ stays プ, not フ plus a dash.
    expect(slugOf("Acme のプランの価格は？")).to.equal("acme-のプランの価格は")
    expect(slugOf("ｶﾞｲﾄﾞ")).to.equal("ガイド")
    expect(slugOf("조력 발전은 얼마나 큰가?")).to.equal("조력-발전은-얼마나-큰가")
    expect(slugOf("Яка потужність припливних станцій? Її й ґрунт")).to.equal("яка-потужність-припливних-станцій-її-й-ґрунт")
    expect(slugOf("???")).to.equal("research")
    expect(slugOf("の".repeat(59) + "プラン"), "cut at 60 letters").to.equal("の".repeat(59) + "プ")
  })
})
