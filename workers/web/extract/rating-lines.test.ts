import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { isRatingLine } from "./rating-lines.ts"
import { STORY, expectJudged } from "./line-rules.testing.ts"

describe("a rating widget under the story", () => {
  it("is cut line by line from the end: prompt, votes, score and the script's placeholder", () => {
    for (const widget of [
      `<div class="rating"><p>War der Artikel nützlich?<br><span>(95 Stimmen: 4,73 von 5)</span></p><p>Loading...</p></div>`,
      `<p>Bewerten Sie dieses Produkt <span>4.46 / 5</span><br>167 Stimmen</p>`,
      `<p><span>(Noch keine Bewertungen)</span><br>Loading...</p>`,
      `<div><p>Was this article helpful?</p></div>`,
    ]) {
      const { markdown } = extractFromHtml(`<html><body><div class="story"><h1>The council votes</h1>${STORY}${widget}</div></body></html>`)
      expect(markdown).to.contain("Paragraph 4 of the story")
      expect(markdown, widget).not.to.match(/nützlich|Bewerten|Stimmen|Bewertungen|Loading|helpful/)
    }
  })

  it("is a prompt, a count of votes or a score, alone or together, and nothing else", () => {
    expectJudged(
      isRatingLine,
      [
        "War der Artikel nützlich? (95 Stimmen: 4,73 von 5)",
        "Bewerten Sie dieses Produkt 4.46 / 5",
        "(Noch keine Bewertungen)",
        "Loading…",
        "Rate this recipe",
      ],
      [
        "Der Artikel war nützlich, sagt sie.",
        "Was this article helpful to the council? The mayor thinks so.",
        "The vote ended 7 of 9 in favour of the library.",
      ],
    )
  })

  it("reads scores run together without a mark in one pass", () => {
    // each "1/111" could end a score anywhere in its digits; tried every way, 14 of them took 0.2 s and 40 would not end
    expect(isRatingLine(`${"1/111".repeat(40)} x`)).to.equal(false)
    expect(isRatingLine("4 / 5 (12 votes)")).to.equal(true)
  })

  it("does not try a long run of prompts, which could be split every way", () => {
    // "оцените статью:" 22 times took 0.2 s, each four more sixteen times as long
    expect(isRatingLine(`${"оцените статью:".repeat(40)} x`)).to.equal(false)
    expect(isRatingLine(`${"спасибо! ваше мнение учтено.".repeat(40)} x`)).to.equal(false)
    expect(isRatingLine("Оцените статью: 4,5 / 5 (12 голосов)")).to.equal(true)
  })

  it("reads the prompt and the thanks for a vote in Russian, Ukrainian, Polish and the other languages", () => {
    expectJudged(
      isRatingLine,
      [
        "Оцените, пожалуйста, статью. Нам важно Ваше мнение.",
        "Спасибо! Ваше мнение учтено.",
        "Оцените материал:",
        "Понравилась статья?",
        "Оцініть матеріал:",
        "Oceń artykuł: (12 głosów)",
        "Czy ten artykuł był pomocny?",
        "Ocijenite članak",
        "Cet article vous a-t-il été utile ?",
        "Загрузка...",
      ],
      [
        "Оцените сами, насколько это важно для города, сказал мэр.",
        "Спасибо, что пришли, сказал он журналистам.",
        "Статья 5 закона понравилась депутатам.",
      ],
    )
  })

  it("is cut under a story in Russian", () => {
    const widget = `<div><p>Спасибо! Ваше мнение учтено.</p><p>Оцените, пожалуйста, статью. Нам важно Ваше мнение.</p></div>`
    const { markdown } = extractFromHtml(`<html><body><div><h1>The council votes</h1>${STORY}${widget}</div></body></html>`)
    expect(markdown).to.contain("Paragraph 4 of the story")
    expect(markdown).not.to.match(/Оцените|Спасибо/)
  })
})
