import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

// Blogger's posts: a script fills the post from a template; readers without scripts get a copy in <noscript>.
const post = (inNoscript: string, shown = "") => `<html><head><title>Live HDR</title>
<noscript><style>.loading { visibility: visible }</style></noscript></head><body>
<div class="header"><a href="/">Research blog</a></div>
<div class="post"><h2>Live HDR+ and dual exposure</h2><div class="post-body">${shown}
<script type="text/template"><span class="byline">Posted by the team</span>${prose("Template", 3)}</script>
<noscript>${inNoscript}</noscript></div></div>
<div class="footer">Give us feedback in our Product Forums.</div></body></html>`

describe("an article kept in <noscript> for readers without scripts", () => {
  it("is read as such a reader reads it, where the page shows next to nothing else", () => {
    const { markdown } = extractFromHtml(post(`<span class="byline">Posted by the team</span><br>${prose("Story", 8)}`))
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 8:")
    expect(markdown).not.to.contain("Product Forums")
  })

  it("is left out where the page shows its article: no copy read twice, no notice read as text", () => {
    const shown = prose("Shown", 12)
    const { markdown } = extractFromHtml(post(`${prose("Story", 8)}`, shown))
    expect(markdown).to.contain("Shown paragraph 1:").and.to.contain("Shown paragraph 12:")
    expect(markdown).not.to.contain("Story paragraph")
    const asks = extractFromHtml(post("<p>Please enable JavaScript to view this page.</p>"))
    expect(asks.markdown).not.to.contain("enable JavaScript")
  })
})
