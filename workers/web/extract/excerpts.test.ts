import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>小镇的图书馆</title></head><body>${body}</body></html>`

const STORY = [
  "小镇的图书馆今年春天重新开放，馆长说，新的阅览室每天都坐满了来读书的学生和退休的老人。",
  "去年冬天的一场大雨让旧楼的屋顶漏水，许多藏书被泡坏，镇上的居民自发捐款，花了半年时间才把房子修好。",
  "重新开放的那天，孩子们在门口排起了长队，有的人带来了家里多余的书，希望能让更多的人读到。",
  "馆长表示，明年还打算开设晚间的读书会，请附近学校的老师来给大家讲一讲历史和诗歌。",
  "一位常来借书的老人说，他年轻时就在这里读书，如今又能坐在熟悉的窗边，心里觉得特别踏实。",
  "镇政府也答应每年拨出一笔经费，用来购买新书和修理桌椅，让图书馆能够一直开下去。",
  "图书馆的志愿者大多是附近的中学生，他们周末来帮忙整理书架，也陪小朋友们一起读绘本。",
  "有人提议在院子里种几棵树，夏天的时候可以在树荫下看书，这个想法得到了很多人的支持。",
  "馆长笑着说，只要大家还愿意来，这座老房子就会一直亮着灯，等着每一个想读书的人。",
]

describe("excerptRuns", () => {
  it("reads a Chinese excerpt's length as words: a recent-comments column beside the story is left out", () => {
    // each excerpt shows a dozen characters before its ellipsis: under 40 letters, but as long as a sentence's start elsewhere
    const comment = (i: number) =>
      `<li>回复：<a href="/p/${i}">《第${i}篇文章的标题》</a><br><font>读者觉得这件事情很有意思${i}...</font><br>(2006-0${i}-12 10:0${i}:00)</li>`
    const { markdown } = extractFromHtml(
      page(
        `<table><tr><td>${STORY.map((p) => `<p>${p}</p>`).join("")}</td>` +
          `<td><span>最新评论</span><ul>${Array.from({ length: 7 }, (_, i) => comment(i + 1)).join("")}</ul></td></tr></table>`,
      ),
    )
    expect(markdown).to.contain("镇政府也答应")
    expect(markdown).not.to.contain("读者觉得")
  })
})
