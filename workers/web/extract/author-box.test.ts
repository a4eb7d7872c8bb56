import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const bio =
  `<img src="/avatar.png" alt=""><p>Mindy is an attorney and the managing editor of a science blog. ` +
  `Her weaknesses include music, British science fiction, and long walks. You can follow her on <a href="/t">Twitter</a>.</p>`
const page = (box: string) =>
  `<!doctype html><html><head><title>A post</title></head><body><div class="post"><h1>A post</h1>${prose("Post", 3)}` +
  `${box}</div></body></html>`

describe("an about-the-author box", () => {
  it("cuts a box headed About the author after the post", () => {
    const { markdown } = extractFromHtml(page(`<div class="post-author"><h3>About the author</h3><div>${bio}</div></div>`))
    expect(markdown).to.contain("Post paragraph 3:")
    expect(markdown).not.to.contain("managing editor")
  })

  it("cuts a box headed About and the writer's name linked to their page", () => {
    const { markdown } = extractFromHtml(page(`<div class="box"><h4>About <a href="/author/mindy/">Mindy</a></h4>${bio}</div>`))
    expect(markdown).to.contain("Post paragraph 3:")
    expect(markdown).not.to.contain("managing editor")
  })

  it("keeps a section headed About and a name that is not a link to a writer's page", () => {
    const { markdown } = extractFromHtml(page(`<div class="box"><h4>About <a href="/places/lyon/">Lyon</a></h4>${prose("Lyon", 1)}</div>`))
    expect(markdown).to.contain("Lyon paragraph 1:")
  })

  it("keeps a heading About the author in the story's own container over more than a biography", () => {
    const { markdown } = extractFromHtml(page(`<h3>About the author</h3>${prose("Publisher", 8)}`))
    expect(markdown).to.contain("Publisher paragraph 8:")
  })
})
