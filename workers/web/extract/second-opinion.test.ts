import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { DEFAULT_TUNING } from "./article.ts"
import { asksReadability, mayReadData, ourReading, prefersReadability, proseShare, readsData } from "./second-opinion.ts"

const story = Array.from(
  { length: 6 },
  (_, i) => `Sentence ${i + 1} of the story, long enough to read as prose, with commas, names and a full stop at its end.<br><br>`,
).join("\n")

/** A blog theme's post in a box named as a widget (what we take for furniture), a footer of teasers beside it. */
const postInWidget = `<html><head><title>Wolves</title></head><body><div><div class="widget Blog"><div><div>${story}</div></div></div>
  <footer><ul><li><div>A couple of readers asked me for this recipe, so here it is, my way. First of...</div></li></ul>
  <form><p>Would you like to receive each new post by email? To subscribe, enter your email address:</p></form>
  <table><tr><td><span>Real people. Real makeovers. Real impact.</span></td></tr></table></footer></div></body></html>`

describe("the second opinion", () => {
  it("asks Readability when ours was read in furniture for want of better, and keeps its reading", () => {
    const read = extractFromHtml(postInWidget)
    expect(read.by).to.equal("readability")
    expect(read.markdown).to.contain("Sentence 1 of the story").and.to.contain("Sentence 6 of the story")
  })

  it("keeps ours over a longer reading with a thread when a <form> wraps the whole page (ASP.NET)", () => {
    // every WebForms page sits in one <form>: read as furniture, it put every reading "in furniture",
    // and Readability's, gathering the post with the readers' thread when no class names them, won
    const post = Array.from(
      { length: 3 },
      (_, i) => `<p>Post line ${i}: the author writes of the week, with commas, names and a full stop at its end.</p>`,
    ).join("")
    const thread = Array.from(
      { length: 30 },
      (_, i) =>
        `<h4><a href="#c${i}">#</a> re: The post <span>2004-12-27 12:${10 + i}</span> <a>reader${i}</a></h4><p>Thanks, reader ${i} says.</p>`,
    ).join("")
    const html = `<html><head><title>The post</title></head><body><form id="f1" method="post"><div id="x1"><h1>Blog</h1></div>
      <div id="x2"><div class="x3"><h2>The post</h2>${post}<p class="x4">posted at 12:40</p></div><div id="x5"><h3>Talk</h3>${thread}</div></div></form></body></html>`
    const read = extractFromHtml(html)
    expect(read.by).to.equal("ours")
    expect(read.markdown).to.contain("Post line 2:").and.not.to.contain("reader 3 says")
  })

  it("asks Readability when the page holds next to no prose to measure ours by (a table of contents)", () => {
    const toc = Array.from(
      { length: 40 },
      (_, i) => `<a href="/report/part-${i}">PART ${i} OF THE REPORT ON RURAL DEVELOPMENT</a><br>`,
    ).join("\n")
    const html = `<html><head><title>Report</title></head><body><div id="nav"><a href="/">Home</a> | <a href="/help">Help</a></div><div id="content"><p><strong>House Report 107-116: appropriations for agriculture, 2002</strong></p><hr><b>Table of Contents</b><br>${toc}</div></body></html>`
    const read = extractFromHtml(html)
    expect(read.by).to.equal("readability")
    expect(read.markdown).to.contain("PART 0 OF THE REPORT").and.to.contain("PART 39 OF THE REPORT")
  })

  it("returns nothing rather than a reading without a word, so that web_fetch says there is no text", () => {
    const html = `<html><body><table><tr><td><a href="/"><img src="/logo.png" alt=""></a></td><td>&nbsp;</td></tr><tr><td>&nbsp;</td><td>|</td></tr></table></body></html>`
    expect(extractFromHtml(html).markdown).to.equal("")
  })

  it("reads a page whose content is a table of short cells, not the one sentence beside it", () => {
    const names = [
      "Scott Alexander",
      "Pedro Baez",
      "Walker Buehler",
      "Tony Cingrani",
      "Caleb Ferguson",
      "Josh Fields",
      "Dylan Floro",
      "Yimi Garcia",
    ]
    const rows = Array.from({ length: 32 }, (_, i) => {
      const name = `${names[i % names.length]} ${i + 1}`
      return `<tr><td>${40 + i}</td><td><a href="/player/${i}">${name}</a></td><td>${i % 2 ? "L/L" : "R/R"}</td><td>6'${i % 6}"</td><td>${180 + i}lbs</td><td>${(i % 12) + 1}/${(i % 27) + 1}/9${i % 9}</td></tr>`
    }).join("")
    const nav = Array.from({ length: 12 }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`).join("")
    const sections = ["Pitchers", "Catchers", "Infielders"]
      .map(
        (h) =>
          `<section class="module"><h4>${h}</h4><table class="data"><thead><tr><th>#</th><th>Name</th><th>B/T</th><th>Ht</th><th>Wt</th><th>DOB</th></tr></thead><tbody>${rows}</tbody></table></section>`,
      )
      .join("")
    const html = `<html><head><title>Roster</title></head><body><header><ul>${nav}</ul></header>
      <div id="wrap"><div id="main"><h1>Team Roster &amp; Staff</h1>${sections}</div></div>
      <div class="bottom"><div class="inner"><p>© 2018 Example Media, LP. All rights reserved. Terms of use apply.</p></div></div></body></html>`
    const read = extractFromHtml(html)
    expect(read.markdown).to.contain("Scott Alexander 1").and.to.contain("Walker Buehler 27")
    expect(read.markdown).not.to.contain("All rights reserved")
  })

  describe("the page's data where ours is a stray line", () => {
    const stray = ourReading("A batter must have 3.1 plate appearances per team game to qualify.", {
      coverage: 1,
      pageProse: 60,
      pageText: 3000,
      inFurniture: false,
    })
    const cells = Array.from({ length: 60 }, (_, i) => `Player ${i}\nHOU\n${i}\n.${300 + i}`).join("\n")

    it("asks Readability when ours is short beside a long page", () => {
      expect(mayReadData(stray)).to.equal(true)
      expect(mayReadData({ ...stray, pageText: 200 })).to.equal(false)
    })

    it("keeps a much longer reading of rows and items", () => {
      expect(readsData(stray, cells)).to.equal(true)
    })

    it("refuses a longer reading of prose: another part of the page", () => {
      const thread = Array.from(
        { length: 12 },
        (_, i) => `Reader ${i} wrote that the lens looks sharp and that they would like to see a comparison with the older one.`,
      ).join("\n\n")
      expect(readsData(stray, thread)).to.equal(false)
    })

    it("refuses rows where ours is a short article under its heading: the page's archive and teaser lists", () => {
      const post = ourReading("### Little gifts for friends\n\nDear all, you are invited to the book event on Saturday at eleven.", stray)
      const archive = Array.from({ length: 60 }, (_, i) => `October (${i})\nKorra Fan Art ${i}\nCreative Links`).join("\n")
      expect(readsData(ourReading(post.markdown.replace("### ", ""), stray), archive)).to.equal(true)
      expect(readsData(post, archive)).to.equal(false)
    })

    it("refuses rows where ours is a short post of two sentences or more: a thread of one-line comments", () => {
      const thread = Array.from({ length: 40 }, (_, i) => `Reader ${i}\nSeptember 27, 2012 | Permalink\nLove this dress!`).join("\n")
      const post =
        "Leave it to the house to find the cutest actress for its new dress. The fabric is unusual and different from the rest of the collection."
      expect(readsData(ourReading("© 2018 Example Media, LP. All rights reserved.", stray), thread)).to.equal(true)
      expect(readsData(ourReading(post, stray), thread)).to.equal(false)
    })

    it("refuses rows that are not many times longer than ours", () => {
      expect(readsData(stray, cells.slice(0, 200))).to.equal(false)
    })

    it("measures prose by lines that end as sentences end, in any script", () => {
      expect(proseShare("Name\nTeam\n42")).to.equal(0)
      expect(
        proseShare("这是一个很长的句子，讲述了市议会周一投票决定让旧图书馆再开放一年，经过了长时间的辩论和讨论之后大家终于同意。"),
      ).to.equal(1)
      expect(proseShare("Eric Guggenheim ... executive producer (unknown episodes) (4 episodes, 2018)")).to.equal(0)
      expect(proseShare('He said the council "would keep the library open for another year, whatever it costs."')).to.equal(1)
    })
  })

  describe("the choice between the two readings", () => {
    const lead = "The council voted on Monday to keep the old library open for another year, after a long debate."
    const rest = " The mayor said the building would be repaired in the spring, and the librarians would stay on."
    const ours = ourReading(lead, { coverage: 0.3, pageProse: 2000, pageText: 4000, inFurniture: false })

    it("asks Readability only when ours holds little of the page's prose", () => {
      expect(asksReadability(ours, DEFAULT_TUNING)).to.equal(true)
      expect(asksReadability({ ...ours, coverage: 0.9 }, DEFAULT_TUNING)).to.equal(false)
    })

    it("keeps a much longer reading that holds ours: more of the same article", () => {
      expect(prefersReadability(ours, `${lead}${rest}${rest}`, DEFAULT_TUNING)).to.equal(true)
    })

    it("refuses a much longer reading of another part of the page, however long", () => {
      const sidebar = "Most read: ten things to do this weekend, the best pizza in town, and a quiz on the week's news. ".repeat(3)
      expect(prefersReadability(ours, sidebar, DEFAULT_TUNING)).to.equal(false)
      // ours read in furniture for want of better is no reading to hold on to
      expect(prefersReadability({ ...ours, inFurniture: true }, sidebar, DEFAULT_TUNING)).to.equal(true)
    })

    it("refuses a longer reading that holds ours when what it adds is rows and short lines, not prose", () => {
      const results = ["Date Time Home Score Away", "05.04 18:00 Riverside 1 : 3 Hillview", "05.04 20:45 Lakeside 4 : 2 Seaport"]
      const thread = ["Comments", "gardener42 5 January 2012 01:08", "Well said.", "Add a comment", "Your name"]
      const withRows = [lead, ...results, ...results, ...thread].join("\n\n")
      expect(prefersReadability(ours, withRows, DEFAULT_TUNING)).to.equal(false)
      // the same addition in sentences of prose is more of the article
      expect(prefersReadability(ours, [lead, rest.trim(), rest.trim()].join("\n\n"), DEFAULT_TUNING)).to.equal(true)
      // ours without a word, or read where the page has next to no prose, is no reading to hold on to
      expect(prefersReadability(ourReading("![](a.png)", { ...ours, pageProse: 2000 }), withRows, DEFAULT_TUNING)).to.equal(true)
      expect(prefersReadability({ ...ours, pageProse: 100 }, withRows, DEFAULT_TUNING)).to.equal(true)
    })

    it("refuses a reading that is not much longer", () => {
      expect(prefersReadability(ours, `${lead} And more.`, DEFAULT_TUNING)).to.equal(false)
    })
  })
})
