import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>Sample images</title></head><body>${body}</body></html>`
const links = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `<li><a href="/p${i}">More sample images taken with lens number ${i} and a camera body</a></li>`,
  ).join("")

describe("prune", () => {
  it("keeps the paragraph that scores best though the links listed after it make its wrapper score negative", () => {
    const { markdown } = extractFromHtml(
      page(`
        <div class="post">
          <div class="entry-content">
            <p>In addition to the first set of sample images, from the new lens, I published days ago, here are more: sharp, bright, vivid; enjoy!</p>
            <ul>${links(5)}</ul>
          </div>
          <div class="entry-utility">This entry was posted in the Lenses section and tagged with the name of the new lens as every entry about it here is tagged by us and by our readers</div>
        </div>`),
    )
    expect(markdown).to.contain("In addition to the first set of sample images")
  })

  it("keeps a sentence around the links to its sources, and cuts a line of links to follow the site", () => {
    const { markdown } = extractFromHtml(
      page(`
        <article>${prose("Story", 3)}
          <p><a href="/a">Douglas Burdett</a> points us to a fascinating story in the <em>Media Post</em>, <a href="/b">NBC News Kills The Demographic, Personifies Its Viewers Instead</a>, written by <a href="/c">Joe Mandese</a>.</p>
          ${prose("Story", 2, 4)}
          <p>Follow us on <a href="/i">Instagram</a>, <a href="/f">Facebook</a>, <a href="/t">Twitter</a> and <a href="/y">YouTube</a>.</p>
        </article>`),
    )
    expect(markdown).to.contain("points us to a fascinating story")
    expect(markdown).to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("Follow us")
  })

  it("cuts a teaser card of linked headings set inside the story, and keeps the story's own subheadings", () => {
    const card = (section: string, headline: string) => `
      <div class="bucketwrap internallink"><div class="bucket img"><a href="/2018/${headline.length}"><img src="/t.jpg" alt=""></a></div>
        <div class="bucketblock"><h3 class="slug"><a href="/sections/${section}/">${section}</a></h3>
        <h3><a href="/2018/${headline.length}/story">${headline}</a></h3></div></div>`
    const { markdown } = extractFromHtml(
      page(`
        <div class="storytext">${prose("Story", 3)}${card("National", "Funeral For Slain Dallas Man Draws Hundreds")}
          <h3>What the neighbours saw</h3>${prose("Story", 3, 4)}${card("Elections", "Surprisingly Close Senate Race Sparks Testy Debate")}
          ${prose("Story", 1, 7)}</div>`),
    )
    expect(markdown).to.contain("Story paragraph 7:").and.to.contain("What the neighbours saw")
    expect(markdown).not.to.contain("Funeral For Slain").and.not.to.contain("Testy Debate").and.not.to.contain("National")
  })
})

describe("a box floated beside the story", () => {
  it("cuts a floated box of links and promotions, and keeps a floated box of facts", () => {
    const { markdown } = extractFromHtml(
      page(`
        <div class="storytext">${prose("Story", 3)}
          <table align="left"><tr><td><div class="inset">
            <h3><a href="/blog/2008/01/16/entry.html">Newsflash: the new coach looks a lot like a famous television character</a></h3>
            Twenty-one minutes into the new coach's tenure as head coach, a reporter finally asked the question ...<br>
            <b><a href="/blog/">See more blog entries</a></b><br>
            <b>Team chat</b><br><a href="/chat.html">Submit your questions</a> for our reporter who covers the team.<br>
            <b>Latest news</b><br><a href="/team/">Check headlines,</a> photos, video and Web exclusives.<br>
          </div></td></tr></table>
          <table style="float: right; width: 200px"><tr><td><b>The season in numbers</b><br>
            The team lost fifteen of its sixteen games this season and scored the fewest points of any team in its division.</td></tr></table>
          ${prose("Story", 2, 4)}</div>`),
    )
    expect(markdown).to.contain("Story paragraph 5:").and.to.contain("The team lost fifteen of its sixteen games")
    expect(markdown).not.to.contain("Newsflash").and.not.to.contain("See more blog entries").and.not.to.contain("Submit your questions")
  })
})

describe("a quotation linked to its source", () => {
  it("keeps a blockquote whose text is one link to where it is quoted from, and cuts a blockquote of links", () => {
    const { markdown } = extractFromHtml(
      page(`
        <div class="postbody">
          <blockquote><p><a href="/report"><em>“Just because a car generates a lot of buzz or is a best seller doesn’t mean that it’s a good choice for you, but we suggest you steer clear…”</em></a></p></blockquote>
          ${prose("Post", 4)}
          <blockquote><p><a href="/a">Sample images from the first lens we tried.</a> <a href="/b">Sample images from the second lens we tried, in colour.</a></p></blockquote>
        </div>`),
    )
    expect(markdown).to.contain("Just because a car generates")
    expect(markdown).to.contain("Post paragraph 4:")
    expect(markdown).not.to.contain("second lens")
  })

  it("keeps the white space an empty inline element holds between two words", () => {
    // cleaneval-dev-17's shape: an <i> that holds only a line break parts a link's address from the next word
    const { markdown } = extractFromHtml(
      page(`
        <article>${prose("Guide", 3)}
          <p>A bit technical and scientific; useful for health professionals. Order online at the society's web site at
          <a href="http://www.example.org/bookstore/lym_pub.html">http://www.example.org/bookstore/lym_pub.html</a><i>
          </i>or call toll-free 888-227-5552.</p>
        </article>`),
    )
    expect(markdown).to.contain("lym_pub.html) or call toll-free")
  })
})

describe("a thread's posts", () => {
  const post = (name: string, count: number, text: string) => `
    <div class="post bg${count % 2}"><div class="inner">
      <dl class="postprofile"><dt><a href="/member/${name}" class="username">${name}</a></dt><dd class="profile-posts">Posts: ${count}</dd></dl>
      <div class="postbody"><p class="author">by ${name} » Sun Sep 01, 2019 8:0${count} pm</p><div class="content">${text}</div></div>
      <div class="post-buttons"><a href="/posting?mode=quote&amp;p=${count}" title="Reply with quote">Quote</a></div>
    </div></div>`
  const thread = () =>
    page(`<div id="page-body"><h2>Refinancing this year</h2>
      ${post("azlawyer", 722, "Went from a thirty year loan at four and a half percent to a fifteen year loan at three, with the lender paying most of the closing costs and the title company the rest.")}
      ${post("roadnottaken", 57, "Same here, with a credit union: they matched the best online quote and waived the appraisal, so the whole thing took three weeks from the first call.")}
      ${post("barefootjan", 399, "What is a lender credit, and how do you ask for one without raising the rate you are offered?")}
      ${post("holycow", 122, "A lender credit pays your closing costs in exchange for a slightly higher rate.")}
    </div>`)

  it("keeps each post's author name, repeated in the same place of every post, and cuts the button every post repeats", () => {
    const { markdown } = extractFromHtml(thread())
    for (const name of ["azlawyer", "roadnottaken", "barefootjan", "holycow"])
      expect(markdown).to.match(new RegExp(`^\\W*${name}\\W*$`, "m"))
    expect(markdown).to.contain("Posts: 399").and.to.contain("slightly higher rate")
    expect(markdown).not.to.contain("Quote")
  })
})
