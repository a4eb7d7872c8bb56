import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const story = Array.from(
  { length: 6 },
  (_, i) => `<p>Sentence ${i + 1} of the story, long enough to read as prose, with commas, names and a full stop at its end.</p>`,
).join("")

describe("the content's edges", () => {
  it("cuts a 'related' heading that fills a table row of its own, with the row of links after it", () => {
    const links = Array.from(
      { length: 4 },
      (_, i) => `·<a href="/n/${i}">另一条新闻${i}</a><span>（2005-04-0${i + 1} 17:19PM 新闻晨报）</span><br>`,
    ).join("")
    const html = `<html><body><div class="main">${story}<p>编辑：山石</p>
      <table><tr><td class="hd"><b>相关报道：</b></td></tr><tr><td class="hd">${links}</td></tr></table></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Sentence 6 of the story")
    expect(markdown).not.to.contain("相关报道").and.not.to.contain("另一条新闻")
  })

  it("cuts the teasers a 'latest' heading announces though their summaries read as prose, not the story's photos", () => {
    const teaser = (i: number) => `<div><a class="title" href="/articles/${i}">The headline of another story number ${i}</a></div>
      <a href="/articles/${i}"><img src="/img/${i}.jpg" alt="" width="100"></a>
      <div class="text_1">Summary ${i} of another story, a sentence or two long, with commas and a full stop, as the site's list of latest posts prints it under each headline.</div>
      <div><b>A. Writer</b>, 09.04.2013</div><div><a href="/tag/a">economy</a> <a href="/tag/b">politics</a><hr></div>`
    const photos = [1, 2]
      .map(
        (i) =>
          `<a href="/img/big${i}.jpg"><img src="/img/${i}.jpg" alt=""></a><div>The bridge at dawn, photograph ${i} of the story, taken from the east bank.</div>`,
      )
      .join("")
    const html = `<html><body><div class="cont"><h1>Memory begins to fade at 45</h1><div class="text">${story}</div>
      <h3>▪ Related stories ▪</h3><div class="list">${[1, 2, 3].map(teaser).join("")}</div></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Sentence 6 of the story")
    expect(markdown).not.to.contain("Summary 1 of another story").and.not.to.contain("Summary 3")
    // a story's photos, each a link over its caption, after such a heading: prose too long for teasers
    const kept = extractFromHtml(
      html.replace(/<div class="list">.*<\/div><\/div><\/body>/s, `<div class="more">${photos}${story}</div></div></body>`),
    )
    expect(kept.markdown).to.contain("photograph 2 of the story")
  })

  it("cuts labels with the long headlines they link to between paragraphs, not a sentence that opens with a label", () => {
    const long = (n: number) =>
      `<p>Paragraph ${n} of the report: the central bank said on Monday that the country's foreign debt grew by 884 million dollars in the year, to a new high of fourteen billion, the largest share of it owed by the public sector to its official creditors abroad.</p>`
    const label = (words: string, n: number, headline: string) =>
      `<p><strong>${words}:&nbsp;<a href="https://news.example.ni/nacionales/${n}-story/">${headline}</a></strong></p>`
    const html = `<html><body><div class="main">${long(1)}${long(2)}
      ${label("Lea", 115004, "Consejo Permanente de OEA aborda este miércoles confiscación de sus oficinas en Nicaragua")}${long(3)}${long(4)}
      ${label("Lea más", 115003, "Juan Carlos Ortega Murillo propone legalizar la comercialización de marihuana en Nicaragua")}${long(5)}${long(6)}
      ${label("Lea también", 115002, "Impiden ingreso a Nicaragua a reportero y camarógrafo estadounidense")}${long(7)}
      <p>Read more: the council published its own figures on Monday, which <a href="/report">the full report</a> sets beside last year's in a long table.</p>${long(8)}</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Paragraph 8 of the report").and.to.contain("the council published its own figures")
    expect(markdown).not.to.contain("Lea más").and.not.to.contain("Lea también")
  })

  it("cuts a newsletter's sign-up box inside the story, not a box that mentions the newsletter", () => {
    const html = `<html><body><div class="main">${story}
      <div class="factbox"><span class="factbox-header"><h3>Sign up for the CorkBeo newsletter</h3></span><div class="factbox-content">
        <p>Never miss the latest news by signing up to our newsletter today!</p>
        <p>Simply pop your email into the box at the top of this article and get all the latest news direct to you.</p></div></div>
      ${story.replaceAll("Sentence", "Line")}
      <div class="info"><p>When new testers are wanted, we announce it in these places, and in good time before the test begins:</p>
        <ul><li>on the home page</li><li>in the testers' newsletter</li></ul>
        <p>The link in the newsletter takes you to the questionnaire, and so into the draw for the product testers.</p></div>
      ${story.replaceAll("Sentence", "Part")}</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Sentence 6 of the story").and.to.contain("Line 6 of the story").and.to.contain("Part 6 of the story")
    expect(markdown).not.to.contain("Sign up for the CorkBeo").and.not.to.contain("Never miss").and.not.to.contain("Simply pop")
    expect(markdown).to.contain("When new testers are wanted").and.to.contain("into the draw")
  })

  it("cuts a site's legal lines at the end of the content, and what follows them", () => {
    const html = `<html><body><div class="page"><h1>Wolves</h1>${story}<p>© Copyright 2007 Example Media Ltd. All rights reserved.</p>
      <p><a href="/privacy">Privacy Policy</a> · <a href="/terms">Terms of Use</a></p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Sentence 6 of the story")
    expect(markdown).not.to.contain("All rights reserved")
    expect(markdown).not.to.contain("Privacy Policy")
  })

  it("cuts a call to share the story at its edges, not the story's words about sharing", () => {
    const html = `<html><body><div class="x1"><p>Sharing is caring!</p>${story}
      <p>Neighbours share their tools, and the study found that sharing cut what each household spent by a third.</p>
      <p>Like this story? Share it with a friend!</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Sentence 6 of the story").and.to.contain("Neighbours share their tools")
    expect(markdown).not.to.contain("Sharing is caring").and.not.to.contain("Share it with a friend")
  })

  it("cuts a news site's call for the reader's stories and tips at the end, not the same words mid-story", () => {
    const html = `<html><body><div class="x1">${story}
      <p>Got a story? The mayor asked the reporters, and the hall fell silent before the vote on the bridge began.</p>${story}
      <p>We pay for your stories! Do you have a story for the news team? Email us at tips@example.com or call 0207 000 0000.</p>
      <p>Got a news tip or want to contact us directly? Email news@example.com</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Sentence 6 of the story").and.to.contain("the hall fell silent")
    expect(markdown).not.to.contain("Do you have a story").and.not.to.contain("Got a news tip")
  })

  it("cuts calls to write to the editor or to fund the site at the edges, not a story's donors", () => {
    const html = `<html><body><div class="x1"><p>Submit your letter to the editor via this form. Read more letters.</p>${story}
      <p>Readers who wish to donate to the flood relief fund can do so at any branch of the bank, the council said on Monday.</p>
      <p>Click to login and write a letter to the editor or sign up for the briefing.</p>
      <p>This article was made possible by readers like you. Donate to Example News now.</p>
      <p>If you enjoyed reading this post, would you consider supporting our work? Just click here. Thanks!</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Sentence 6 of the story").and.to.contain("donate to the flood relief fund")
    expect(markdown)
      .not.to.contain("letter to the editor")
      .and.not.to.contain("Donate to Example")
      .and.not.to.contain("supporting our work")
  })

  it("cuts a box at the end that offers the headlines by email, with its sign-up link", () => {
    const html = `<html><body><div class="x1">${story}
      <div><strong>Start receiving our news headlines per email.</strong><br>We announce a free service: the latest news of any category up to five times a day.
      <p>Type any number of key words. We email you the related headlines.<br><a href="/alerts">Click here to sign up</a></p></div></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Sentence 6 of the story")
    expect(markdown).not.to.contain("per email").and.not.to.contain("Click here to sign up")
  })

  it("cuts a legal line set inline at the end of a story written as one block broken by <br>", () => {
    const lines = Array.from(
      { length: 5 },
      (_, i) => `Line ${i + 1} of the story, long enough to read as prose, with commas and a full stop.`,
    )
    const html = `<html><body><div class="nav"><a href="/">Home</a> | <a href="/news">News</a></div><table><tr><td class="body"><div class="text">
      ${lines.join("<br><br>")}<br><br><span class="legal">Copyright 2008 The Associated Press. All rights reserved. This material may not be published.</span>
      </div></td></tr></table></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Line 1 of the story").and.to.contain("Line 5 of the story")
    expect(markdown).not.to.contain("Associated Press")
  })

  it("cuts a footer of several short lines after a short story's legal line, up to a third of the content", () => {
    const short = story.split("</p>").slice(0, 4).join("</p>") + "</p>"
    const footer = [
      "© Copyright The Example Publishing Co., Ltd. 2007",
      '<a href="/privacy">Privacy Policy</a>',
      'Comments to: <a href="mailto:web@example.com">Webmaster</a>',
      'Advertising enquiries to: <a href="/ads">Internet Marketing</a>',
      'Full contact details: <a href="/contact">Contact us</a>',
    ]
      .map((line) => `<p>${line}</p>`)
      .join("")
    const { markdown } = extractFromHtml(`<html><body><div class="page"><h1>Wolves</h1>${short}${footer}</div></body></html>`)
    expect(markdown).to.contain("Sentence 4 of the story")
    for (const gone of ["Copyright", "Privacy Policy", "Webmaster", "Contact us"]) expect(markdown).not.to.contain(gone)
  })

  it("cuts a last block of legal small print longer than a legal line", () => {
    const marks = Array.from({ length: 8 }, (_, i) => `Example Mark ${i + 1} name and logo`).join(", ")
    const smallPrint = `<p>Example.com is the official web site of the Example League. ${marks} are registered trademarks of the Example League. © Example League 2012. All Rights Reserved. The Example word mark is a registered trademark of Example & Co., Inc.</p>`
    const { markdown } = extractFromHtml(`<html><body><div class="page"><h1>Wolves</h1>${story}${story}${smallPrint}</div></body></html>`)
    expect(markdown).to.contain("Sentence 6 of the story")
    expect(markdown).not.to.contain("registered trademarks")
  })

  it("cuts small print that outweighs a short story, and keeps small print that is all the text there is", () => {
    const marks = Array.from({ length: 24 }, (_, i) => `Example Mark ${i + 1} name and logo`).join(", ")
    const smallPrint = `<div id="copyright">Example.com is the official web site of the Example League. ${marks} are registered trademarks of the Example League. © Example League 2012. All Rights Reserved.</div>`
    // the story is 970 characters, the small print 720: more than a third of the content
    const { markdown } = extractFromHtml(
      `<html><body><div class="page"><h1>Wolves</h1><p>${story}</p><p>${story}</p>${smallPrint}</div></body></html>`,
    )
    expect(markdown).to.contain("Sentence 6 of the story")
    expect(markdown).not.to.contain("registered trademarks")
    const alone = extractFromHtml(`<html><body><div class="page"><h1>Terms</h1><p>Our marks.</p>${smallPrint}</div></body></html>`)
    expect(alone.markdown).to.contain("registered trademarks")
  })

  it("keeps what follows a copyright line when it is the article's own text (a long footnote)", () => {
    const footnote = `<p>1. A footnote of the article, which goes on at length about its sources, its method and its figures, and so is no footer line at all; it is longer than any legal line, and it says so in several sentences, one after another, until it has said far more than three hundred characters of its own.</p>`
    const html = `<html><body><div class="page"><h1>Wolves</h1>${story}<p>Reprinted with permission. Copyright 2006 Example Press.</p>${footnote}</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Copyright 2006 Example Press")
    expect(markdown).to.contain("A footnote of the article")
  })
})

describe("the content's edges in other languages", () => {
  const links =
    '<ul><li><a href="/a">Первая ссылка на другую статью</a></li><li><a href="/b">Вторая ссылка</a></li><li><a href="/c">Третья</a></li></ul>'
  for (const heading of [
    "Читайте также:",
    "Материалы по теме",
    "推荐阅读",
    "精彩推荐",
    "Czytaj także",
    "Najczęściej czytane",
    "Pročitajte još",
    "Najčitanije",
    "Διαβάστε επίσης",
    "Δημοφιλή",
    "Mehr zum Thema",
    "Meistgelesen",
  ])
    it(`cuts a block that announces links to other pages (${heading}) with the links after it`, () => {
      const html = `<html><body><div class="page"><h1>Wolves</h1>${story}<h3>${heading}</h3>${links}</div></body></html>`
      const { markdown } = extractFromHtml(html)
      expect(markdown).to.contain("Sentence 6 of the story")
      expect(markdown).not.to.contain(heading)
      expect(markdown).not.to.contain("Вторая ссылка")
    })

  it("cuts a German heading of links, worded at length, when prose follows it (the links loaded by script)", () => {
    for (const heading of [
      "Lesen Sie auch die folgenden Beiträge:",
      "Weitere Beiträge aus der Kolumne:",
      "Mehr zu Klima und Konsum",
      "Mehr Themen:",
      "Alle Artikel zu unseren Recherchen",
    ]) {
      const html = `<html><body><div class="page"><h1>Wolves</h1>${story}<p>${heading}</p><p>${"Sentence 7 of the story goes on after the heading. ".repeat(4)}</p></div></body></html>`
      const { markdown } = extractFromHtml(html)
      expect(markdown, heading).to.contain("Sentence 7 of the story")
      expect(markdown, heading).not.to.contain(heading)
    }
  })

  it("cuts a Russian heading of links on the topic set inside the story, its links with it", () => {
    // a Russian news site's "Ссылки по теме:" (links on the topic): each link with its site, section and date
    const dated = `<p><a href="/a">Судья Верховного суда насмерть сбил женщину</a><br>// Новости // В России // 7 декабря 2011 г.</p>`
    for (const heading of ["Ссылки по теме:", "Другие новости по этой теме"]) {
      const html = `<html><body><div class="page"><h1>Wolves</h1>${story}<h3>${heading}</h3>${dated}<p>${"Sentence 7 of the story goes on after the links. ".repeat(4)}</p></div></body></html>`
      const { markdown } = extractFromHtml(html)
      expect(markdown, heading).to.contain("Sentence 7 of the story")
      expect(markdown, heading).not.to.contain(heading)
      expect(markdown, heading).not.to.contain("Судья Верховного суда")
    }
  })

  it("cuts a byline named after a colon at the top (Autor:, 作者：) and a date written 2020年1月12日", () => {
    for (const line of ["Autor: Jan Kowalski", "作者：张三", "2020年1月12日 10时"]) {
      const html = `<html><body><div class="page"><h1>Wolves</h1><p>${line}</p>${story}</div></body></html>`
      const { markdown } = extractFromHtml(html)
      expect(markdown, line).to.contain("Sentence 1 of the story")
      expect(markdown, line).not.to.contain(line)
    }
  })

  it("keeps the same words inside a sentence of the article", () => {
    const html = `<html><body><div class="page"><h1>Wolves</h1>${story}<p>Czytaj także to, co napisał autor w poprzednim tygodniu, bo warto.</p></div></body></html>`
    expect(extractFromHtml(html).markdown).to.contain("Czytaj także to, co napisał autor")
  })

  it("cuts a disclaimer that the story is copyrighted by its agency at the end", () => {
    const line = "Disclaimer: This news article is copyrighted by Example Press and published by example.com."
    const html = `<html><body><div class="page"><h1>Wolves</h1>${story}<p>${line}</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Sentence 6 of the story")
    expect(markdown).not.to.contain("copyrighted by")
  })

  it("cuts a legal line in Polish, Croatian, Greek or Chinese at the end", () => {
    for (const line of [
      "© 2020 Wydawca. Wszelkie prawa zastrzeżone.",
      "Sva prava pridržana.",
      "Όλα τα δικαιώματα διατηρούνται.",
      "原创版权禁止商业转载 授权",
      "(內容由新浪北京提供。未經授權，不得轉載。)",
      "严正申明：未经授权严禁转载",
      "某某网著作权声明",
      "未经书面许可，擅自转载本报作品的，将涉嫌侵犯著作权人合法权益。",
    ]) {
      const html = `<html><body><div class="page"><h1>Wolves</h1>${story}<p>${line}</p></div></body></html>`
      const { markdown } = extractFromHtml(html)
      expect(markdown, line).to.contain("Sentence 6 of the story")
      expect(markdown, line).not.to.contain(line.slice(0, 12))
    }
  })
})

describe("furniture names", () => {
  it("reads a WordPress #secondary column and a right rail as furniture, their prose too", () => {
    const bio = `<p>The writer is a renowned expert on the subject, the author of two books, and a speaker at many conferences around the world.</p><p>She lives with her family, two dogs and a cat in a small town by the sea, where she writes every morning.</p>`
    const columns = [
      `<div id="alpha" class="secondary"><ul class="xoxo"><li class="box"><div class="inner">${bio}</div></li><li class="box"><h3>Recognition</h3><ul><li><a href="/a">Top blogs of the year</a></li><li><a href="/b">Best career blogs</a></li></ul></li></ul></div>`,
      `<div class="rightRail"><ul class="items"><li>${bio}</li></ul></div>`,
    ]
    for (const column of columns) {
      const html = `<html><body><div id="content"><div class="main"><div class="post"><h2>Title</h2>${story}</div>${column}</div></div></body></html>`
      const { markdown } = extractFromHtml(html)
      expect(markdown, column).to.contain("Sentence 6 of the story")
      expect(markdown, column).not.to.contain("renowned expert")
    }
  })
})

describe("the meta bar under a headline", () => {
  const zh = Array.from(
    { length: 4 },
    (_, i) =>
      `<p>第${i + 1}段：今天，市政协第五届委员会第一次会议隆重开幕，我们对大会的召开表示热烈祝贺，并预祝大会圆满成功，这是一个足够长的句子。</p>`,
  ).join("")

  it("cuts a row of source, date, print and share items between the headline and the first paragraph", () => {
    const bar = `<div class="info"><span><li>市政府门户网站 www.example.gov.cn</li><li>2022-02-11 09:52</li><li onclick="window.print()">打印本页</li><li><a href="#">微信</a></li></span></div>`
    const { markdown } = extractFromHtml(`<html><body><div class="page"><h1>凝聚强大智慧和力量</h1>${bar}${zh}</div></body></html>`)
    expect(markdown).to.contain("第1段")
    for (const gone of ["门户网站", "2022-02-11", "打印本页"]) expect(markdown).not.to.contain(gone)
  })

  it("cuts the text size set by letters, in a heading of its own or in brackets", () => {
    const sizes = [
      `<h6>字号:<span><a href="javascript:zoom(14)">T</a></span><span>|</span><span><a href="javascript:zoom(16)">T</a></span></h6>`,
      `<table><tr><td>【字体：<a href="#">大</a> <a href="#">中</a> <a href="#">小</a>】 【<a href="/bbs">进入论坛</a>】</td></tr></table>`,
    ]
    for (const size of sizes) {
      const { markdown } = extractFromHtml(`<html><body><div class="page"><h1>凝聚强大智慧和力量</h1>${size}${zh}</div></body></html>`)
      expect(markdown, size).to.contain("第1段")
      expect(markdown, size).not.to.contain("字号").and.not.to.contain("字体")
    }
  })

  it("keeps a heading of the story's words before its first paragraph", () => {
    const { markdown } = extractFromHtml(
      `<html><body><div class="page"><h1>凝聚强大智慧和力量</h1><h4>分享经济带来的变化</h4>${zh}</div></body></html>`,
    )
    expect(markdown).to.contain("分享经济带来的变化")
  })

  it("keeps a first paragraph that holds a date: a Chinese sentence is short in characters", () => {
    const lede = "<p>央广网北京2月13日消息 据中央广播电视总台报道，中央军委主席日前签署命令，发布新的规定，自2022年2月10日起施行。</p>"
    const { markdown } = extractFromHtml(`<html><body><div class="page"><h1>新规定</h1>${lede}${zh}</div></body></html>`)
    expect(markdown).to.contain("自2022年2月10日起施行")
  })

  it("keeps a byline on a line of its own, and the times of a programme after the first paragraph", () => {
    const byline = "<p>By Logan Utsman on Monday, January 9th, 2012, for the motoring desk</p>"
    const programme = "<p>8:30–8:50 Opening session<br>Chair: the dean of the faculty</p>"
    const { markdown } = extractFromHtml(
      `<html><body><div class="page"><h1>Car of the year</h1><p>Updates</p><p>Photos</p>${byline}${story}${programme}</div></body></html>`,
    )
    expect(markdown).to.contain("By Logan Utsman")
    expect(markdown).to.contain("8:30–8:50 Opening session")
  })
})

describe("a link mid-sentence named as furniture", () => {
  it("keeps the words of a link with a tooltip class inside a sentence", () => {
    const lede = `<p>The Android edition improves its tracking protection, as the Oslo developer <a href="https://example.org/v" class="has-tooltip js-tooltip" title="A company">Vivaldi Technologies</a> says in its notes, with country lists.</p>`
    const { markdown } = extractFromHtml(`<html><body><div class="page"><h1>Vivaldi 3.2</h1>${lede}${story}</div></body></html>`)
    expect(markdown).to.contain("Vivaldi Technologies")
  })
})
