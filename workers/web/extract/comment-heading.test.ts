import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

/** comments in a bare theme: no class or id says what they are, and none is signed with a date */
const comments = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `<div><p>Reader ${i} wrote a long reply, full of opinions, commas and sentences that go on.</p></div>`,
  ).join("")

const page = (main: string) =>
  `<!doctype html><html><head><title>The story</title></head><body><div class="a1"><div class="a2">${main}</div></div></body></html>`

describe("a comment section announced by its heading", () => {
  for (const heading of [
    "3 Comments",
    "One Response to “The story”",
    "Leave a Reply",
    "Kommentare (3)",
    "网友评论",
    "What do you think?",
    "What you think...",
    "Article Comments",
    "Readers’ comments (2)",
    "Top Comments",
    "Wybrane komentarze",
    "Wasze komentarze",
    "Лучшие комментарии",
    "Comments on this story",
    "我来说两句",
    "網友評論：",
    "查看全部评论",
    "12条评论",
    "5位网友发表了评论",
    "《The story》已有1件评论",
  ])
    it(`cuts the heading "${heading}" after the article, and what follows it`, () => {
      const { markdown } = extractFromHtml(
        page(
          `${prose("Article", 5)}<div class="b1"><h3>${heading}</h3>${comments(3)}<p>Your email address will not be published.</p></div>`,
        ),
      )
      expect(markdown).to.contain("Article paragraph 5:")
      expect(markdown).not.to.contain("Reader 0").and.not.to.contain(heading).and.not.to.contain("email address")
    })

  it("cuts a section named as comments that outweighs the article before it", () => {
    // 40 replies: over four fifths of the page's prose, after an article of 650 characters
    const replies = Array.from(
      { length: 40 },
      (_, i) =>
        `<h4>re: The story <span>2004-12-27 1${i % 10}:${10 + i}</span></h4><p>Reader ${i} wrote a long reply, full of opinions, commas and sentences that go on and on.</p>`,
    ).join("")
    const { markdown } = extractFromHtml(
      page(`<div class="post">${prose("Article", 5)}</div><div id="comments"><h3>Talk</h3>${replies}</div>`),
    )
    expect(markdown).to.contain("Article paragraph 5:")
    expect(markdown).not.to.contain("Reader 0").and.not.to.contain("Reader 39")
  })

  it("keeps a thread under such a heading when no article comes before it (a forum page)", () => {
    const { markdown } = extractFromHtml(page(`<h3>Comments</h3>${comments(6)}`))
    expect(markdown).to.contain("Reader 0").and.to.contain("Reader 5")
  })

  it('cuts the noun alone as a heading element ("<h3>评论</h3>"), and what follows it', () => {
    const { markdown } = extractFromHtml(page(`${prose("Article", 5)}<div class="b1"><h3>评论</h3>${comments(3)}</div>`))
    expect(markdown).to.contain("Article paragraph 5:")
    expect(markdown).not.to.contain("Reader 0").and.not.to.contain("评论")
  })

  it("keeps what follows the noun alone as a line of its own (a channel's name, an opinion column's label)", () => {
    const { markdown } = extractFromHtml(page(`${prose("Article", 5)}<p>評論</p>${prose("Column", 3)}`))
    expect(markdown).to.contain("Column paragraph 3:")
  })

  it("keeps the rest of the article after a subheading that only begins like one", () => {
    const { markdown } = extractFromHtml(page(`${prose("Article", 3)}<h3>Responses to the proposal</h3>${prose("Article", 2, 4)}`))
    expect(markdown).to.contain("Article paragraph 5:")
  })
})

describe("a comment section that starts at its jump target", () => {
  // as an older template sets them: each comment a bare header and body, siblings of the story
  const flat = Array.from(
    { length: 3 },
    (_, i) =>
      `<div class="b_box">Posted by: Reader ${i}, Glasgow</div><div class="entry">Reader ${i} wrote a long reply, full of opinions, commas and sentences that go on.</div>`,
  ).join("")

  it("cuts an empty anchor named for comments after the article, and what follows it", () => {
    const { markdown } = extractFromHtml(
      page(`${prose("Article", 5)}<div><a href="#comments">Add Comment</a></div><a name="comments"></a>${flat}`),
    )
    expect(markdown).to.contain("Article paragraph 5:")
    expect(markdown).not.to.contain("Reader 0").and.not.to.contain("Reader 2")
  })

  it("keeps the article after such an anchor at its top (a jump link's target above the story)", () => {
    const { markdown } = extractFromHtml(page(`<a id="comment-count"></a>${prose("Article", 5)}`))
    expect(markdown).to.contain("Article paragraph 1:").and.to.contain("Article paragraph 5:")
  })

  it("cuts a link that is its own target when it says so, though the thread outweighs the article", () => {
    // twelve replies, more prose than the article: our reading cut them, and Readability, asked when
    // coverage is low, read the story with them
    const thread = Array.from(
      { length: 12 },
      (_, i) =>
        `<p><b>Reader ${i}</b><br>Reader ${i} wrote a long reply, full of opinions, commas and sentences that go on and on.</p><hr>`,
    ).join("")
    const { markdown } = extractFromHtml(
      page(`${prose("Article", 5)}<p><a name="commentSection" href="/comments?story=12">Please Add Comments</a></p>${thread}`),
    )
    expect(markdown).to.contain("Article paragraph 3:")
    expect(markdown).not.to.contain("Reader 0").and.not.to.contain("Reader 11")
  })

  it("keeps what follows a link named for comments that says something else", () => {
    const { markdown } = extractFromHtml(page(`${prose("Article", 5)}<p><a name="comments" href="/gallery">Gallery</a></p>${flat}`))
    expect(markdown).to.contain("Reader 0").and.to.contain("Reader 2")
  })

  it("keeps the replies after an anchor named otherwise (a forum's last reply)", () => {
    const { markdown } = extractFromHtml(page(`${prose("Article", 5)}<a name="last_reply"></a>${flat}`))
    expect(markdown).to.contain("Reader 0").and.to.contain("Reader 2")
  })
})

