import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { isReprintNotice } from "./reprint-notice.ts"

/** a story's paragraphs in Russian, numbered */
const story = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `<p>Абзац ${i + 1}: длинное предложение новости, с запятыми и точкой, которое читается как текст настоящей статьи.</p>`,
  ).join("")

const page = (body: string) => `<!doctype html><html><head><title>Новости</title></head><body>${body}</body></html>`

describe("reprint notices", () => {
  it("reads a site's reprint terms in Russian, Ukrainian and Polish", () => {
    expect(isReprintNotice("При полном или частичном использовании материалов активная ссылка на сайт обязательна.")).to.equal(true)
    expect(isReprintNotice("Перепечатка материалов только с письменного разрешения редакции.")).to.equal(true)
    expect(isReprintNotice("Все права на материалы, опубликованные на сайте, охраняются в соответствии с законодательством РФ.")).to.equal(
      true,
    )
    expect(isReprintNotice("При використанні матеріалів посилання на сайт обов'язкове.")).to.equal(true)
    expect(isReprintNotice("Kopiowanie materiałów bez zgody redakcji zabronione.")).to.equal(true)
    // a story's sentence on the same subject sets no terms
    expect(isReprintNotice("Полиция сообщила, что задержанный использовал текст чужой статьи без ссылки на источник.")).to.equal(false)
  })

  it("cuts the long reprint terms under the story", () => {
    const terms =
      "Информация, размещенная на сайте, является интеллектуальной собственностью агентства. При цитировании и " +
      "использовании материалов в печатных СМИ, на радио и ТВ ссылка на агентство обязательна. При цитировании и " +
      "использовании в Интернете гиперссылка на сайт обязательна. Любая републикация текстов новостей возможна только " +
      "с письменного согласия агентства, которое рассматривает каждую просьбу в течение двух недель со дня её получения."
    const { markdown } = extractFromHtml(page(`<div>${story(8)}<p>${terms}</p></div>`))
    expect(markdown).to.contain("Абзац 8:")
    expect(markdown).not.to.contain("интеллектуальной собственностью")
  })
})
