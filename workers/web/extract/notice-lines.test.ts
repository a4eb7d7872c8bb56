import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const body = Array.from(
  { length: 4 },
  (_, i) =>
    `<div style="text-align: justify;">　　${i + 1}、自本通告发布之日起，在工程建设征占地范围内禁止任何单位和个人新建、扩建和改建项目，禁止擅自开发土地、修建房屋及新建其他设施。</div>`,
).join("")

describe("the set lines of an official notice", () => {
  it("keeps the centred title and number and the issuer and date aligned right", () => {
    const html = `<html><body><div class="contents"><div style="text-align: center;"><b>吉林省人民政府关于禁止在</b></div>
      <div style="text-align: center;"><b>征占地范围内新增建设项目的通告</b></div><div style="text-align: center;">吉政明电〔2022〕1号</div>${body}
      <div style="text-align: right;">吉林省人民政府</div><div style="text-align: right;">2022年1月27日</div></div></body></html>`
    const { markdown } = extractFromHtml(html)
    for (const line of ["吉林省人民政府关于禁止在", "吉政明电〔2022〕1号", "4、自本通告发布之日起", "2022年1月27日"])
      expect(markdown).to.contain(line)
  })

  it("still cuts a short unaligned label among the paragraphs", () => {
    const { markdown } = extractFromHtml(`<html><body><div class="contents">${body}<div>分享到微信</div></div></body></html>`)
    expect(markdown).to.contain("4、自本通告发布之日起")
    expect(markdown).not.to.contain("分享到微信")
  })
})
