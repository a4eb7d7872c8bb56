import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

/**
 * Pages in other languages and scripts than English and the Latin alphabet: what the extractor
 * reads there as it reads it in English.
 */
const page = (body: string, lang: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>—</title></head><body>${body}</body></html>`

describe("ruby annotations", () => {
  it("reads the base text of Japanese with furigana, not the reading beside every word", () => {
    // as a news site for learners sets it: the reading (<rt>) over each kanji, in parentheses (<rp>) where ruby is not shown
    const ruby = (base: string, reading: string) => `<ruby>${base}<rp>(</rp><rt>${reading}</rt><rp>)</rp></ruby>`
    const sentence = `${ruby("子", "こ")}どもへの${ruby("虐待", "ぎゃくたい")}をなくすための${ruby("法律", "ほうりつ")}ができて、${ruby("親", "おや")}が${ruby("子", "こ")}どもを${ruby("教育", "きょういく")}するために、たたいたり${ruby("蹴", "け")}ったりする${ruby("体罰", "たいばつ")}を${ruby("禁止", "きんし")}することになりました。`
    const { markdown } = extractFromHtml(
      page(`<div class="article-main"><p class="date">[06月24日 11時30分]</p>${`<p>${sentence}</p>`.repeat(4)}</div>`, "ja"),
    )
    expect(markdown).to.contain("子どもへの虐待をなくすための法律ができて、親が子どもを教育するために、")
    expect(markdown).not.to.contain("ぎゃくたい")
    expect(markdown).not.to.contain("(")
  })
})
