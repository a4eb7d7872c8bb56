import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>Personas</title></head><body>${body}</body></html>`

/** For each class name, the page `html(cls)` keeps the story's paragraphs 1 and 4 and loses `cut`. */
const expectCutFor = (classes: string[], html: (cls: string) => string, cut: string) => {
  for (const cls of classes) {
    const { markdown } = extractFromHtml(html(cls))
    expect(markdown, cls).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 4:")
    expect(markdown, cls).not.to.contain(cut)
  }
}

describe("furniture names", () => {
  it("does not read a post's category and tag names as furniture", () => {
    // blog engines name the post's element after its categories ("advertising", "social media") and tags
    const { markdown } = extractFromHtml(
      page(`<div id="alpha"><h2 class="date-header">October 10, 2012</h2>
        <div class="entry-category-advertising entry-category-social_media tag-sharing entry" id="entry-1">
          <h3>NBC scraps demographics</h3><div class="entry-body">${prose("Post", 5)}</div></div>
        <div class="comments">${prose("Comment", 12)}</div></div>`),
    )
    expect(markdown).to.contain("Post paragraph 1:").and.to.contain("Post paragraph 5:")
    expect(markdown).not.to.contain("Comment paragraph")
  })

  it("does not read Word's paragraph styles as furniture", () => {
    // a document saved from Word names each paragraph after its style: the comment and footer styles are text
    const styled = (style: string, i: number) =>
      `<p class="${style}">Closing paragraph ${i}: a long sentence, with commas and a full stop, that ends the release as written.</p>`
    const { markdown } = extractFromHtml(
      page(`<div class="body">${prose("Release", 5)}${styled("MsoCommentText", 1)}${styled("MsoFooter", 2)}</div>`),
    )
    expect(markdown).to.contain("Release paragraph 5:")
    expect(markdown).to.contain("Closing paragraph 1:").and.to.contain("Closing paragraph 2:")
  })

  it("does not read a name that hides on small screens only as furniture", () => {
    // a forum names its "by <name> » date" line so: a desktop reader sees it over every post
    const post = (n: number, cls: string) => `<div class="post"><div class="postbody">
      <p class="author"><span class="${cls}">by <strong><a href="/member/${n}">member${n}</a></strong> » </span>Mon Sep 02, 2019 9:2${n} am</p>
      <div class="content">${prose(`Post ${n}`, 2)}</div></div></div>`
    for (const cls of ["responsive-hide", "mobile-hidden", "hide-on-phone"]) {
      const { markdown } = extractFromHtml(page(`<div id="thread">${[1, 2, 3, 4].map((n) => post(n, cls)).join("")}</div>`))
      expect(markdown, cls).to.contain("by **member2** »").and.to.contain("Post 4 paragraph 2:")
    }
    const { markdown } = extractFromHtml(page(`<div id="thread">${[1, 2, 3, 4].map((n) => post(n, "hide")).join("")}</div>`))
    expect(markdown).not.to.contain("member2")
  })

  it("reads a box the page keeps out of print as furniture", () => {
    // print style sheets hide what is not the text (a site's disclaimer, its logo box): `noprint`
    const { markdown } = extractFromHtml(
      page(
        `<table><tr><td>${prose("Guide", 4)}<table class="noprint"><tr><td>Copyright Guides</td>` +
          `<td>The information contained in this website is not meant to substitute qualified advice given by a specialist, ` +
          `and we accept no responsibility for the consequences of decisions made following it. We are not a bank, and the ` +
          `rates listed on this website are given for information only and may not be up to date.</td></tr></table></td></tr></table>`,
      ),
    )
    expect(markdown).to.contain("Guide paragraph 4:")
    expect(markdown).not.to.contain("The information contained")
  })

  it("still reads a list of tags as furniture", () => {
    const { markdown } = extractFromHtml(
      page(
        `<div class="post">${prose("Post", 4)}<div class="tag-list"><p>Filed under a long line of tags, with commas, words and a full stop at its end, as tag lines go.</p></div></div>`,
      ),
    )
    expect(markdown).to.contain("Post paragraph 4:")
    expect(markdown).not.to.contain("Filed under")
  })

  it("reads a blog engine's trackbacks and pingbacks as furniture", () => {
    // the section lists other blogs that linked to the post; its lines read as prose
    const section = (cls: string) =>
      page(
        `<div class="post"><div class="entry">${prose("Post", 2)}</div><div class="${cls}"><p>Listed below are links to weblogs that reference this post, with their own short sentences.</p><p>A reader's weblog wrote about this post on Monday, and quoted it at length in a reply.</p></div></div>`,
      )
    for (const cls of ["trackbacks", "post pingback"]) {
      const { markdown } = extractFromHtml(section(cls))
      expect(markdown, cls).to.contain("Post paragraph 2:")
      expect(markdown, cls).not.to.contain("Listed below").and.not.to.contain("weblog wrote")
    }
  })

  it("reads an author's bio after the story as furniture (class bio, extendedBio)", () => {
    const bio = (cls: string) =>
      page(
        `<div class="content">${prose("Story", 4)}<div id="profile"><div class="${cls}"><p>Jane Doe is a senior editor, where she writes about culture, politics, and social issues for the magazine.</p></div></div></div>`,
      )
    expectCutFor(["bio", "extendedBio"], bio, "senior editor")
  })

  it("reads a box about the writer after the story as furniture (author-box, authorCard, author-info)", () => {
    // a photo, the writer's name and a biography under the story, under no "About the author" heading
    const box = (cls: string) =>
      page(
        `<div class="content">${prose("Story", 4)}<div class="${cls}"><img src="/jd.jpg" alt=""><p><a href="/jd">Jane Doe</a></p>` +
          `<p>Jane Doe leads the politics desk, where she writes about elections, parliament and the parties for the magazine.</p></div></div>`,
      )
    expectCutFor(["row author-box", "authorCard", "author-info"], box, "politics desk")
  })

  it("reads a furniture name built on article or content as furniture, and a body's name as the body", () => {
    // readers' comments under a name that also says "article" or "content", after the story's box
    const thread = (cls: string) =>
      page(
        `<div id="main"><div class="story-text">${prose("Story", 4)}</div><div class="${cls}">` +
          `<p>I find anything the butler says hard to believe, and I do not think she ever told him so much about the ring.</p>` +
          `<p>Most people would agree that when a man offers a ring he offers the question as well, so nobody had to guess.</p></div></div>`,
      )
    expectCutFor(["comment-article", "article-comments", "comment-content", "related-content"], thread, "the butler says")
    const { markdown } = extractFromHtml(
      page(`<div class="related-links">${prose("Story", 3)}<div class="article-body">${prose("Body", 4)}</div></div>`),
    )
    expect(markdown).to.contain("Body paragraph 1:").and.to.contain("Body paragraph 4:")
  })

  it("reads an affiliate or advertising disclosure in the story as furniture (disclosure, affiliate, disclaimer)", () => {
    // the site's note that it earns from the links, set as a paragraph of the story's own container
    const note = (cls: string) =>
      page(
        `<div class="content"><p class="${cls}">We recommend the best products through an independent review process, and ` +
          `advertisers do not influence our picks. We may receive compensation if you visit partners we recommend.</p>${prose("Story", 4)}</div>`,
      )
    expectCutFor(["text-block product-disclosure", "affiliate-info-text", "aawp-disclaimer"], note, "We recommend the best products")
  })

  it("reads an <aside> as furniture though its prose outweighs the story and no class name says so", () => {
    // class names hashed by a CSS-in-JS build: nothing but the tags tells the sidebar from the story
    const { markdown } = extractFromHtml(
      page(`<div class="x1a"><div class="x2b"><div class="x3c">${prose("Story", 3)}</div>
        <aside class="x4d">${prose("Column", 5)}</aside></div></div>`),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 3:")
    expect(markdown).not.to.contain("Column paragraph")
  })

  it("reads a box named copyright after the story as furniture, however much prose it holds", () => {
    // a site's legal paragraph under every page: trademarks, terms and the rights reserved, in sentences
    const { markdown } = extractFromHtml(
      page(`<div id="page"><div class="main"><div>${prose("Story", 5)}</div></div><div id="copyright">${prose("Legal", 3)}</div></div>`),
    )
    expect(markdown).to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("Legal paragraph")
  })

  it("reads a right or side column as furniture, not a left column that holds the story", () => {
    for (const side of ["CommonRightColumn", "right-col", "sidecol"]) {
      const { markdown } = extractFromHtml(
        page(
          `<div id="content"><div id="CommonLeftColumn">${prose("Story", 5)}</div>` +
            `<div id="${side}"><div class="box"><p>Movie search: enter a title, or a town, to find a film near you.</p><p>Lottery results, drawn on Saturday, are in.</p></div></div></div>`,
        ),
      )
      expect(markdown, side).to.contain("Story paragraph 5:")
      expect(markdown, side).not.to.contain("Lottery results")
    }
  })

  it("does not read a bright colour as a right column", () => {
    const { markdown } = extractFromHtml(
      page(`<div class="content">${prose("Story", 4)}<div class="bright-color">${prose("Tail", 2)}</div></div>`),
    )
    expect(markdown).to.contain("Tail paragraph 2:")
  })

  it("reads a story named for its genre, commentary, as the story and still cuts its comments", () => {
    // "commentary" names an opinion piece, as German "Kommentar" does; "commentaires" (fr) are comments
    for (const comments of ["comments", "commentaires", "comment-list"]) {
      const { markdown } = extractFromHtml(
        page(
          `<div class="page"><div class="column opinion commentary"><h1>Coal and the climate</h1>` +
            `<div class="part commentary">${prose("Story", 3)}</div><div class="part commentary">${prose("Story part two", 3)}</div></div>` +
            `<div class="${comments}">${prose("Comment", 2)}</div>` +
            `<div class="form"><p>Please register and keep to our rules before you write a comment.</p></div></div>`,
        ),
      )
      expect(markdown, comments).to.contain("Story paragraph 1:").and.to.contain("Story part two paragraph 3:")
      expect(markdown, comments).not.to.contain("Comment paragraph")
    }
  })

  it("reads names joined by underscores as names, except in a heading's anchor", () => {
    const ad = (site: string) =>
      `<a href="http://www.${site}.example" style="font-weight:bold">${site}</a> : A daily magazine for women, men, the family and much more besides, online. <a href="http://www.${site}.example">www.${site}.example</a><br><br>`
    const { markdown } = extractFromHtml(
      page(`<div id="article_holder"><h1>Personas</h1>${prose("Story", 2)}<h3 id="nav_the_second_part__0">The second part</h3>${prose("Story", 5, 3)}
        <div id="box_text_ads"><div style="padding:8px">${["ourlife", "greenmedia", "jetway", "syros"].map(ad).join("")}</div></div></div>`),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("The second part").and.to.contain("Story paragraph 7:")
    expect(markdown).not.to.contain("daily magazine")
  })

  it("cuts a copy of the story for printing, though it holds half the page's prose", () => {
    const { markdown } = extractFromHtml(
      page(`<div id="left-column"><h1>Personas</h1><div class="art-content">${prose("Story", 4)}</div>
        <div id="print-layer" class="disabled"><h2>Personas</h2><div class="div-content">${prose("Story", 4)}</div></div></div>`),
    )
    expect(markdown).to.contain("Story paragraph 4:")
    expect(markdown.split("Story paragraph 1:").length - 1).to.equal(1)
  })

  it("reads a page builder's widgets by their kind, not as widgets", () => {
    const widget = (kind: string, inner: string) =>
      `<div class="elementor-element elementor-widget elementor-widget-${kind}"><div class="elementor-widget-container">${inner}</div></div>`
    const { markdown } = extractFromHtml(
      page(`<div id="notice"><p>This website is offline; you are reading a snapshot from the archive.</p></div>
        <main><div class="elementor-column elementor-col-66"><div class="elementor-widget-wrap">
          ${widget("heading", "<h1>Personas</h1>")}${widget("theme-post-content", prose("Story", 5))}</div></div>
        <div class="elementor-column elementor-col-33"><div class="elementor-widget-wrap">
          ${widget("nav-menu", `<ul>${["Home", "News", "About"].map((w) => `<li><a href="/${w}">${w}</a></li>`).join("")}</ul>`)}
          ${widget("sidebar", prose("Sidebar", 1))}</div></div></main>`),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("Sidebar paragraph").and.not.to.contain("About")
  })

  it("does not read the names a page's scripts find elements by as furniture", () => {
    const { markdown } = extractFromHtml(
      page(`<div class="o-cms-content__body"><h1>Personas</h1>${prose("Story", 3)}
        <div class="o-media o-media--left js-lightbox-gallery"><div class="o-media__img"><img src="/a.jpg" width="400"></div>
        <div class="o-media__body">${prose("Story", 3, 4)}</div></div>${prose("Story", 2, 7)}</div>`),
    )
    expect(markdown).to.contain("Story paragraph 4:").and.to.contain("Story paragraph 6:").and.to.contain("Story paragraph 8:")
  })

  it("keeps the named words that open a paragraph's sentence, not a hidden label or a photo's credit", () => {
    const { markdown } = extractFromHtml(
      page(`<div class="entry"><h1>Personas</h1><p><span class="dateline">KOBE – </span>A total of 6,000 surgical masks have been lost at a hospital in Kobe, it was learned Tuesday.</p>
        ${prose("Story", 3)}<p><span class="sr-only">Advertisement: </span>The hospital said it had enough masks for its own staff, an official told the reporters on Tuesday.</p>
        <p><span class="photo-credit">© stock.example.com/maryia </span>The thin branches are of no use to the road authority, so an inventor found a way to burn them.</p>${prose("Story", 2, 4)}</div>`),
    )
    expect(markdown).to.contain("KOBE – A total of 6,000").and.to.contain("Story paragraph 5:")
    expect(markdown).to.contain("enough masks").and.not.to.contain("Advertisement:")
    expect(markdown).to.contain("The thin branches").and.not.to.contain("stock.example.com")
  })
})