describe("a comment form's prompt after the story", () => {
  for (const prompt of [
    `<p><a href="/registers/">Зарегистрируйтесь</a> или войдите, чтобы оставить комментарий (сейчас комментариев: 0)</p>`,
    `<div>To join the discussion, register by <a href="/register">clicking here</a></div>`,
    `<p>By adding a comment on the site, you accept our terms and conditions and our netiquette rules.</p>`,
    `<span style="font-size: 11px">*Submitted comments are subject to moderation before being displayed.</span><hr>`,
  ])
    it(`cuts ${prompt.slice(0, 40)}…, and what follows it`, () => {
      const { markdown } = extractFromHtml(page(`${prose("Article", 5)}${prompt}<p><a href="/rules">Rules</a></p>`))
      expect(markdown).to.contain("Article paragraph 5:")
      expect(markdown).not.to.match(/оставить комментарий|join the discussion|netiquette|moderation|Rules/)
    })

  it("keeps the reader's call to comment that names no log-in", () => {
    const { markdown } = extractFromHtml(page(`${prose("Article", 5)}<p>What would you do? Tell us in the comments below.</p>`))
    expect(markdown).to.contain("Tell us in the comments below.")
  })

  it("keeps a paragraph of a story about comments and registration in the middle of the story", () => {
    const line = "<p>The forum now asks readers to register before they comment, the editor said.</p>"
    const { markdown } = extractFromHtml(page(`${prose("Article", 2)}${line}${prose("Article", 6, 3)}`))
    expect(markdown).to.contain("asks readers to register before they comment")
  })
})

describe("a comment section whose heading box pruning takes out", () => {
  // the heading shares its box with a "see all" line and no prose, so pruning cuts the box and left the comments bare
  const box = (heading: string) =>
    `<div class="c1"><div class="c2"><div class="c3"><h3>${heading}</h3></div><div class="c4">see all &gt;&gt;</div></div>` +
    `<div class="c5"><dl>${Array.from(
      { length: 2 },
      (_, i) =>
        `<dt><b>reader${i}</b> 22.12.2011, 11:2${i}</dt><dd><p>Reader ${i} wrote a long reply, full of opinions, commas and sentences that go on.</p></dd>`,
    ).join("")}</dl></div></div>`

  it("cuts the heading and the comments after the story", () => {
    const { markdown } = extractFromHtml(page(`${prose("Article", 5)}${box("Comments")}`))
    expect(markdown).to.contain("Article paragraph 5:")
    expect(markdown).not.to.contain("Reader 0").and.not.to.contain("Reader 1")
  })

  it("cuts the box alone when the story goes on after it", () => {
    // the story's later paragraphs in words of their own, not `prose`'s repeated sentence (read as a copy)
    const later = [
      "The council met again on Tuesday evening, and the vote on the new bridge was put off until spring.",
      "Residents who live near the river said they had waited for years, and several of them spoke at length.",
      "Engineers told the meeting that the old crossing could stay open, with repairs, for another decade.",
      "A second hearing is planned for March, when the final costs of both designs should be known to all.",
      "Until then, buses will keep running on the detour, which adds some twenty minutes to each journey.",
    ]
      .map((line) => `<p>${line}</p>`)
      .join("")
    const { markdown } = extractFromHtml(page(`${prose("Article", 5)}${box("Comments")}${later}`))
    expect(markdown).to.contain("Article paragraph 5:").and.to.contain("adds some twenty minutes")
    expect(markdown).not.to.contain("Reader 0")
  })

  it("cuts what follows the comments up to the form to add one, its rules being no more of the story", () => {
    const rules = Array.from(
      { length: 6 },
      (_, i) => `<p>Rule ${i}: comments that insult other readers, or break the law, will be removed by the moderators without notice.</p>`,
    ).join("")
    const form = `<div class="f1"><div class="f2"><h2>Leave a comment</h2><div class="f3">Name</div></div>${rules}</div>`
    const { markdown } = extractFromHtml(page(`${prose("Article", 5)}${box("Comments")}${form}`))
    expect(markdown).to.contain("Article paragraph 5:")
    expect(markdown).not.to.contain("Reader 0").and.not.to.contain("Rule 0")
  })

  it("cuts a copy of the story after the comments with them", () => {
    const story = prose("Article", 5)
    const { markdown } = extractFromHtml(page(`${story}${box("Comments")}<div class="c6">${story}</div>`))
    expect(markdown.match(/Article paragraph 5:/g)?.length).to.equal(1)
    expect(markdown).not.to.contain("Reader 0")
  })

  it("keeps the story when a link in its toolbar says to add a comment", () => {
    const toolbar = `<div class="t1"><a href="#c">Add a comment</a></div>`
    const { markdown } = extractFromHtml(page(`${prose("Article", 4)}${toolbar}${prose("Article", 4, 5)}`))
    expect(markdown).to.contain("Article paragraph 8:")
  })
})
