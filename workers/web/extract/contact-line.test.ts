import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const story = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: the city council voted on Monday to close two branch libraries next spring, saying the savings would pay for longer hours at the main library downtown.</p>`,
).join("")

describe("the writer's address that ends the story", () => {
  it("is cut when it is the last line of the last paragraph", () => {
    const html = `<html><body><div class="story">${story}<p>
	<br />
	tconnor@nydailynews.com</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Paragraph 4")
    expect(markdown).not.to.contain("tconnor")
  })

  it("is cut in a link after a line break, with its label, and with a handle after it", () => {
    const html = `<html><body><div class="story">${story}<p>More from the council next week.<br><i><a href="mailto:karen.kaplan@latimes.com">Email: karen.kaplan@latimes.com</a></i><br>twitter.com/KarenKaplan</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("More from the council next week.")
    expect(markdown).not.to.contain("karen.kaplan")
    expect(markdown).not.to.contain("twitter.com/KarenKaplan")
  })

  it("stays when a sentence of the story gives it", () => {
    const html = `<html><body><div class="story">${story}<p>Readers who want to keep a branch open can write to the council at libraries@city.example.org.</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("libraries@city.example.org")
  })

  it("stays when a line in another script names what the address is for", () => {
    const html = `<html><body><div class="story">${story}<table><tr><td>Πληροφορίες για διαφήμιση στην ηλεκτρονική έκδοση <a href="mailto:advertising@example.gr">advertising@example.gr</a></td></tr></table></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("advertising@example.gr")
  })

  it("goes with a Chinese story's closing credit set as its last line or block, in either script", () => {
    const zh = Array.from(
      { length: 4 },
      (_, i) =>
        `第${i + 1}段：公司周二晚间公布年度业绩预告，预计全年净利润亏损约零点九亿元至一点二亿元，主要原因是原材料价格上涨以及产品销售价格下降。`,
    ).join("<br><br>")
    const inline = extractFromHtml(`<html><body><div class="text">${zh}<br><br>(陈巍 编辑)</div></body></html>`).markdown
    expect(inline).to.contain("第4段")
    expect(inline).not.to.contain("陈巍")
    const block = extractFromHtml(
      `<html><body><div class="text"><p>${zh.replaceAll("<br><br>", "</p><p>")}</p><p>（責任編輯：趙晗）</p></div></body></html>`,
    ).markdown
    expect(block).to.contain("第4段")
    expect(block).not.to.contain("趙晗")
  })
})
