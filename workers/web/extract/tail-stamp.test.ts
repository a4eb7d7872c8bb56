import { isCredit, isPrintNote, isSignature } from "./tail-stamp.ts"
import { isStamp, isStampLine } from "./stamps.ts"
import { isSourceLine } from "./source-line.ts"
import { STORY, expectCut, expectJudged } from "./line-rules.testing.ts"

describe("a publication stamp at the content's end", () => {
  it("is cut when it is set in the story's own box", () => {
    const stamp = "<table><tr><td>Last Updated: January 7, 2008 14:47 EST</td></tr></table>"
    expectCut(`<html><body><div class="story">${STORY}${stamp}</div></body></html>`, "Paragraph 4 of the story", "Last Updated")
  })

  it("opens with its word and gives a date or a time, little else", () => {
    expectJudged(
      isStamp,
      ["Originally posted 2011-04-26 19:03:38.", "Zuletzt aktualisiert: 12.03.2020, 14:05 Uhr", "发布时间：2020-01-12 08:30"],
      [
        "Posted in: NFL Network | comments |",
        "Published in 1998, the book sold 2 million copies in its first year and was translated into 30 languages.",
      ],
    )
  })

  it("is cut before the story too, when a line gives the publication and the update", () => {
    const stamps = `<p class="when">время публикации: 6 января 2012 г., 10:35<br>последнее обновление: 6 января 2012 г., 12:16</p>`
    expectCut(
      `<html><body><div class="story"><h1>The story</h1>${stamps}${STORY}</div></body></html>`,
      "Paragraph 4 of the story",
      "публикации",
    )
    expectJudged(
      isStampLine,
      [
        "published: 6 January 2012, 10:35 last updated: 6 January 2012, 12:16",
        "время публикации: 6 января 2012 г., 10:35 последнее обновление: 6 января 2012 г., 12:16",
        "Data publikacji: 2012-01-03 18:15:00 | Data aktualizacji: 2012-01-10 00:32:27",
      ],
      [
        "Published in 1998, the book sold two million copies in its first year; updated in 2004",
        "Updated: the council voted 7 to 2 on Monday to close the library for good",
      ],
    )
  })

  it("is cut with a closing line that credits the story's source or points to more of it", () => {
    expectCut(`<html><body><div class="story">${STORY}<p>Источник: АиФ</p></div></body></html>`, "Paragraph 4 of the story", "Источник")
    expectCut(
      `<html><body><div class="story">${STORY}<p>Więcej na: www.example.pl</p></div></body></html>`,
      "Paragraph 4 of the story",
      "Więcej",
    )
    expectJudged(
      isSourceLine,
      ["Source: University of California, San Francisco", "По материалам источника: news.example.ru", "Πηγή: ΑΠΕ-ΜΠΕ", "Źródło: PAP"],
      ["Source of the outbreak was a farm near the river, the health ministry said on Monday.", "Sources say the mayor will resign"],
    )
  })

  it("is cut with a note of where the article ran in print", () => {
    const note =
      "<p>A version of this article appeared in print on 11/06/2012, on page A12 of the New York edition with the headline: Budget Passes.</p>"
    expectCut(`<html><body><div class="story">${STORY}${note}</div></body></html>`, "Paragraph 4 of the story", "appeared in print")
  })

  it("reads such a note only when it speaks of the article itself", () => {
    expectJudged(
      isPrintNote,
      [
        "This article was originally published on page 20 of The Pretoria News on January 16, 2008",
        "The full article contains 339 words and appears in Press Association newspaper.",
      ],
      ["The letter appeared in the newspaper on Monday, on page 3.", "The story ran on page one of the local newspaper."],
    )
  })

  it("is cut with a Chinese story's closing credit line, its source or its editor", () => {
    const story = Array.from(
      { length: 4 },
      (_, i) =>
        `<p>第${i + 1}段：周一，市议会在就新图书馆进行了长时间的辩论之后，对预算进行了表决，多数议员投了赞成票，会议持续到深夜。</p>`,
    ).join("")
    const html = (credit: string) => `<html><body><div class="content">${story}<p>${credit}</p></div></body></html>`
    expectCut(html("来源：新华网"), "第4段", "新华网")
    expectCut(html("（ 责任编辑：魏喆 ）"), "第4段", "魏喆")
    expectCut(html("(李艳 撰稿)"), "第4段", "李艳")
    expectCut(html("（文/赵勇）"), "第4段", "赵勇")
    expectCut(html("（新华快讯中心）"), "第4段", "快讯中心")
  })

  it("reads a name or an outlet alone in round brackets as a credit, not a remark or the story's end mark", () => {
    expectJudged(
      isCredit,
      ["（王小明）", "(李华)", "（南方新闻网）", "（东方晚报）", "（即時新聞）"],
      ["（据说如此）", "（全文完）", "（待续）", "（完）", "(AP)", "（本报记者 王小明）"],
    )
  })

  it("reads the writer, the translator or the source named in brackets in other words as a credit", () => {
    expectJudged(
      isCredit,
      ["(李军伟 编译)", "(李艳 撰稿)", "（文/赵勇）", "(據《重慶晚報》)", "（图／张三）"],
      ["（張文祿報導）", "(本文来源：东方体育日报 作者：黄靖宇)", "(文/赵勇说，这是一个长句子里的话)", "（据说如此）"],
    )
  })

  it("reads a credit line as a label and a name alone on the line", () => {
    expectJudged(
      isCredit,
      ["来源：新闻晨报", "编辑：山石", "（ 责任编辑：魏喆 ）", "【责任编辑：张三】", "稿源: 人民网"],
      ["来源：巴彦淖尔日报 编辑：苏亮", "编辑部的故事", "来源：据新华社报道，市议会周一通过了预算，新图书馆明年开工建设"],
    )
  })

  it("is cut with a post's signature under it, who posted it and when", () => {
    const signature = `<div class="post_author_plugin"><span>Written by: <a href="/author/tmatt/">tmatt</a> </span><span>on August 9, 2012.</span></div>`
    expectCut(`<html><body><div class="post">${STORY}${signature}</div></body></html>`, "Paragraph 4 of the story", "Written by")
  })

  it("reads a signature by its word and a date or a time, in Chinese too", () => {
    expectJudged(
      isSignature,
      [
        "Posted by msshell at 07:23 AM",
        "Written by: tmatt on August 9, 2012.",
        "- 作者： 流泉 访问统计： 2005年08月30日, 星期二 13:22 加入博采",
        "Geschrieben von Anna am 12.03.2020",
      ],
      [
        "By July 2002, he had pleaded guilty in a closed court session and moved into a series of FBI safe houses.",
        "Posted by the council on its website",
        "作者：流泉",
      ],
    )
  })
})
