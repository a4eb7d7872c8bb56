import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { STORY } from "./line-rules.testing.ts"

/** A notice as Chinese government templates set it: the text, its source, then the page's tools in the same box. */
const notice = (tools: string) => `<html><body><div class="nav"><a href="/">首页</a> <a href="/zwgk">政务公开</a></div>
  <div class="article">
  <p>　　为做好今年的防汛工作，确保人民群众生命财产安全，根据有关法律法规的规定，现就有关事项通告如下。</p>
  <p>　　一、各地要立即开展隐患排查，对发现的问题建立台账，限期整改到位，确保不留死角。</p>
  <p>　　二、各有关单位要严格执行二十四小时值班制度，遇有重大险情要第一时间报告。</p>
  <p>　　特此通告。</p>
  <p>来源：市水务局　　编辑：王明</p>
  ${tools}
  </div><div class="footer">版权所有：某市人民政府</div></body></html>`

describe("the page's tools after the story", () => {
  it("cuts a QR code's prompt and the print and close buttons under a Chinese notice, not its source line", () => {
    const { markdown } = extractFromHtml(
      notice(
        `<p align="center">【打印本页】【关闭窗口】</p>` +
          `<span style="display:block;text-align:center;margin-top:20px">扫一扫在手机打开当前页</span>`,
      ),
    )
    expect(markdown).to.contain("特此通告。").and.to.contain("来源：市水务局")
    expect(markdown).not.to.contain("扫一扫").and.not.to.contain("打印本页").and.not.to.contain("关闭窗口")
  })

  it("cuts a row of 'Email', 'Print', 'Single page', 'Reprints' under a wire story", () => {
    const tool = (name: string) => `<li><span class="navImage"><img src="/icons/${name}.gif" alt=""></span><span>${name}</span></li>`
    const tools = `<ul id="footToolsNav">${["Email", "Print", "Single page", "Reprints"].map(tool).join("")}</ul>`
    const { markdown } = extractFromHtml(`<html><body><div class="story">${STORY}${tools}</div></body></html>`)
    expect(markdown).to.contain("Paragraph 4 of the story")
    expect(markdown).not.to.contain("Print").and.not.to.contain("Reprints")
  })

  it("leaves the network a last sentence names", () => {
    const last = `<p>For more updates from the newsroom, follow us on <a href="https://twitter.com/x">Twitter</a></p>`
    const { markdown } = extractFromHtml(`<html><body><div class="story">${STORY}${last}</div></body></html>`)
    expect(markdown).to.contain("[Twitter]")
  })

  it("leaves a last sentence that speaks of sharing, and the bracket that closes a line", () => {
    const last = `<p>Readers can share their memories of the library with the council until Friday (the form is online).</p>`
    const { markdown } = extractFromHtml(`<html><body><div class="story">${STORY}${last}</div></body></html>`)
    expect(markdown).to.contain("share their memories").and.to.contain("(the form is online).")
  })

  it("cuts the calls to follow and subscribe that end a story set as one block of lines", () => {
    const lines =
      `<p>The council met on Monday, and the vote on the library was put off until the spring, its clerk said. Residents who had come to speak for the library were told that the budget would be read again in March, when the council expects to know what the state will pay towards the new building and its staff.<br><br>` +
      `[Be a fan of Lifestyle on <a href="/fb">Facebook</a> | <a href="/tw">Follow us on Twitter!</a> | <a href="/nl">Sign up to our newsletter</a></p>`
    const { markdown } = extractFromHtml(`<html><body><div class="story">${STORY}${lines}</div></body></html>`)
    expect(markdown).to.contain("its clerk said.").and.to.contain("its staff.")
    // "[Be a fan of Lifestyle on <a>Facebook</a>" is a line of two nodes, which the last-text walk does not join
    expect(markdown).not.to.match(/Follow us|newsletter/)
  })

  it("leaves a long last line that mentions a newsletter", () => {
    const last = `<p>The council met on Monday, and the vote on the library was put off until the spring, its clerk said. Residents who had come to speak for the library were told that the budget would be read again in March, when the council expects to know what the state will pay towards the new building and its staff.<br>The council said on Monday that the change would be explained to residents in its next newsletter.</p>`
    const { markdown } = extractFromHtml(`<html><body><div class="story">${STORY}${last}</div></body></html>`)
    expect(markdown).to.contain("in its next newsletter.")
  })
})
