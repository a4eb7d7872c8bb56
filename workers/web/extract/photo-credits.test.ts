import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>A story</title></head><body>${body}</body></html>`

describe("photo credits", () => {
  it("cuts a caption that credits its photo, in Russian and in Polish", () => {
    for (const caption of [
      // a Russian medical news site, the caption as the picture's box's own text
      `<div class="photo"><img class="limg" src="/pic001.jpg" alt="">
        Вирусы бешенства под микроскопом. Фото пользователя smweb2 с ресурса Photobucket<div class="clear"></div></div>`,
      // a Polish daily, the credit in a span of the caption's paragraph
      `<div id="article_image"><div><img src="/grypa.jpg" alt="Grypa"><p class="desc">Grypa<span> (Fot. Filip Klimaszewski / Agencja Gazeta)</span></p></div></div>`,
      `<p>Дом ребенка в Можайской женской колонии. Кадр телеканала "Россия 1"</p>`,
      // Chinese news sites: a file photo, and the photographer before 摄 ("shot by")
      `<p align="center">郭德纲(资料图)</p>`,
      `<div class="pic_txt">戊型肝炎疫苗获得新药证书新闻发布会现场（人民网记者 王泓漓 摄）</div>`,
      // in traditional characters, and "攝影" after a slash
      `<p>圖說：得主夫婦在頒獎典禮上合影留念。 （王泓漓攝）</p>`,
      `<p>民眾在市場選購年貨。王泓漓／攝影</p>`,
      `<p>小两口拿出积蓄来做房产投资 王泓漓/摄</p>`,
    ]) {
      const { markdown } = extractFromHtml(page(`<div class="post">${caption}${prose("Story", 4)}</div>`))
      expect(markdown).to.contain("Story paragraph 4:")
      expect(markdown).not.to.contain("Photobucket").and.not.to.contain("Klimaszewski").and.not.to.contain("Кадр")
      expect(markdown, caption).not.to.contain("资料图").and.not.to.contain("王泓漓")
    }
  })

  it("keeps a headline's '(фото)' or '(图)', 'Photo by' and a paragraph of the story that names a photo", () => {
    const { markdown } = extractFromHtml(
      page(
        `<div class="post">${prose("Story", 4)}<p>В Липецке стартовал месячник по борьбе со СПИДом (фото)</p><p>深圳最牛工资单属实 普通员工年薪30万(图)</p><h3>风光摄影</h3><p>Photo by Money Sharma/European Pressphoto Association.</p><p>Фото с места событий появились в сети через несколько минут после взрыва, и уже к вечеру их перепечатали десятки изданий, а полиция попросила очевидцев прислать снимки.</p></div>`,
      ),
    )
    expect(markdown).to.contain("месячник по борьбе").and.to.contain("Money Sharma").and.to.contain("перепечатали десятки")
    expect(markdown).to.contain("普通员工年薪30万").and.to.contain("风光摄影")
  })

  it("cuts a caption whose credit has a label, or a © after its words, in English, German and French", () => {
    const captions = [
      "<p>(Credit: Jo Smith / Daily Planet)</p>",
      "<p>Image credit: example.org</p>",
      "<p>Titelbild: Erika Muster/Bildagentur</p>",
      "<p>Der Marktplatz am Abend. Foto: Stadtverwaltung</p>",
      "<p>Fotos: Max Mustermann und Erika Muster</p>",
      "<p>Le ministre à Prague, photo: Archives du gouvernement</p>",
      "<p>Crédits photos : Agence Exemple</p>",
      "<p>Die Läuferin vor dem Start. © AFP / JO SMITH</p>",
    ]
    const { markdown } = extractFromHtml(page(`<div class="post">${prose("Story", 2)}${captions.join("")}${prose("Story", 2, 3)}</div>`))
    expect(markdown).to.contain("Story paragraph 4:")
    for (const word of ["Jo Smith", "example.org", "Bildagentur", "Stadtverwaltung", "Mustermann", "Archives", "Agence", "JO SMITH"])
      expect(markdown).not.to.contain(word)
  })

  it("keeps lines of the story that hold such words elsewhere", () => {
    const lines = "<p>Photography: a history</p><p>The bank extended her credit: a loan of 5,000 pounds.</p>"
    const { markdown } = extractFromHtml(page(`<div class="post">${prose("Story", 2)}${lines}${prose("Story", 2, 3)}</div>`))
    expect(markdown).to.contain("Photography: a history").and.to.contain("extended her credit")
  })
})
