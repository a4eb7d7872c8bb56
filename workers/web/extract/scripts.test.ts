import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { proseSentences } from "./sentence.ts"

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

/** a story page of an older template: headline, lead, date and body each a block of their own, teasers after */
const storyPage = (lead: string, paragraph: (i: number) => string, lang: string) => {
  const body = Array.from({ length: 8 }, (_, i) => `<p>${paragraph(i + 1)}</p>`).join("")
  const more = Array.from({ length: 12 }, (_, i) => `<li><a href="/s/${i}">${paragraph(i).slice(0, 40)}</a></li>`).join("")
  return page(
    `<table><tr><td><ul><li><a href="/">Start</a></li><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul></td>
<td><div class="wrapper"><h1>—</h1><div><p class="intro">${lead}</p></div><div class="date">09.01.2008</div>
<div class="copy">${body}</div><div class="more"><ul>${more}</ul></div></div></td></tr></table>`,
    lang,
  )
}

describe("sentences of prose", () => {
  it("counts sentences of eight words or more, in any script, and no legal line or label", () => {
    expect(proseSentences("© 2018 Example Media, LP. All rights reserved.")).to.equal(0)
    expect(proseSentences("Detective Gordon Katsumoto 4 episodes, 2018")).to.equal(0)
    const post =
      "Leave it to the house to find the cutest actress for its dress. The fabric is unusual and different from the rest. Then there is the cut, a very well done baby doll cut!"
    expect(proseSentences(post)).to.equal(3)
    expect(proseSentences("国务院总理周三主持召开常务会议，部署进一步扩大内需的措施。会议指出，当前经济运行总体平稳。")).to.equal(2)
    expect(proseSentences("„Wir sind bereit, die Verhandlungen über das neue Gesetz sofort zu beginnen.“ Er lachte.")).to.equal(1)
  })
})

describe("a sentence's end in other languages", () => {
  const leads: [string, string, (i: number) => string][] = [
    [
      "de",
      "Der Stadtrat hat den Haushalt nach langer Debatte verabschiedet, sagte die Bürgermeisterin: „Wir sind bereit.“",
      (i) =>
        `Absatz ${i}: Der Stadtrat stimmte am Montag über den Haushalt ab, nachdem lange über die neue Bibliothek gestritten worden war.`,
    ],
    [
      "ru",
      "Городской совет утвердил бюджет после долгих споров, заявила глава города: «Мы готовы начать строительство.»",
      (i) => `Абзац ${i}: в понедельник городской совет проголосовал за бюджет после долгого спора о новой библиотеке и её здании.`,
    ],
    [
      "el",
      "Το δημοτικό συμβούλιο ψήφισε τον προϋπολογισμό μετά από μακρά συζήτηση. Θα χτιστεί τελικά η νέα βιβλιοθήκη;",
      (i) => `Παράγραφος ${i}: τη Δευτέρα το δημοτικό συμβούλιο ψήφισε τον προϋπολογισμό, μετά από μακρά συζήτηση για τη νέα βιβλιοθήκη.`,
    ],
    [
      "zh",
      "市议会经过长时间的辩论，周一通过了预算，新图书馆将于明年开工建设，市长表示各项准备工作已经就绪，欢迎市民监督。",
      (i) => `第${i}段：周一，市议会在就新图书馆进行了长时间的辩论之后，对预算进行了表决，多数议员投了赞成票，会议持续到深夜。`,
    ],
  ]
  for (const [lang, lead, paragraph] of leads)
    it(`keeps a story's lead set before its body when it ends as a sentence ends in ${lang}`, () => {
      const { markdown } = extractFromHtml(storyPage(lead, paragraph, lang))
      expect(markdown).to.contain(paragraph(8).slice(0, 20))
      expect(markdown).to.contain(lead)
      expect(markdown.indexOf(lead)).to.be.below(markdown.indexOf(paragraph(1).slice(0, 20)))
    })
})

const greek = (i: number) =>
  `<p>Παράγραφος ${i}: τη Δευτέρα το δημοτικό συμβούλιο ψήφισε τον προϋπολογισμό, μετά από μακρά συζήτηση για τη νέα βιβλιοθήκη της πόλης.</p>`
const greekStory = (extra: string) =>
  page(`<div class="main"><h1>Ο προϋπολογισμός ψηφίστηκε</h1>${[1, 2, 3, 4, 5].map(greek).join("")}${extra}</div>`, "el")
/** other stories, each a headline and a line of its own, as a news site lists them under "Read also" */
const others = Array.from(
  { length: 3 },
  (_, i) => `<div class="item"><a href="/n/${i}">Άλλη είδηση της ημέρας αριθμός ${i}</a><span> 12/03/2020, 10:${10 + i}</span></div>`,
).join("")

describe("Greek", () => {
  it("reads a question ending with the Greek question mark (U+037E) as a sentence between paragraphs", () => {
    const div = (i: number) => greek(i).replace(/<(\/?)p>/g, "<$1div>")
    const question = "Θα χτιστεί τελικά η νέα βιβλιοθήκη της πόλης\u037e"
    const { markdown } = extractFromHtml(
      page(`<div class="main">${[1, 2, 3].map(div).join("")}<div>${question}</div>${[4, 5, 6].map(div).join("")}</div>`, "el"),
    )
    expect(markdown).to.contain("Παράγραφος 6")
    expect(markdown).to.contain(question)
  })

  for (const heading of ["ΔΙΑΒΑΣΤΕ ΕΠΙΣΗΣ", "Διαβάστε επίσης", "ΣΧΕΤΙΚΑ ΑΡΘΡΑ"])
    it(`cuts the links announced by "${heading}", capitals written without their accents as Greek writes them`, () => {
      const { markdown } = extractFromHtml(greekStory(`<p><strong>${heading}</strong></p>${others}`))
      expect(markdown).to.contain("Παράγραφος 5")
      expect(markdown).not.to.contain(heading)
      expect(markdown).not.to.contain("Άλλη είδηση")
    })

  it("cuts a comment section under a heading in capitals without accents (ΣΧΟΛΙΑ)", () => {
    const comments = [1, 2, 3].map(
      (i) => `<div><p>Ο αναγνώστης ${i} γράφει ότι η βιβλιοθήκη άργησε πολύ, αλλά επιτέλους έρχεται.</p></div>`,
    )
    const { markdown } = extractFromHtml(greekStory(`<div><h3>ΣΧΟΛΙΑ</h3>${comments.join("")}</div>`))
    expect(markdown).to.contain("Παράγραφος 5")
    expect(markdown).not.to.contain("ΣΧΟΛΙΑ")
    expect(markdown).not.to.contain("Ο αναγνώστης")
  })
})

describe("Russian", () => {
  it("cuts a pager that offers the previous and the next page in Cyrillic", () => {
    const russian = (i: number) =>
      `<p>Абзац ${i}: в понедельник городской совет проголосовал за бюджет после долгого спора о новой библиотеке и её здании.</p>`
    const { markdown } = extractFromHtml(
      page(`<div class="main">${[1, 2, 3, 4, 5].map(russian).join("")}<p>« Предыдущая статья | Следующая статья »</p></div>`, "ru"),
    )
    expect(markdown).to.contain("Абзац 5")
    expect(markdown).not.to.contain("Следующая")
  })
})
