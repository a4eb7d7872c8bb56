import { expect } from "chai"
import { fitToLength } from "../content-length.ts"
import { readFailureError, STOP_NOTE_START, stopNote } from "../../../schemas/page-content-words.ts"
import { toWire } from "../../../schemas/errors.ts"
import { AUDIT_ATTRIBUTE, readPage, type ReadOutcome } from "./walker.ts"
import { beforeTrackingTail } from "./walker-tracking.ts"
import { prefixUrls } from "./walker-url-prefixes.ts"
import { isStableClass, isStableId, resolveSelector, SelectorMaker } from "./walker-selectors.ts"
import { LANDMARK_LINE, readsScope, scopedSelectors, urlExpander } from "../../../test/support/page-annotations.ts"
import { impliedRepeats } from "./walker-writer.ts"
import { isRendered, styleOf } from "./walker-visibility.ts"

const read = async (options: Parameters<typeof readPage>[1] = {}) => {
  const outcome = await readPage(document, options)
  if (!outcome.ok) throw new Error(`readPage failed: ${JSON.stringify(outcome)}`)
  return outcome
}

const failure = (outcome: ReadOutcome) => {
  if (outcome.ok) throw new Error(`expected a failure, got content:\n${outcome.content}`)
  return outcome
}

/** The selector an annotation stands for, as docs/page-content.md tells the model: `{selector}`, or `(url)` of a link → `a[href="url"]` (`(start…)` → `a[href^="start"]`). */
const selectorOfWritten = (written: string, expand: (url: string) => string = (url) => url) => {
  if (written.startsWith("{")) return written.slice(1, -1)
  const url = expand(written.slice(1, -1)).replace(/["\\]/g, "\\$&")
  return url.endsWith("…") ? `a[href^="${url.slice(0, -1)}"]` : `a[href="${url}"]`
}

/**
 * The annotations of a content, in order, read as the model is told to: an unescaped `{` opens
 * one, which ends at the first unescaped `}`; a link `[text](url)` with no `{` right after it is
 * one too, written `(url)`; and a `[label]` with neither (not an image's `![alt]`), `{^}` implied.
 */
const annotationsOf = (whole: string): string[] => {
  // Fenced code blocks are copied literally and hold no annotation.
  const content = whole.replace(/^(`{3,})\n[\s\S]*?\n\1$/gm, "")
  const found: string[] = []
  for (let i = 0, open = -1, label = -1; i < content.length; i++) {
    const c = content[i]
    if (c === "\\") i++
    else if (c === "{" && open < 0) open = i
    else if (c === "}" && open >= 0) {
      found.push(content.slice(open, i + 1))
      open = -1
    } else if (c === "[" && open < 0) label = i
    else if (c === "]" && open < 0 && content[i + 1] === "(") {
      const end = content.indexOf(")", i)
      if (end > 0 && content[end + 1] !== "{") found.push(content.slice(i + 1, end + 1))
      if (end > 0) i = end
    } else if (c === "]" && open < 0 && content[i + 1] !== "{" && content[label - 1] !== "!") found.push("{^}")
  }
  return found
}

/** Every annotated element: its selector, as the content writes it, must select exactly it (checked here, apart from the walker). */
const expectSelectorsExact = (outcome: Awaited<ReturnType<typeof read>>) => {
  const scoped = scopedSelectors(outcome.content)
  const expand = urlExpander(outcome.content)
  expect(outcome.audit?.length ?? 0, "audit pairs").to.be.above(0)
  // As sets of texts: an iframe's line is put in front of its content once the content is read.
  expect(annotationsOf(outcome.content).sort(), "the annotations in the content").to.deep.equal(outcome.audit!.map((p) => p.written).sort())
  // The n-th `{^…}` of the audit is the n-th of the content.
  for (const { written, mark } of outcome.audit!) {
    const selector = readsScope(written) ? (scoped.shift() ?? "") : selectorOfWritten(written, expand)
    const resolved = resolveSelector(document, selector)
    expect(resolved.ok && resolved.count, `${selector} matches`).to.equal(1)
    expect(resolved.ok && resolved.element?.getAttribute(AUDIT_ATTRIBUTE), `${selector} selects its own element`).to.equal(mark)
  }
}

/** The content without its prefix line, each link's URL put together from the prefixes: `(~2)` is `(/tag/1)` again. */
const withUrlsWhole = (content: string): string => {
  const expand = urlExpander(content)
  return content.replace(/^URL prefixes: .*\n/, "").replace(/\]\((~\d+[^()\s]*)\)/g, (_, url: string) => `](${expand(url)})`)
}

const page = (html: string) => {
  document.body.innerHTML = html
}

describe("page walker: format", () => {
  it("writes headings, landmarks, lists, tables and code as Markdown with selectors", async () => {
    page(`
      <nav aria-label="Primary"><a href="/">Home</a> <a href="/docs">Docs</a></nav>
      <main id="content">
        <h1>Welcome</h1>
        <p>Read the <a href="/guide">guide</a> first.</p>
        <ul><li>One</li><li>Two<ol><li>Nested</li></ol></li></ul>
        <table><tr><th>Name</th><th>Size</th></tr><tr><td>a|b</td><td>2</td></tr></table>
        <pre>let x = 1
  y()</pre>
        <blockquote>Said <code>it</code></blockquote>
        <img alt="A cat" src="data:,">
      </main>`)
    const { content, usedSelector } = await read()
    expect(usedSelector).to.equal("body")
    expect(content).to.equal(
      [
        '[nav]{nav[aria-label="Primary"]}',
        "[Home](/) [Docs](/docs)",
        "[main]{#content}",
        "# Welcome {h1}",
        "Read the [guide](/guide) first.",
        "- One",
        "- Two",
        "  1. Nested",
        "|Name|Size|",
        "|-|-|",
        "|a\\|b|2|",
        "```",
        "let x = 1",
        "  y()",
        "```",
        "> Said `it`",
        "![A cat]",
      ].join("\n"),
    )
  })

  it("shows a link's href beside it when the selector does not spell it", async () => {
    page(`<p><a href="/a">first</a> <a href="/a">second</a></p><p><a href="/a" id="t">third</a></p>`)
    const { content } = await read()
    expect(content).to.include("[third](/a){#t}")
    expect(content).to.match(/\[first\]\(\/a\)\{[^}]+\}/)
  })

  it("writes a link repeated in two landmarks [text](url){^}: selected by the last landmark line's selector and its href", async () => {
    page(`<nav aria-label="Primary"><a href="/a">A</a> <a href="/b">B</a> <a href="/only">Only</a></nav>
      <main><p>text</p><a href="/a">A again, outside any landmark line</a></main>
      <footer><ul><li><a href="/b">B</a></li></ul><nav><a href="/b">B in a nested nav</a></nav><a href="/b">B after the nested nav</a></footer>`)
    const outcome = await read({ audit: true })
    const lines = outcome.content.split("\n")
    expect(lines.slice(0, 2), outcome.content).to.deep.equal(['[nav]{nav[aria-label="Primary"]}', "[A](/a){^} [B](/b){^} [Only](/only)"])
    // Under [main]{main}, /a is unique in main.
    expect(outcome.content).to.include("[A again, outside any landmark line](/a){^}")
    // The footer holds /b twice: its list item is not unique there; the nested nav's line is the last above it and its link is unique there.
    expect(outcome.content).to.include("[B in a nested nav](/b){^}")
    // After the nested nav ends, the last landmark line above is the nested nav's, which does not hold the link: no {^}.
    expect(outcome.content).to.match(/\[B after the nested nav\]\(\/b\)\{[^^}][^}]*\}/)
    expectSelectorsExact(outcome)
  })

  it("writes a link alone with its URL in an ancestor [text](url){^S}, and the next links in the same ancestor [text](url){^}", async () => {
    page(`<div class="menu"><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li><li><a href="/c">C</a></li></ul></div>
      <p id="again">See <a href="/a">A</a>, <a href="/b">B</a> and <a href="/c">C</a> again.</p>`)
    const outcome = await read({ audit: true })
    const lines = outcome.content.split("\n")
    // The list's links: the first sets the scope (the shortest selector among its ancestors that hold /a once, the farther on a tie), the next reuse it.
    expect(lines.slice(0, 3), outcome.content).to.deep.equal(["- [A](/a){^ul}", "- [B](/b){^}", "- [C](/c){^}"])
    // Outside the list the scope does not hold them: the paragraph sets its own.
    expect(lines[3], outcome.content).to.equal("See [A](/a){^#again}, [B](/b){^} and [C](/c){^} again.")
    expectSelectorsExact(outcome)
  })

  it("writes a link after a nested landmark {^S} with the outer landmark, which the nested landmark's line no longer sets", async () => {
    page(`<nav id="top"><a href="/a">A</a> <form id="find"><input name="q" aria-label="Find"></form> <a href="/b">B</a></nav>
      <footer><a href="/a">A</a> <a href="/b">B</a></footer>`)
    const outcome = await read({ audit: true })
    expect(outcome.content, outcome.content).to.include("[B](/b){^#top}")
    expectSelectorsExact(outcome)
  })

  it("never writes a link so that its line reads as a landmark line, which would set the scope of {^}", async () => {
    page(
      `<nav id="top"><a href="/a">A</a></nav><p><a href="javascript:void(0)">nav</a></p><p><a href="javascript:void(0)">nav</a></p><p><a href="/a">footer</a> <a href="/z">z</a></p>`,
    )
    const outcome = await read({ audit: true })
    const lines = outcome.content.split("\n")
    for (const line of lines.slice(2)) expect(LANDMARK_LINE.test(line), line).to.equal(false)
    // A link with no URL is written [text]{selector}, but with this text it keeps its `()`.
    for (const line of lines.slice(2, 4)) expect(line, outcome.content).to.match(/^\[nav\]\(\)\{[^}]+\}$/)
    expectSelectorsExact(outcome)
  })

  it("writes a link that its href selects alone as [text](url), and cuts a long URL to the shortest of 40, 60, 80 characters that selects it alone", async () => {
    const long = (tail: string) => `https://example.com/${"a".repeat(70)}/${tail}-${"b".repeat(40)}`
    // Two URLs alike in their first 40 characters, not in their first 60.
    const apart = (tail: string) => `https://example.com/m${"m".repeat(35)}${tail}${"z".repeat(80)}`
    page(`<p><a href="/one">one</a> <a href="/a">first</a> <a href="/a">second</a></p>
      <p><a href="${long("x")}">unique start</a></p>
      <p id="twins"><a href="${long("y").replace("/a", "/c")}">twin 1</a> <a href="${long("z").replace("/a", "/c")}">twin 2</a></p>
      <p><a href="${apart("p")}">apart p</a> <a href="${apart("q")}">apart q</a></p>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include("[one](/one)")
    // The long URLs share their start, which the first line declares once (`~1`): read them put together.
    const expand = urlExpander(outcome.content)
    const links = [...outcome.content.matchAll(/\[([^\]]+)\]\(([^)]*)\)(\{[^}]+\})?/g)].map((m) => [m[1], expand(m[2]!), m[3] ?? ""])
    expect(links, outcome.content).to.deep.include(["unique start", `${long("x").slice(0, 40)}…`, ""])
    expect(links).to.deep.include(["apart p", `${apart("p").slice(0, 60)}…`, ""])
    // Two URLs that share their first 80 characters: shown cut, with a selector.
    const twin = links.find(([text]) => text === "twin 1")!
    expect(twin[1]).to.match(/^https:\/\/example\.com\/c[^)]{50,}…$/)
    expect(twin[2]).to.match(/^\{[^}]+\}$/)
    expectSelectorsExact(outcome)
  })

  it("writes a long URL that its start selects alone inside an ancestor [text](start…){^S}, and the next ones {^}", async () => {
    // A story's share links, the same in its head and its foot: each long URL twice on the page.
    const share = (site: string) =>
      `https://${site}.example/share?url=${encodeURIComponent(`https://news.example/2013/06/27/${"story-".repeat(12)}`)}`
    const links = ["twitter", "facebook"]
      .map((site) => `<li><a href="${share(site)}" title="Post this story to ${site}">${site}</a></li>`)
      .join("")
    page(`<ul id="share-head">${links}</ul><p>The story.</p><ul id="share-foot">${links}</ul>`)
    const outcome = await read({ audit: true })
    const expand = urlExpander(outcome.content)
    const written = [...outcome.content.matchAll(/\[(\w+)\]\(([^)]*)\)(\{[^}]+\})?/g)].map((m) => [m[1], expand(m[2]!), m[3] ?? ""])
    const start = (site: string) => `${share(site).slice(0, 80)}…`
    expect(written, outcome.content).to.deep.equal([
      ["twitter", start("twitter"), "{^#share-head}"],
      ["facebook", start("facebook"), "{^}"],
      ["twitter", start("twitter"), "{^#share-foot}"],
      ["facebook", start("facebook"), "{^}"],
    ])
    expectSelectorsExact(outcome)
  })

  it("cuts a URL of 61 to 100 characters to its first 40 or 60 when that selects it alone and saves 10, else shows it whole", async () => {
    // 75, 58 and 66 characters long; the last two of 66 share their first 60.
    const mid = `https://news.example/2013/06/27/${"training-for-a-non-existent-job".padEnd(44, "x")}`
    const short = `https://news.example/2013/06/27/${"a".repeat(26)}`
    const same = (tail: string) => `https://news.example/${"b".repeat(39)}-${tail}${"c".repeat(5)}`
    page(`<p><a href="${mid}">mid</a> <a href="${short}">short</a></p>
      <p><a href="${same("1")}">same 1</a> <a href="${same("2")}">same 2</a></p>`)
    const outcome = await read({ audit: true })
    const expand = urlExpander(outcome.content)
    const links = [...outcome.content.matchAll(/\[([^\]]+)\]\(([^)]*)\)(\{[^}]+\})?/g)].map((m) => [m[1], expand(m[2]!), m[3] ?? ""])
    expect(links, outcome.content).to.deep.include(["mid", `${mid.slice(0, 40)}…`, ""])
    // 60 characters or fewer: whole.
    expect(links).to.deep.include(["short", short, ""])
    // Alike in their first 60 characters, and a cut at 60 would save under 10: whole, never cut to 80.
    expect(links).to.deep.include(["same 1", same("1"), ""])
    expect(links).to.deep.include(["same 2", same("2"), ""])
    expectSelectorsExact(outcome)
  })
})

describe("page walker: no-break spaces", () => {
  it("reads a no-break space as white space: one space between words, nothing in an empty cell", async () => {
    page(`<p>Exhibit A:&nbsp; The case.&nbsp;&nbsp; Next&nbsp;one.</p>
      <table><tr><th>a</th><th>b</th></tr><tr><td>&nbsp;</td><td>2</td></tr></table>`)
    const { content } = await read()
    expect(content).to.equal(["Exhibit A: The case. Next one.", "|a|b|", "|-|-|", "||2|"].join("\n"))
  })
})

describe("page walker: URL prefixes written once", () => {
  const posts = (n: number, origin: string) =>
    Array.from({ length: n }, (_, i) => `<li><a href="${origin}/2021/12/post-${i}/">Post ${i}</a></li>`).join("")

  it("declares a repeated URL start on the first line and writes each link's URL from it", async () => {
    page(`<ul>${posts(6, "https://blog.example.org")}</ul><p><a href="https://blog.example.org/about">About</a> <a href="/local">Local</a></p>
      <pre><code>[x](https://blog.example.org/2021/12/kept/)</code></pre><a href="https://blog.example.org/2021/12/post-0/">Post 0 again</a>`)
    const outcome = await read({ audit: true })
    const lines = outcome.content.split("\n")
    expect(lines[0], outcome.content).to.match(/^URL prefixes: ~1 https:\/\/blog\.example\.org(\/2021\/12)?( ~2 \S+)*$/)
    expect(outcome.content).to.include("[Post 3](~1/")
    // A prefix ends where a path step, a query or a fragment starts: `~1` is never followed by a letter or a digit.
    expect(outcome.content).not.to.match(/~\d+[^\d/?#)…\s]/)
    expect(outcome.content).to.include("[Local](/local)")
    // Fenced code is copied literally.
    expect(outcome.content).to.include("[x](https://blog.example.org/2021/12/kept/)")
    // Each URL, put together, is the link's own href (and its implied `a[href]` selects it alone).
    const expand = urlExpander(outcome.content)
    for (const m of outcome.content.matchAll(/\[(Post \d)\]\(([^)]*)\)/g))
      expect(expand(m[2]!)).to.match(/^https:\/\/blog\.example\.org\/2021\/12\/post-\d\/$/)
    expectSelectorsExact(outcome)
  })

  it("counts a URL at the length its prefix will leave it when it weighs spelling the href against showing it", async () => {
    // Each comment links to its permalink twice (its time and the list below it): the URL shown
    // beside a short selector, `(~1/c3){…}`, costs less than spelling it, `{… a[href="/r/t/…/c3"]}`.
    const comment = (i: number) =>
      `<div><div><p><a href="/user/u${i}">u${i}</a> ${i} points <a href="/r/t/comments/x1/c${i}">${i}h</a></p>` +
      `<ul><li><a href="/r/t/comments/x1/c${i}">permalink</a></li><li><button>save</button></li></ul></div></div>`
    page(`<div>${Array.from({ length: 8 }, (_, i) => comment(i + 1)).join("")}</div>`)
    const outcome = await read({ audit: true })
    expect(outcome.content.split("\n")[0], outcome.content).to.match(/^URL prefixes: .*\/r\/t\/comments\/x1/)
    expect(outcome.content, outcome.content).not.to.include('a[href="/r/t/comments')
    const selectors = new SelectorMaker()
    const link = document.querySelector('a[href="/user/u1"]')!
    // Shared by 16 links' hrefs: `~N/c1` is about 6 characters; a start no other link shares is counted whole.
    expect(selectors.shownLength(link, "/r/t/comments/x1/c1")).to.equal(6)
    expect(selectors.shownLength(link, "/elsewhere/alone")).to.equal("/elsewhere/alone".length)
    expectSelectorsExact(outcome)
  })

  it("declares a prefix from an earlier one, and every URL put together is the one it stands for", () => {
    const urls = [
      ...Array.from({ length: 8 }, (_, i) => `https://x.example/2021/12/issue-${i}/`),
      ...Array.from({ length: 8 }, (_, i) => `https://x.example/2020/${i}`),
      ...Array.from({ length: 6 }, (_, i) => `https://bugs.example/show_bug.cgi?id=${i}&x=1`),
      "/local/a",
      "https://x.example/2021/12/issue-1/…",
    ]
    const content = [...urls.map((u, i) => `- [l${i}](${u})`), "```", "[k](https://x.example/2021/12/kept/)", "```"].join("\n")
    const run = prefixUrls(content, () => false)
    let step = run.next()
    while (!step.done) step = run.next()
    const written = step.value.content
    expect(written.length).to.be.below(content.length)
    expect(written.split("\n")[0], written).to.match(/^URL prefixes: ~1 \S+( ~\d+ \S+)* ~\d+ ~\d+\/\S+/)
    const expand = urlExpander(written)
    const shown = [...written.matchAll(/^- \[l\d+\]\(([^)]*)\)$/gm)].map((m) => expand(m[1]!))
    expect(shown).to.deep.equal(urls)
    expect(written).to.include("```\n[k](https://x.example/2021/12/kept/)\n```")
    expect(step.value.written("(https://x.example/2020/3)")).to.equal(`(${written.match(/- \[l11\]\(([^)]*)\)/)![1]})`)
  })

  it("writes none where it saves nothing, or where a link's URL already reads like one", async () => {
    page(`<p><a href="https://a.example/x">A</a> <a href="https://b.example/y">B</a></p>`)
    expect((await read()).content).not.to.include("URL prefixes:")
    page(`<ul>${posts(6, "https://blog.example.org")}</ul><p><a href="~1/home">Home</a></p>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).not.to.include("URL prefixes:")
    expect(outcome.content).to.include("[Post 3](https://blog.example.org/2021/12/post-3/)")
    expectSelectorsExact(outcome)
  })
})

describe("page walker: links' URLs written relative to the page", () => {
  it("writes a URL of the page's origin shown beside a selector as a path, of its path as ?query, of the page itself as #fragment", async () => {
    const here = location.href.split("#")[0]!
    // Each URL twice (the text differs), so that its href does not select it alone and it carries a selector.
    page(`<p id="p1"><a href="${location.origin}/docs/some/long/path">Docs</a></p>
      <p id="p2"><a href="${here}#sec">Section</a></p>
      <p id="p3"><a href="${location.origin}${location.pathname}?page=2">Next</a></p>
      <p id="twice"><a href="${location.origin}/docs/some/long/path">again</a> <a href="${here}#sec">again</a> <a href="${location.origin}${location.pathname}?page=2">again</a></p>
      <p id="p4"><a href="https://other.example/docs/some/long/path">Elsewhere</a> <a href="https://other.example/docs/some/long/path">Elsewhere</a></p>`)
    const outcome = await read({ audit: true })
    expect(outcome.content, outcome.content).to.include("[Docs](/docs/some/long/path){#p1>a}")
    expect(outcome.content).to.include("[Section](#sec){#p2>a}")
    expect(outcome.content).to.include("[Next](?page=2){#p3>a}")
    // Another origin is shown whole.
    expect(outcome.content).to.include("[Elsewhere](https://other.example/docs/some/long/path){#p4>:nth-child(1)}")
    // Each shown URL, read against the result's url as the tool's description says, is the link's.
    for (const [written, link] of [
      ["/docs/some/long/path", "#p1>a"],
      ["#sec", "#p2>a"],
      ["?page=2", "#p3>a"],
    ] as const)
      expect(new URL(written, outcome.url).href).to.equal((document.querySelector(link) as HTMLAnchorElement).href)
    expectSelectorsExact(outcome)
  })

  it("leaves out a URL that the last link of the same text showed, and marks a link of that text with no URL", async () => {
    page(`<p id="r1"><a href="/read">Read</a></p><p id="r2"><a href="/read">Read</a></p>
      <p id="r3"><a href="/other">Read</a></p><p id="r4"><a href="/read">Read</a></p>
      <p id="j"><a href="javascript:void(0)">Read</a></p><p id="k"><a href="javascript:void(0)">Alone</a></p>
      <p id="r5"><a href="/read">Read</a></p>
      <p><a href="https://example.com/${"a".repeat(120)}">Long</a></p><p id="l2"><a href="javascript:void(0)">Long</a></p>`)
    const outcome = await read({ audit: true })
    const lines = outcome.content.split("\n")
    expect(lines.slice(0, 4), outcome.content).to.deep.equal([
      "[Read](/read){^#r1}",
      "[Read]{#r2>a}",
      // Another URL for the same text is shown, and then the first one again.
      "[Read](/other)",
      "[Read](/read){^#r4}",
    ])
    // A link with no URL after a link of the same text that showed one says so: `()`.
    expect(lines[4]).to.match(/^\[Read\]\(\)\{[^}]+\}$/)
    expect(lines[5]).to.match(/^\[Alone\]\{[^}]+\}$/)
    // The last link of that text showed none: the URL is shown again.
    expect(lines[6]).to.equal("[Read](/read){^#r5}")
    // A cut URL was shown: a link of that text with none says so too.
    expect(lines[7]).to.match(/^\[Long\]\(https:\/\/example\.com\/a+…\)$/)
    expect(lines[8]).to.match(/^\[Long\]\(\)\{[^}]+\}$/)
    expectSelectorsExact(outcome)
  })
})

describe("page walker: a link with no name", () => {
  it("is labelled by nothing, its URL shown once beside it; one with no URL keeps its href as its label", async () => {
    page(`<p><a href="/story/1"><img src="data:," alt=""></a> <a href="/story/1">Story</a></p>
      <p id="twice"><a href="/two"><img src="data:," alt=""></a> <a href="/two"><img src="data:," alt=""></a></p>
      <p id="js"><a href="javascript:void(0)"><span></span></a></p>`)
    const outcome = await read({ audit: true })
    const lines = outcome.content.split("\n")
    // The URL beside the link, not again as its label.
    expect(lines[0], outcome.content).to.match(/^\[\]\(\/story\/1\)\{[^}]+\} \[Story\]\(\/story\/1\)\{[^}]+\}$/)
    // The next link of the same (no) text to the same URL does not repeat it.
    expect(lines[1], outcome.content).to.match(/^\[\]\(\/two\)\{[^}]+\} \[\]\{[^}]+\}$/)
    // With no URL to show, the href is all there is to tell what the link is.
    expect(lines[2]).to.match(/^\[javascript:void\(0\)\]\{[^}]+\}$/)
    expectSelectorsExact(outcome)
  })
})

describe("page walker: tracking parameters", () => {
  it("finds the tail of tracking parameters, and only when nothing else follows them", () => {
    expect(beforeTrackingTail("https://x.org/p?id=3&utm_source=a&utm_medium=b")).to.equal("https://x.org/p?id=3&")
    expect(beforeTrackingTail("/p?utm_source=a&fbclid=Z&gclid=1")).to.equal("/p?")
    expect(beforeTrackingTail("/p?spm=a.b.c")).to.equal("/p?")
    // A meaning parameter after the tracking ones, a fragment, or no tracking parameter at all: nothing to cut.
    expect(beforeTrackingTail("/p?utm_source=a&id=3")).to.equal(null)
    expect(beforeTrackingTail("/p?utm_source=a#top")).to.equal(null)
    expect(beforeTrackingTail("/p?id=3&ref=b")).to.equal(null)
    expect(beforeTrackingTail("/p")).to.equal(null)
  })

  it("shows a link's URL without its tracking tail, as a prefix that selects it alone", async () => {
    page(`<nav><a href="https://shop.example/?utm_source=blog&utm_medium=referral&utm_campaign=nav">Shop</a>
      <a href="/item?id=3&utm_source=blog">Item 3</a> <a href="/item?id=30">Item 30</a>
      <a href="/same?utm_source=a">same A</a> <a href="/same?utm_source=b">same B</a>
      <a href="/twice?utm_source=a">twice 1</a> <a href="/twice?utm_source=a">twice 2</a></nav>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include("[Shop](https://shop.example/?…)")
    expect(outcome.content).to.include("[Item 3](/item?id=3&…)")
    expect(outcome.content).to.include("[Item 30](/item?id=30)")
    // URLs that differ only in tracking: the prefix selects both, so each is written whole (its selector).
    expect(outcome.content).to.include("[same A](/same?utm_source=a) [same B](/same?utm_source=b)")
    // The same tracked URL twice: shown cut, each with a selector of its own.
    expect(outcome.content, outcome.content).to.match(/\[twice 1\]\(\/twice\?…\)\{[^}]+\}/)
    expect(outcome.content, outcome.content).to.match(/\[twice 2\]\(\/twice\?…\)\{[^}]+\}/)
    expectSelectorsExact(outcome)
  })
})

describe("page walker: the example of docs/page-content.md", () => {
  it("reads as documented", async () => {
    page(`<header><nav aria-label="Primary"><a href="/">Home</a> <a href="/docs">Docs</a></nav></header>
<main id="content">
  <h1>Welcome</h1>
  <p>Read the <a href="/guide">guide</a> first.</p>
  <form id="f">
    <label for="e">Email</label><input id="e" type="email" required>
    <label><input type="checkbox" name="remember" checked> Remember me</label>
    <button class="css-1x2y3z">Send</button>
  </form>
  <div style="display:none"><a href="/secret">not shown</a></div>
</main>`)
    ;(document.getElementById("e") as HTMLInputElement).value = "ada@example.com"
    expect((await read()).content).to.equal(`[header]{header}
[nav]{nav[aria-label="Primary"]}
[Home](/) [Docs](/docs)
[main]{#content}
# Welcome {h1}
Read the [guide](/guide) first.
[form]{#f}
[email "Email" = "ada@example.com" required]{#e} [checkbox "Remember me" checked]{input[name="remember"]} ["Send"]{button}`)
  })
})

describe("page walker: hidden elements", () => {
  it("leaves out what the page does not show", async () => {
    page(`
      <p>Shown text</p>
      <div style="display:none">display none <a href="/h1">h1</a></div>
      <div style="visibility:hidden">visibility hidden <span style="visibility:visible">but visible child</span></div>
      <div hidden>hidden attribute</div>
      <div aria-hidden="true">aria hidden <button>b</button></div>
      <div style="width:0;height:0;overflow:hidden">zero size</div>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">visually hidden</span>
      <div style="position:absolute;left:-9999px">moved off the page</div>
      <div style="width:100px;height:20px;overflow:hidden;position:relative"><div style="position:absolute;top:200px">clipped away</div>in the box</div>
      <details><summary>More</summary>closed details</details>
      <input type="hidden" name="token" value="secret">`)
    const { content } = await read()
    for (const hidden of [
      "display none",
      "h1",
      "visibility hidden",
      "hidden attribute",
      "aria hidden",
      "zero size",
      "visually hidden",
      "moved off",
      "clipped away",
      "closed details",
      "token",
      "secret",
    ]) {
      expect(content, hidden).not.to.include(hidden)
    }
    for (const shown of ["Shown text", "but visible child", "in the box", '[summary "More" collapsed]']) expect(content).to.include(shown)
  })

  it("keeps transparent controls, which custom checkboxes draw over", async () => {
    page(`<label><input type="checkbox" name="agree" style="opacity:0"> I agree</label>`)
    expect((await read()).content).to.equal('[checkbox "I agree" unchecked]{input[name="agree"]}')
  })
})

describe("page walker: forms", () => {
  it("gives each control its label, current value and states, once", async () => {
    page(`
      <form aria-label="Sign up">
        <label for="email">Email</label> <input id="email" type="email" required>
        <label>Password <input type="password" name="pw" value="hunter2"></label>
        <label><input type="checkbox" name="news" checked> Newsletter</label>
        <input type="radio" name="plan" value="free" id="free"><label for="free">Free</label>
        <input type="radio" name="plan" value="pro" id="pro" checked><label for="pro">Pro</label>
        <select name="country" aria-label="Country"><option>France</option><option selected>Spain</option></select>
        <textarea name="bio" placeholder="About you" readonly>Hi</textarea>
        <input name="nick" placeholder="Nickname" disabled>
        <button type="submit" class="css-1x2y3z sc-bdVaJa">Create account</button>
      </form>`)
    ;(document.getElementById("email") as HTMLInputElement).value = "me@example.com"
    const outcome = await read({ audit: true })
    expect(outcome.content).to.equal(
      [
        '[form]{form[aria-label="Sign up"]}',
        '[email "Email" = "me@example.com" required]{#email} [password "Password" = "••••"]{input[name="pw"]} [checkbox "Newsletter" checked]{input[name="news"]} ' +
          '[radio "Free" unchecked]{#free} [radio "Pro" checked]{#pro} [select "Country" = "Spain"; options "France", "Spain"]{^ >select} ' +
          // Relative to the form's landmark line: shorter than their own selectors, their names printed.
          '[textarea "About you" = "Hi" readonly]{^ >textarea} [textbox "Nickname" disabled]{input[name="nick"]} ["Create account"]{^ >button}',
      ].join("\n"),
    )
    expect(outcome.content).not.to.include("hunter2")
    expectSelectorsExact(outcome)
  })
})

describe("page walker: selectors", () => {
  it("prefers ids and authored attributes to generated classes, and falls back to a short path", async () => {
    page(`
      <div class="css-1x2y3z"><button class="sc-bdVaJa kDlIYz" id="save">Save</button></div>
      <div><button data-testid="cancel-button">Cancel</button></div>
      <ul><li><button>Item</button></li><li><button>Item</button></li></ul>
      <section id="list"><p><a href="/same">x</a></p><p><a href="/same">x</a></p></section>
      <div contenteditable="true" aria-label="Notes"></div>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include('["Save"]{#save}')
    expect(outcome.content).to.include('["Cancel"]{[data-testid="cancel-button"]}')
    expect(outcome.content).not.to.match(/css-1x2y3z|sc-bdVaJa|kDlIYz/)
    expect(outcome.content).to.include('["Item"]{ul>:nth-child(2)>button}')
    // The second link has the first one's text and URL: its URL is not shown again. It sits in the
    // element right after the scope the first one set, `^ +p`, though nothing else acts there.
    expect(outcome.content, outcome.content).to.include("[x](/same){^#list>:nth-child(1)}")
    expect(outcome.content, outcome.content).to.include("[x]{:is(^ +p) >a}")
    expectSelectorsExact(outcome)
  })

  it("writes a named button as its name alone, and escapes a link label that opens with a quote", async () => {
    page(`
      <p><button id="like">Like</button> <button id="bold" aria-pressed="true">Bold</button> <button id="x"><svg></svg></button>
      <input id="go" type="submit" value="Go"> <span role="button" tabindex="0" id="r">Role</span></p>
      <p><a href="/q">"Quoted" title</a> <a href="/q">"Quoted" title</a> <a href="/q2">"Alone"</a></p>`)
    const outcome = await read({ audit: true })
    for (const token of ['["Like"]{#like}', '["Bold" pressed]{#bold}', "[button]{#x}", '["Go"]{#go}', '["Role"]{#r}'])
      expect(outcome.content, outcome.content).to.include(token)
    expect(outcome.content).not.to.match(/\[button "/)
    // `["` opens a button only: a link's label never starts with a bare quote.
    expect(outcome.content).to.include('[\\"Alone"](/q2)')
    expect(outcome.content).to.match(/\[\\"Quoted" title\]\{[^}]+\}/)
    expect(outcome.content).not.to.match(/(^|[^\\])\["(Quoted|Alone)/)
    expectSelectorsExact(outcome)
  })

  it("tells generated ids and classes from authored ones", async () => {
    for (const id of ["login", "issuecomment-2908119605", "__next", "main-content"]) expect(isStableId(id), id).to.equal(true)
    for (const id of [":r1:", "ember123", "radix-:r2:-trigger", "x-3f9a2c", "comment-viewer-IC_kwDOOAhtcs6wCwKD"])
      expect(isStableId(id), id).to.equal(false)
    for (const name of ["nav", "PageHeader", "mr-2", "btn-primary"]) expect(isStableClass(name), name).to.equal(true)
    for (const name of ["css-1x2y3z", "sc-bdVaJa", "kDlIYz", "prc-Button-IconButton-szpyj", "Button_primary__3xYz1", "dXFha-d"])
      expect(isStableClass(name), name).to.equal(false)
  })
})

describe("page walker: shadow roots and iframes", () => {
  it("reads open shadow roots and same-origin iframes, with >>> selectors that resolve", async () => {
    page(`<div id="host"></div><iframe id="frame" title="Embedded"></iframe>`)
    const host = document.getElementById("host")!
    host.attachShadow({ mode: "open" }).innerHTML = `<p>Inside the shadow</p><button id="deep">Deep button</button><slot></slot>`
    host.innerHTML = `<span>slotted light text</span>`
    const frame = document.getElementById("frame") as HTMLIFrameElement
    frame.contentDocument!.body.innerHTML = `<h2 id="t">Frame title</h2><a href="/inner">Inner link</a>`
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include("Inside the shadow")
    expect(outcome.content).to.include("slotted light text")
    expect(outcome.content).to.include('["Deep button"]{#host >>> #deep}')
    expect(outcome.content).to.include('[iframe "Embedded"]{#frame}')
    expect(outcome.content).to.include("## Frame title {#frame >>> #t}")
    expect(outcome.content).to.include('[Inner link]{#frame >>> a[href="/inner"]}')
    expect(outcome.content.split("\n")[0]).to.match(/^Note: a selector with ">>>"/)
    expectSelectorsExact(outcome)
    const part = await read({ selector: "#host >>> #deep" })
    expect(part.content.split("\n").at(-1)).to.equal('["Deep button"]{#host >>> #deep}')
    expect(part.usedSelector).to.equal("#host >>> #deep")
  })
})

describe("page walker: the scope of {^} across a frame", () => {
  it("takes a landmark line inside a frame as the scope the text sets, so the next link sets its own", async () => {
    page(`<nav id="top"><a href="/a">A</a> <iframe id="frame" title="Embedded"></iframe> <a href="/b">B</a></nav>
      <footer><a href="/a">A</a> <a href="/b">B</a></footer>`)
    const frame = document.getElementById("frame") as HTMLIFrameElement
    frame.contentDocument!.body.innerHTML = `<nav><a href="/q">Q</a></nav>`
    const outcome = await read({ audit: true })
    const lines = outcome.content.split("\n")
    expect(lines, outcome.content).to.include("[nav]{#frame >>> nav}")
    // Read after that line, {^} would mean `#frame >>> nav a[href="/b"]`.
    expect(outcome.content, outcome.content).to.include("[B](/b){^#top}")
    expectSelectorsExact(outcome)
  })
})

describe("page walker: selector option and limits", () => {
  beforeEach(() =>
    page(`<header><a href="/">Site</a></header><nav aria-label="Main"><a href="/a">A</a></nav>
          <main><h1>Title</h1><article id="post"><p>Post body</p></article></main><footer>End</footer>`),
  )

  it("reads only the part the selector matches", async () => {
    const outcome = await read({ selector: "#post" })
    expect(outcome.content).to.equal("Post body")
    expect(outcome.usedSelector).to.equal("#post")
  })

  it("answers a selector that matches nothing with a code, the selector and the page's landmarks with their selectors", async () => {
    const error = failure(await readPage(document, { selector: "#nope" }))
    expect(error).to.deep.equal({
      ok: false,
      code: "selector_not_found",
      selector: "#nope",
      url: location.href,
      map: {
        of: "landmarks",
        entries: [
          { kind: "header", name: "", selector: "header" },
          { kind: "nav", name: "Main", selector: 'nav[aria-label="Main"]' },
          { kind: "main", name: "", selector: "main" },
          { kind: "footer", name: "", selector: "footer" },
        ],
      },
    })
    // The model is told all of it; the panel words the code with the selector.
    const wire = toWire(readFailureError(7, location.href, error))
    expect(wire.code).to.equal("selector_not_found")
    expect(wire.params).to.deep.equal(["#nope"])
    expect(wire.message).to.include(`No element matches the selector "#nope" on ${location.href}.`)
    expect(wire.message).to.include('header {header}, nav "Main" {nav[aria-label="Main"]}, main {main}, footer {footer}')
  })

  it("lists the page's headings when it has no landmarks, and says so when it has neither", async () => {
    page(`<div><h1>Top [1]</h1><h2 id="more">More</h2><p>text</p></div>`)
    const error = failure(await readPage(document, { selector: "#nope" }))
    if (error.code !== "selector_not_found") throw new Error(error.code)
    expect(error.map).to.deep.equal({
      of: "headings",
      entries: [
        { kind: "h1", name: "Top [1]", selector: "h1" },
        { kind: "h2", name: "More", selector: "#more" },
      ],
    })
    expect(toWire(readFailureError(7, location.href, error)).message).to.include(
      'The page has no landmarks; its headings: "Top \\[1\\]" {h1}, "More" {#more}.',
    )
    page(`<p>only text</p>`)
    const bare = failure(await readPage(document, { selector: "#nope" }))
    if (bare.code !== "selector_not_found") throw new Error(bare.code)
    expect(bare.map).to.deep.equal({ of: "none", entries: [] })
    expect(toWire(readFailureError(7, location.href, bare)).message).to.include("The page has no landmarks or headings")
  })

  it("refuses an invalid selector with a code naming the hop that is not CSS", async () => {
    const error = failure(await readPage(document, { selector: "main >>> [[" }))
    if (error.code !== "invalid_input" || error.reason !== "selector_invalid") throw new Error(JSON.stringify(error))
    expect(error.parameter).to.equal("selector")
    expect(error.hop).to.equal("[[")
    expect(error.map.of).to.equal("landmarks")
    const wire = toWire(readFailureError(7, location.href, error))
    expect(wire).to.include({ code: "invalid_input", parameter: "selector" })
    expect(wire.message).to.include("`[[` is not a valid CSS selector")
  })

  it("refuses an empty selector with its own reason", async () => {
    const error = failure(await readPage(document, { selector: "  " }))
    expect(error).to.deep.equal({ ok: false, code: "invalid_input", parameter: "selector", reason: "selector_empty" })
    expect(toWire(readFailureError(7, location.href, error)).message).to.include("`selector` is empty")
  })

  it("reports a hidden element as data, not as a sentence in the content", async () => {
    page(`<main><p id="gone" style="display:none">secret</p><p>shown</p></main>`)
    const outcome = await read({ selector: "#gone" })
    expect(outcome.hidden).to.equal(true)
    expect(outcome.content).to.equal("")
    expect(outcome.usedSelector).to.equal("#gone")
  })

  it("stops writing past the limit", async () => {
    page(Array.from({ length: 200 }, (_, i) => `<p>Paragraph number ${i}</p>`).join(""))
    const outcome = await read({ limit: 100 })
    expect(outcome.stopped).to.equal(true)
    expect(outcome.content.length).to.be.lessThan(200)
    expect((await read()).stopped).to.equal(false)
  })

  it("cuts content to max_length at a line end when one is near", async () => {
    expect(fitToLength("abc\ndef", 10)).to.deep.equal({ content: "abc\ndef", truncated: false })
    expect(fitToLength("aaaaaaaaa\nbbbbbbbbbb", 11)).to.deep.equal({ content: "aaaaaaaaa", truncated: true })
    expect(fitToLength("a\nbbbbbbbbbbbbbbbbbbbb", 10)).to.deep.equal({ content: "a\nbbbbbbbb", truncated: true })
    const note = `${STOP_NOTE_START} after 8.0 s at {#x}.)`
    const fitted = fitToLength("line of text\n".repeat(20).trimEnd(), 120, note)
    expect(fitted.truncated).to.equal(true)
    expect(fitted.content.length).to.be.at.most(120)
    expect(fitted.content.endsWith(`line of text\n${note}`), fitted.content).to.equal(true)
    expect(fitToLength("abc", 100, note)).to.deep.equal({ content: `abc\n${note}`, truncated: false })
    expect(fitToLength("", 100, note)).to.deep.equal({ content: note, truncated: false })
  })
})

describe("page walker: slices and time budget", () => {
  const cards = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `<div class="card"><h3>Item ${i}</h3><p><a href="/item/${i}">page</a> <button>Add</button></p></div>`,
    ).join("")

  it("lets the page run its own tasks while it reads", async () => {
    page(cards(50))
    const ran: string[] = []
    setTimeout(() => ran.push("page task"), 0)
    const reading = readPage(document, { sliceMs: 0 }).then(() => ran.push("read"))
    await reading
    expect(ran).to.deep.equal(["page task", "read"])
  })

  it("lets the page's own messages through between its slices, not once at the end", async () => {
    page(cards(100))
    // A page that keeps posting itself messages: each one waits behind the walker's slice, and the
    // walker's next slice behind it, so they take turns (same task queue, first in, first out).
    const channel = new MessageChannel()
    let pings = 0
    let reading = true
    channel.port1.onmessage = () => {
      pings++
      if (reading) channel.port2.postMessage(null)
    }
    channel.port2.postMessage(null)
    const outcome = await read({ sliceMs: 0 })
    reading = false
    channel.port1.close()
    expect(outcome.stopped).to.equal(false)
    // One slice per element walked (sliceMs 0): the page ran between most of them.
    expect(pings, "page messages handled while reading").to.be.above(100)
  })

  it("looks at a number of elements that grows with the page, not with its square", async () => {
    // Repeated cards whose links and buttons need an anchor and an :nth-of-type step among
    // hundreds of siblings: a sibling scan per step or a query of the document per candidate
    // would make four times the cards cost sixteen times the work.
    const listing = (n: number) =>
      `<main id="list">${Array.from(
        { length: n },
        (_, i) =>
          `<div class="card"><h3>Item ${i}</h3><p>Item ${i} <a href="/tag/${i % 5}">tag</a></p><button class="add">Add</button></div>`,
      ).join("")}</main>`
    page(listing(100))
    const small = await read()
    page(listing(400))
    const large = await read()
    // The card's tag link sets it as the scope, whole or as the card after the last one (`^ +div`); its button repeats the R of the buttons before it.
    expect(withUrlsWhole(large.content), large.content.slice(-300)).to.match(
      /Item 399 \[tag\]\(\/tag\/4\)\{(?:\^#list>:nth-child\(400\)|:is\(\^ \+div\) a)\}\n\["Add"\]$/,
    )
    expect(large.content).to.include("{:is(^ +div) a}")
    const ratio = large.work / small.work
    expect(ratio, `work ${small.work} → ${large.work}`).to.be.within(3, 4.5)
  })

  it("reads the same content in many slices as in one", async () => {
    page(cards(30))
    const sliced = await read({ sliceMs: 0, audit: true })
    const whole = await read({ sliceMs: 60_000 })
    expect(sliced.content).to.equal(whole.content)
    expectSelectorsExact(sliced)
  })

  it("stops at its time budget with what it has, and says where it stopped", async () => {
    page(cards(200))
    const outcome = await read({ budgetMs: 0, sliceMs: 0 })
    expect(outcome.stopped).to.equal(true)
    // Where it stopped comes as data (the content holds no sentence of the walker's); the tool words it as the content's last line.
    expect(outcome.content).not.to.include("Stopped")
    expect(outcome.budget?.afterMs).to.equal(0)
    const where = outcome.budget?.at
    if (typeof where !== "string") throw new Error(`no place: ${JSON.stringify(outcome.budget)}`)
    expect(document.querySelectorAll(where).length, where).to.equal(1)
    expect(stopNote(outcome.budget!.afterMs, where)).to.match(
      /^\(Stopped reading: time budget spent after 0\.0 s at \{[^}]+\}: the rest of the page is not here\./,
    )
    expect((await read()).budget).to.equal(undefined)
  })
})

describe("page walker: :nth-of-type steps from the index", () => {
  it("numbers an element among its siblings of its tag, the first too when a later one shares it, and leaves a lone tag bare", async () => {
    page(
      `<div id="box"><span>a</span><p><button>x</button></p><span>b</span><p><button>y</button></p><em><button>z</button></em></div><section id="other"><em><button>w</button></em></section>`,
    )
    const outcome = await read({ audit: true })
    const selectors = outcome.audit!.map((p) => p.selector)
    // A step among siblings that share its tag is the shorter of its place among them and among all its siblings; the last step keeps its tag.
    expect(selectors).to.include.members(["#box>:nth-child(2)>button", "#box>:nth-child(4)>button", "#box>em>button"])
    expectSelectorsExact(outcome)
  })

  it("counts the siblings of an element the page added after the index was taken", async () => {
    page(
      `<main>${Array.from({ length: 40 }, (_, i) => `<div class="card"><h3>Item ${i}</h3><p><a href="/item/${i}">page</a> <button>Add</button></p></div>`).join("")}</main>`,
    )
    const list = document.querySelector("main")!
    // The page adds a card while the walk is paused between slices: its step is counted from the page as it is then.
    const reading = read({ audit: true, sliceMs: 0 })
    const added = document.createElement("div")
    added.className = "card"
    added.innerHTML = `<h3>Item new</h3><p><a href="/item/new">page</a> <button>Add</button></p>`
    list.append(added)
    const outcome = await reading
    expectSelectorsExact(outcome)
  })
})

describe("page walker: selectors on large repetitive pages", () => {
  it("addresses every repeated control exactly, with an anchor and a short path", async () => {
    page(
      `<main id="list">${Array.from(
        { length: 120 },
        (_, i) => `<div class="card"><p>Item ${i} <a href="/tag/${i % 5}">tag</a></p><button class="add">Add</button></div>`,
      ).join("")}</main>`,
    )
    const outcome = await read({ audit: true })
    expectSelectorsExact(outcome)
    expect(outcome.audit!.filter((p) => p.interactive)).to.have.length(240)
    // Each tag's URL, linked 24 times, is declared whole on the prefix line and written `(~N)`.
    expect(outcome.content.split("\n")[0]).to.match(/^URL prefixes: (?:~\d \/tag\/\d ?){5}$/)
    const content = withUrlsWhole(outcome.content)
    // The first tag link of a card sets the card as the scope ({^S}); its button is written below it,
    // `{^ >button}` for the first card, then `{^}`, implied: the R last written after `["Add"]`.
    expect(content, content.slice(0, 300)).to.include('[tag](/tag/0){^#list>:nth-child(1)}\n["Add"]{^ >button}')
    // A later card is set as the scope whole, or as the card right after the last one.
    expect(content).to.match(/Item 6 \[tag\]\(\/tag\/1\)\{(?:\^#list>:nth-child\(7\)|:is\(\^ \+div\) a)\}\n\["Add"\]\n/)
    expect(content).to.include('[tag](/tag/1){:is(^ +div) a}\n["Add"]\n')
  })
})

describe("page walker: a repeated R's {^} implied", () => {
  it("leaves out `{^}` after a label's `]`, but not after a link's URL, an escaped bracket or before `(`", () => {
    expect(impliedRepeats('["Like"]{^}284["Dislike"]{^} ["Reply"]{^}')).to.equal('["Like"]284["Dislike"] ["Reply"]')
    expect(impliedRepeats("[A](/a){^} [@eve]{^}")).to.equal("[A](/a){^} [@eve]")
    expect(impliedRepeats('["Like"]{^}(3) [x]{^ >a}')).to.equal('["Like"]{^}(3) [x]{^ >a}')
    expect(impliedRepeats("\\]{^} \\\\]{^}")).to.equal("\\]{^} \\\\]")
  })
})

describe("page walker: selectors relative to a scope, on pages with nothing to hold on to", () => {
  /** A forum thread with no id or class: posts nested in posts, the same four buttons in each. */
  const thread = (posts: number, replies: number) => {
    const post = (i: number, inner: string) =>
      `<div><div><a href="/member/${i % 3}">member ${i % 3}</a></div><div><p>Post ${i} says something.</p></div>` +
      `<div><button>Like</button> <button>Quote</button> <button>Reply</button> <button>Report</button></div>${inner ? `<div>${inner}</div>` : ""}</div>`
    const all = Array.from({ length: posts }, (_, i) =>
      post(i, Array.from({ length: replies }, (_, j) => post(100 * (i + 1) + j, "")).join("")),
    ).join("")
    return `<div><a href="/">Home</a></div><div><h1>Thread</h1><div>${all}</div></div>`
  }

  it("sets a post as the scope {:is(S) R}, writes the controls below it {^ R}, and a repeated R by its label {^}", async () => {
    page(thread(3, 2))
    const outcome = await read({ audit: true })
    expectSelectorsExact(outcome)
    const annotations = outcome.audit!.filter((p) => p.interactive).map((p) => p.written)
    expect(annotations.filter((a) => a.startsWith("{:is(")).length, outcome.content).to.be.above(0)
    expect(annotations.filter((a) => a.startsWith("{^ ")).length, outcome.content).to.be.above(0)
    // `{^}` implied: `[label]` with nothing after it.
    expect(outcome.content, outcome.content).to.include('["Quote"] ["Reply"] ["Report"]')
    expect(outcome.content).not.to.include("]{^}")
    // No selector is a path from the body when the post's scope gives a shorter one.
    expect(
      annotations.filter((a) => a.startsWith("{body")),
      outcome.content,
    ).to.deep.equal([])
  })

  it("writes {^} out after a repeated label only where page text that starts with `(` follows it", async () => {
    // A count right after each post's Quote button, `(12)`: `["Quote"](12)` would read as a link to `12`.
    const post = (i: number) =>
      `<div><div><a href="/member/${i}">member ${i}</a></div><div><p>Post ${i}.</p></div>` +
      `<div><button>Like</button> <button>Quote</button>(${i + 10}) <button>Reply</button></div></div>`
    page(`<div><a href="/">Home</a></div><div><h1>Thread</h1><div>${Array.from({ length: 4 }, (_, i) => post(i)).join("")}</div></div>`)
    const outcome = await read({ audit: true })
    expectSelectorsExact(outcome)
    expect(outcome.content, outcome.content).to.include('["Quote"]{^}(13) ["Reply"]')
    expect(outcome.content).not.to.match(/\]\((?:1[0-3])\)/)
  })

  it("lets a reply's first link set the reply as the scope, so that its buttons repeat their R as {^}", async () => {
    // Each member posts once per thread of replies: a member link is alone with its URL in its post, not in the page.
    const post = (who: string, inner: string) =>
      `<div><div><a href="/member/${who}">${who}</a></div><div><p>${who} says something.</p></div>` +
      `<div><button>Like</button> <button>Quote</button> <button>Reply</button> <button>Report</button></div>${inner ? `<div>${inner}</div>` : ""}</div>`
    const replies = ["bob", "cy", "dee"].map((who) => post(who, "")).join("")
    page(`<div><a href="/">Home</a></div><div><h1>Thread</h1><div>${post("ada", replies)}${post("ada", replies)}</div></div>`)
    const outcome = await read({ audit: true })
    expectSelectorsExact(outcome)
    const lines = outcome.content.split("\n")
    const rows = lines.filter((line) => line.startsWith('["Like"]'))
    expect(rows.length).to.equal(8)
    // The replies' member links set their reply as the scope (`{:is(…) R}`), and their rows of buttons are all `{^}`.
    const repeated = '["Like"] ["Quote"] ["Reply"] ["Report"]'
    for (let i = 0; i < lines.length - 2; i++)
      if (/^\[(?:bob|cy|dee)\]/.test(lines[i]!)) {
        expect(lines[i], outcome.content).to.match(/^\[(?:bob|cy|dee)\](?:\([^)]*\))?\{:is\(/)
        expect(lines[i + 2], outcome.content).to.equal(repeated)
      }
  })

  it("anchors a path at the element right after a uniquely named sibling (h1+div)", async () => {
    page(thread(3, 0))
    const outcome = await read({ audit: true })
    expectSelectorsExact(outcome)
    // The posts' list has nothing of its own, but follows the page's one h1.
    expect(outcome.content, outcome.content).to.include("h1+div>")
    expect(outcome.content, outcome.content).not.to.include("{body>")
  })

  it("anchors a path at an element up to three siblings after a uniquely named one (h1+div+div)", async () => {
    // The posts' list follows the h1 and a reply box: its own path would start from the body.
    page(thread(3, 0).replace("<h1>Thread</h1>", '<h1>Thread</h1><div><textarea aria-label="Reply"></textarea></div>'))
    const outcome = await read({ audit: true })
    expectSelectorsExact(outcome)
    expect(outcome.content, outcome.content).to.include("h1+div+div>")
    expect(outcome.content, outcome.content).not.to.include("{body>")
  })

  it("sets a reply's scope below its post's as {:is(^ R1) R}, read S R1", async () => {
    page(thread(2, 3))
    const outcome = await read({ audit: true })
    expectSelectorsExact(outcome)
    expect(
      outcome.audit!.some((p) => p.written.startsWith("{:is(^ ")),
      outcome.content,
    ).to.equal(true)
  })

  it("sets a scope after the one in force, not inside it, as {:is(^ +div+div) R} or {:is(^ +div>R1) R}", async () => {
    // The author's name is linked again in the post's text: its link is alone with its URL only
    // in its author line, which its {^S} sets as the scope; the row of buttons is two siblings on,
    // the replies inside the sibling after the row.
    const post = (who: string, inner: string) =>
      `<div><div><a href="/member/${who}">${who}</a></div><div><p>As <a href="/member/${who}">${who}</a> says.</p></div>` +
      `<div><button>Like</button> <button>Quote</button> <button>Reply</button></div>${inner ? `<div>${inner}</div>` : ""}</div>`
    const reply = (who: string) => post(who, "")
    page(
      `<div><a href="/">Home</a></div><div><h1>Thread</h1><div>${post("ada", reply("bob") + reply("cy"))}${post("bob", reply("ada") + reply("dee"))}</div></div>`,
    )
    const outcome = await read({ audit: true })
    expectSelectorsExact(outcome)
    expect(outcome.content, outcome.content).to.match(/\{:is\(\^ \+div(?:\+div|>)/)
  })

  it("writes a comment from the scope set before the one in force, {:is(^^ +div) R}, when its name link set one inside the comment before", async () => {
    // A video page's comments: an avatar link and a name link to the same profile, a row of
    // buttons, replies; no id, no class. The name link sets the comment's body as the scope, which
    // the next comment is not inside nor after: only the comment the avatar opened reaches it.
    const comment = (who: string, replies: string) =>
      `<div><div><a href="/@${who}"><img alt="" src="data:,"></a></div><div><div><a href="/@${who}">@${who}</a> <span>2 months ago</span></div>` +
      `<div>${who} says something about the video.</div><div><button aria-label="Like this comment">+</button><span>12</span>` +
      `<button aria-label="Dislike this comment">-</button><button>Reply</button></div>${replies ? `<div>${replies}</div>` : ""}</div></div>`
    const replies = ["bob", "cy", "dee"].map((who) => comment(who, "")).join("")
    const all = ["ada", "bob", "cy", "dee", "eve", "fay"].map((who, i) => comment(who, i === 1 ? replies : "")).join("")
    page(
      `<div><a href="/">Home</a></div><div><h1>Video</h1><div><textarea aria-label="Add a comment"></textarea></div><div>${all}</div></div>`,
    )
    const outcome = await read({ audit: true })
    expectSelectorsExact(outcome)
    const written = outcome.audit!.map((p) => p.written)
    // The second and third replies, after the reply before them: `^^` is that reply, set by its avatar.
    expect(written.filter((w) => w.startsWith("{:is(^^ +div)")).length, outcome.content).to.equal(2)
    // No reply's avatar link spells its path from the list (`{^h1+div+div>:nth-child(2)>…>:nth-child(1)}`, 80 characters).
    const avatars = outcome.content.split("\n").filter((line) => /^\[\](?:\(\/@\w+\))?\{/.test(line))
    expect(avatars.length, outcome.content).to.equal(9)
    expect(
      avatars.filter((line) => line.length > 60),
      outcome.content,
    ).to.deep.equal([])
  })
})

describe("page walker: scopes set further back, {:is(^N R1) R}", () => {
  // A video page's comments as above, the list deep in boxes with nothing to hold on to: after a
  // reply chain (each reply sets two scopes, its avatar the reply and its name the reply's body)
  // the next comment is a sibling of a comment set as the scope many scopes back.
  const comment = (who: string, replies: string) =>
    `<div><div><a href="/@${who}"><img alt="" src="data:,"></a></div><div><div><a href="/@${who}">@${who}</a> <span>2 months ago</span></div>` +
    `<div>${who} says something about the video.</div><div><button aria-label="Like this comment">+</button><span>12</span>` +
    `<button aria-label="Dislike this comment">-</button><button>Reply</button></div>${replies ? `<div>${replies}</div>` : ""}</div></div>`
  const deep = (html: string) => `<div><div><div><div><div><div>${html}</div></div></div></div></div></div>`

  it("writes the comment after a chain of nested replies from the comment set scopes back, not from the page", async () => {
    // bob's replies: cy, with a chain of replies to it three deep, then fay, the reply after cy.
    const replies = comment("cy", comment("dee", comment("eve", comment("hal", "")))) + comment("fay", "")
    const all = ["ada", "bob", "gus"].map((who, i) => comment(who, i === 1 ? replies : "")).join("")
    page(
      `<div><a href="/">Home</a></div><div><h1>Video</h1>${deep(`<div><textarea aria-label="Add a comment"></textarea></div><div>${all}</div>`)}</div>`,
    )
    const outcome = await read({ audit: true })
    expectSelectorsExact(outcome)
    const written = outcome.audit!.map((p) => p.written)
    // Counted back past the reply chain: `^3` and farther (`^^` is the one right before the one in force).
    expect(written.filter((w) => /^\{:is\(\^[3-9] /.test(w)).length, outcome.content).to.be.above(0)
    // No reply's avatar link spells a path from the page down to it: fay's (`{^h1+div>div>…}` before, 95 characters) least of all.
    const avatars = outcome.content.split("\n").filter((line) => /^\[\]\(\/@(?:cy|dee|eve|hal|fay)\)\{/.test(line))
    expect(avatars.length, outcome.content).to.equal(5)
    expect(
      avatars.filter((line) => line.includes("h1")),
      outcome.content,
    ).to.deep.equal([])
  })

  it("reaches a post at most three siblings after a scope, never four (`^N +table+table+table`)", async () => {
    // A forum's posts, one table each, authors linked in bold and again and again: a post four
    // tables after a scope must not be written three `+table` steps from it.
    const authors = ["hana", "eve", "gus", "eve", "dmitri", "gus", "bob", "jun", "jun", "lena", "lena", "jun", "eve", "gus"]
    const posts = authors
      .map(
        (who, i) =>
          `<table><tr><td><b><a href="/member?u=${who}">${who}</a></b><br>Posts: ${i * 7}</td><td><div><a href="#p${i}">Post</a> text</div>` +
          `<div><a href="/quote?p=${i}">Quote</a> <a href="/report?p=${i}">Report</a> <a href="javascript:void(0)" onclick="x()">Warn</a></div></td></tr></table>`,
      )
      .join("")
    page(`<div><a href="/">Home</a></div><div><h2>Topic</h2><table><tr><td>Head</td></tr></table>${posts}</div>`)
    const outcome = await read({ audit: true })
    expectSelectorsExact(outcome)
  })
})

describe("page walker: boxes that do not hold their children", () => {
  it("keeps links in a zero-height list of floats inside an overflow:hidden box", async () => {
    page(`<div style="overflow:hidden;width:995px">
      <ul style="margin:0;padding:0;list-style:none">${["News", "Sport", "Video"]
        .map((t) => `<li style="float:left;width:100px"><a href="/${t.toLowerCase()}">${t}</a></li>`)
        .join("")}</ul></div>`)
    expect(document.querySelector("ul")!.getBoundingClientRect().height).to.equal(0)
    const outcome = await read({ audit: true })
    for (const t of ["News", "Sport", "Video"]) expect(outcome.content).to.include(`[${t}](/${t.toLowerCase()})`)
    expectSelectorsExact(outcome)
  })

  it("keeps a link drawn back on the page from a box moved above it, and leaves out what stays off the page", async () => {
    page(`<div class="moved" style="position:relative;top:-40px;height:10px">Text above the page<div style="padding-top:60px"><a href="/back">Drawn back</a></div></div>
      <div style="position:absolute;left:-9999px"><p>Menu moved away</p><a href="/away">Away</a></div>
      <div style="position:absolute;left:-9999px;width:300px"><input name="trap" aria-label="Leave this empty"></div>
      <div style="position:absolute;top:-200px;height:50px;overflow:hidden"><div style="padding-top:300px"><a href="/clipped">Clipped with its box</a></div></div>`)
    expect(document.querySelector(".moved")!.getBoundingClientRect().bottom).to.be.at.most(0)
    expect(document.querySelector('a[href="/back"]')!.getBoundingClientRect().top).to.be.above(0)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.equal("[Drawn back](/back)")
    expectSelectorsExact(outcome)
  })

  it("still leaves out what an overflow:hidden box clips away", async () => {
    page(
      `<div style="overflow:hidden;height:20px;position:relative"><p>in view</p><div style="height:0"><p style="position:absolute;top:100px">clipped</p></div></div>`,
    )
    const { content } = await read()
    expect(content).to.include("in view")
    expect(content).not.to.include("clipped")
  })
})

describe("page walker: page text that looks like an annotation", () => {
  it("escapes braces, brackets and backslashes, so that every bare {…} and every [text](url) is an annotation", async () => {
    page(`<p>Template {problem} and {0} in C:\\dir\\{x}</p><p><code>{code}</code> <a href="/a{b}">{link}</a></p>
      <p>See [x](/y) here</p><button aria-label="Close {dialog} [x](/y)">x</button><button>Open [z](/w)</button><input aria-label="Ask" value="{typed}">`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include("Template \\{problem\\} and \\{0\\} in C:\\\\dir\\\\\\{x\\}")
    expect(outcome.content).to.include("`\\{code\\}`")
    expect(outcome.content).to.include("[\\{link\\}]")
    expect(outcome.content).to.include('= "\\{typed\\}"')
    expect(outcome.content).to.include("See \\[x\\](/y) here")
    // Every annotation found as the model reads them (bare braces, links without braces) is one of the audit.
    expectSelectorsExact(outcome)
  })
})

describe("page walker: elements that react without being controls", () => {
  it("addresses elements with a click handler or a tab stop, and reads their content as usual", async () => {
    page(`<div class="card" onclick="go()"><h3>Next: configuration</h3><p>Read on.</p></div>
      <span tabindex="0">Load more</span><span tabindex="-1">not a stop</span>`)
    const outcome = await read({ audit: true })
    const lines = outcome.content.split("\n")
    expect(lines[0]).to.match(/^\[clickable\]\{[^}]+\}$/)
    expect(lines.slice(1, 3)).to.deep.equal(["### Next: configuration {h3}", "Read on."])
    expect(lines[3]).to.match(/^\[focusable\]\{[^}]+\} Load morenot a stop$/)
    expect(outcome.audit!.filter((p) => p.interactive)).to.have.length(2)
    expectSelectorsExact(outcome)
  })

  it("addresses an anchor with no href and a summary outside a disclosure when a click handler or a tab stop makes them act", async () => {
    page(`<p><a onclick="window.print(); return false;">Print</a> <a tabindex="0">Share</a> <a name="top">Anchor only</a></p>
      <p><summary tabindex="0">Loose summary</summary></p>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.match(
      /^\[clickable\]\{[^}]+\} Print \[focusable\]\{[^}]+\} Share Anchor only\n\[focusable\]\{summary\}\nLoose summary$/,
    )
    expect(outcome.audit!.filter((p) => p.interactive)).to.have.length(3)
    expectSelectorsExact(outcome)
  })

  it("reads a tabindex as the browser does: 0abc, +1 and 1.5 are tab stops, an empty or a word is none", async () => {
    page(
      `<p><span tabindex="0abc">A</span> <span tabindex="+1">B</span> <span tabindex="1.5">C</span> <span tabindex="">D</span> <span tabindex="abc">E</span></p>`,
    )
    const outcome = await read({ audit: true })
    expect(outcome.content).to.match(/^\[focusable\]\{[^}]+\} A \[focusable\]\{[^}]+\} B \[focusable\]\{[^}]+\} C D E$/)
    expectSelectorsExact(outcome)
  })

  it("addresses a click handler on the document's root element, which the walk enters below", async () => {
    document.documentElement.setAttribute("onclick", "void 0")
    try {
      page(`<p>Text and a <a href="/a">link</a></p>`)
      const outcome = await read({ audit: true })
      expect(outcome.content).to.equal("[clickable]{html}\nText and a [link](/a)")
      expectSelectorsExact(outcome)
    } finally {
      document.documentElement.removeAttribute("onclick")
    }
  })
})

describe("page walker: list items and table parts that are controls", () => {
  it("addresses list items that are tabs, menu items, options or have a click handler or a tab stop", async () => {
    page(`<ul role="tablist"><li role="tab" aria-selected="true" tabindex="0">Overview</li><li role="tab" tabindex="-1">Specs</li></ul>
      <ul role="menu"><li role="menuitem">Copy</li><li role="menuitemcheckbox" aria-checked="true">Wrap</li></ul>
      <ol><li onclick="go(1)">Step one</li><li tabindex="0">Step two</li></ol>`)
    const outcome = await read({ audit: true })
    const lines = outcome.content.split("\n")
    expect(lines[0]).to.match(/^- \[tab "Overview" selected\]\{[^}]+\}$/)
    expect(lines[1]).to.match(/^- \[tab "Specs"\]\{[^}]+\}$/)
    expect(lines[2]).to.match(/^- \[menuitem "Copy"\]\{[^}]+\}$/)
    expect(lines[3]).to.match(/^- \[menuitemcheckbox "Wrap" checked\]\{[^}]+\}$/)
    expect(lines[4]).to.match(/^1\. \[clickable\]\{[^}]+\} Step one$/)
    expect(lines[5]).to.match(/^2\. \[focusable\]\{[^}]+\} Step two$/)
    expect(outcome.audit!.filter((p) => p.interactive)).to.have.length(6)
    expectSelectorsExact(outcome)
  })

  it("names a tree item or a menu item by its own words, not its nested items', and a listbox or tree by its author only", async () => {
    page(`<ul role="tree"><li role="treeitem" aria-expanded="true" tabindex="0">Docs folder<ul role="group">
        <li role="treeitem" tabindex="-1">Alpha file</li><li role="treeitem" aria-expanded="true" tabindex="-1">Beta folder<ul role="group"><li role="treeitem" tabindex="-1">Gamma file</li></ul></li></ul></li></ul>
      <div role="menu" aria-label="Main"><div role="menuitem" tabindex="0">File<div role="menu"><div role="menuitem">Open</div></div></div></div>
      <ul role="listbox"><li role="option">One <span>two</span></li></ul>`)
    const outcome = await read({ audit: true })
    const names = [...outcome.content.matchAll(/\[(\w+) "([^"]*)"/g)].map((m) => `${m[1]} ${m[2]}`)
    expect(names).to.deep.equal([
      "treeitem Docs folder",
      "treeitem Alpha file",
      "treeitem Beta folder",
      "treeitem Gamma file",
      "menuitem File",
      "menuitem Open",
      "option One two",
    ])
    expect(outcome.content).to.match(/\[listbox\]\{/)
    expectSelectorsExact(outcome)
  })

  it("addresses table rows with a click handler and header cells that sort or act", async () => {
    page(`<table><thead><tr><th tabindex="0" aria-sort="ascending">Order</th><th role="button" tabindex="0">Customer</th></tr></thead>
      <tbody><tr onclick="open(1)"><td>#1</td><td>Ada</td></tr><tr onclick="open(2)"><td>#2</td><td>Grace</td></tr></tbody></table>`)
    const outcome = await read({ audit: true })
    const lines = outcome.content.split("\n")
    expect(lines[0]).to.match(/^\|\[focusable\]\{[^}]+\} Order\|\["Customer"\]\{[^}]+\}\|$/)
    expect(lines[2]).to.match(/^\|\[clickable\]\{[^}]+\} #1\|Ada\|$/)
    expect(lines[3]).to.match(/^\|\[clickable\]\{[^}]+\} #2\|Grace\|$/)
    expect(outcome.audit!.filter((p) => p.interactive)).to.have.length(4)
    expectSelectorsExact(outcome)
  })

  it("addresses a caption and a row group with a click handler, the group once, in its first row", async () => {
    page(
      `<table><caption onclick="sort()">Scores</caption><tbody onclick="open()"><tr><td>Red</td><td>3</td></tr><tr><td>Blue</td><td>5</td></tr></tbody></table>`,
    )
    const outcome = await read({ audit: true })
    const lines = outcome.content.split("\n")
    expect(lines[0]).to.match(/^\[clickable\]\{caption\} Scores$/)
    expect(lines[1]).to.match(/^\|\[clickable\]\{tbody\} Red\|3\|$/)
    expect(lines[3]).to.equal("|Blue|5|")
    expectSelectorsExact(outcome)
  })
})

describe("page walker: controls inside SVG drawings", () => {
  it("addresses SVG links and SVG elements with a role and a tab stop", async () => {
    page(`<svg width="200" height="60" role="img" aria-label="Chart"><a href="/svg-link"><text x="10" y="20">SVG link</text></a>
      <g role="button" tabindex="0" aria-label="Zoom"><rect x="150" y="5" width="30" height="30"/></g><circle cx="5" cy="5" r="4"/></svg>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include("![Chart]")
    expect(outcome.content).to.include("[SVG link](/svg-link)")
    expect(outcome.content).to.match(/\[button( "Zoom")?\]\{[^}]*\}/)
    expect(outcome.audit!.filter((p) => p.interactive)).to.have.length(2)
    expectSelectorsExact(outcome)
  })
})

describe("page walker: controls the page has drawn out of sight", () => {
  it("addresses the links and buttons of carousel slides and collapsed panels that overflow:hidden clips, without their text", async () => {
    page(`<div style="overflow:hidden;width:300px"><div style="display:flex;width:900px">${[1, 2, 3]
      .map((i) => `<div style="width:300px;flex:none"><p>caption ${i}</p><a href="/story/${i}">Story ${i}</a></div>`)
      .join("")}</div></div>
      <div style="max-height:0;overflow:hidden"><p>answer text</p><a href="/faq/answer">Answer link</a> <button>Helpful</button></div>
      <div style="overflow:hidden;width:200px;height:40px;position:relative"><button style="position:absolute;left:300px">Clipped out</button></div>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include("caption 1")
    for (const shown of ["[Story 2](/story/2)", "[Story 3](/story/3)", "[Answer link](/faq/answer)", '["Helpful"]', '["Clipped out"]'])
      expect(outcome.content).to.include(shown)
    for (const left of ["caption 2", "caption 3", "answer text"]) expect(outcome.content).not.to.include(left)
    // Each slide out of sight on a line of its own, as the slide in view is.
    expect(outcome.content).to.include("\n[Story 2](/story/2)\n[Story 3](/story/3)\n")
    expect(outcome.audit!.filter((p) => p.interactive)).to.have.length(6)
    expectSelectorsExact(outcome)
  })

  it("addresses visually hidden checkboxes and zero-size switches that a label draws, named by the label once", async () => {
    page(`<label style="position:relative"><input type="checkbox" name="peer" style="position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0,0,0,0)"><span>Peer box</span></label>
      <label><input type="radio" name="off" style="position:absolute;left:-9999px"> Off the page</label>
      <label><input type="checkbox" name="dark" style="opacity:0;width:0;height:0"><span class="slider"></span> Dark mode</label>
      <a href="#main" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)">Skip to content</a>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)">(opens a new tab)</span>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include('[checkbox "Peer box" unchecked]{input[name="peer"]}')
    expect(outcome.content).to.include('[checkbox "Dark mode" unchecked]{input[name="dark"]}')
    expect(outcome.content).to.include('[radio "Off the page" unchecked]{input[name="off"]}')
    expect(outcome.content.match(/Peer box|Dark mode|Off the page/g)).to.have.length(3)
    expect(outcome.content).not.to.include("Skip to content")
    expect(outcome.content).not.to.include("opens a new tab")
    expectSelectorsExact(outcome)
  })
})

describe("page walker: controls inside code, captions, editors and embedded things", () => {
  it("addresses links and buttons inside inline code and preformatted blocks, the block still copied literally", async () => {
    page(`<p>Call <code><a href="/api/from">Array.from()</a></code> or <kbd><button type="button">Ctrl</button></kbd> with <code>{x}</code>.</p>
      <pre><code>import { <a href="/api/read">read</a> } from "walker" // <a href="/docs">docs</a></code></pre>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include("[Array.from()](/api/from)")
    expect(outcome.content).to.match(/\["Ctrl"\]\{[^}]+\}/)
    expect(outcome.content).to.include("`\\{x\\}`")
    expect(outcome.content).to.include('```\nimport { read } from "walker" // docs\n```\n[read](/api/read)[docs](/docs)')
    expect(outcome.audit!.filter((p) => p.interactive)).to.have.length(4)
    expectSelectorsExact(outcome)
  })

  it("addresses controls in a table's caption and inside a contenteditable region", async () => {
    page(`<table><caption>Scores, <a href="/source">source</a></caption><tr><th>Team</th><th>Score</th></tr><tr><td>Red</td><td>3</td></tr></table>
      <div contenteditable="true" aria-label="Comment"><p>See <a href="/in-editor">this link</a> and <span contenteditable="false"><button type="button">a chip</button></span></p><div contenteditable="true">nested</div></div>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include("Scores, [source](/source)\n|Team|Score|")
    expect(outcome.content).to.include("[this link](/in-editor)")
    expect(outcome.content).to.match(/\["a chip"\]\{[^}]+\}/)
    expect(outcome.audit!.filter((p) => p.interactive)).to.have.length(5)
    expectSelectorsExact(outcome)
  })

  it("addresses a focusable canvas and the fallback of an object that shows it, not the fallback of one that does not", async () => {
    page(`<canvas width="100" height="40" tabindex="0" aria-label="Board"><a href="/canvas-fallback">never drawn</a></canvas>
      <object data="data:text/plain,loaded" type="text/plain" width="100" height="40"><a href="/not-shown">not shown</a></object>
      <object width="100" height="40"><a href="/fallback">Fallback link</a></object>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.match(/\[focusable\]\{canvas[^}]*\}/)
    expect(outcome.content).to.include("[Fallback link](/fallback)")
    expect(outcome.content).not.to.include("never drawn")
    expect(outcome.content).not.to.include("not shown")
    expectSelectorsExact(outcome)
  })
})

describe("page walker: names of drawn text that innerText does not see", () => {
  it("names a control by the text slotted into it and by its text in a section content-visibility:auto has not drawn yet", async () => {
    if (!customElements.get("x-slot-button"))
      customElements.define(
        "x-slot-button",
        class extends HTMLElement {
          constructor() {
            super()
            this.attachShadow({ mode: "open" }).innerHTML = "<button><slot></slot></button>"
          }
        },
      )
    page(`<x-slot-button>Slotted label</x-slot-button>
      <section style="content-visibility:auto;contain-intrinsic-size:auto 300px;margin-top:5000px"><p>Far text <a href="/far">Far link</a> <button>Far button</button> <code>far.code()</code></p><pre>far block</pre></section>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include('["Slotted label"]{x-slot-button >>> button}')
    expect(outcome.content).to.include("[Far link](/far)")
    expect(outcome.content).to.match(/\["Far button"\]\{[^}]+\}/)
    expect(outcome.content).to.include("`far.code()`")
    expect(outcome.content).to.include("```\nfar block\n```")
    expectSelectorsExact(outcome)
  })
})

describe("page walker: image maps", () => {
  it("writes an image map's areas as links after its image, each with a selector that selects it", async () => {
    page(`<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" usemap="#regions" width="200" height="100" alt="Regions">
      <map name="regions"><area shape="rect" coords="0,0,100,100" href="/north" alt="North"><area shape="rect" coords="100,0,200,100" href="/south" alt="South"><area shape="rect" coords="0,0,1,1" alt="No link"></map>
      <a href="/north">North page</a>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.match(/^!\[Regions\] \[North\]\(\/north\)\{[^}]+\} \[South\]\(\/south\)\{[^}]+\}/)
    expect(outcome.content).not.to.include("No link")
    expect(outcome.audit!.filter((p) => p.interactive)).to.have.length(3)
    expectSelectorsExact(outcome)
  })

  it("reads a map's own content where it stands: the text links beside its areas, and those of a map no image uses", async () => {
    page(`<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" usemap="#nav" width="200" height="20" alt="Nav">
      <map name="nav"><area shape="rect" coords="0,0,100,20" href="/one" alt="One"><p>Text links: <a href="/one">One</a> | <a href="/two">Two</a></p></map>
      <map name="spare"><a href="/spare">Spare link</a></map>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.equal('![Nav] [One](/one){area[alt="One"]}\nText links: [One](/one) | [Two](/two)\n[Spare link](/spare)')
    expectSelectorsExact(outcome)
  })
})

describe("page walker: scrolling boxes inside clipping ones", () => {
  it("reads the content of a scrolling box below the fold of the overflow:hidden shell around it (an app's inner scroller)", async () => {
    page(`<div style="height:100px;overflow:hidden"><div style="height:100px;overflow:auto"><p style="height:300px">top</p><p>below the fold <a href="/deep">deep link</a></p></div>
      <p style="margin-top:500px">clipped by the shell</p></div>`)
    const outcome = await read({ audit: true })
    expect(outcome.content).to.include("below the fold [deep link](/deep)")
    expect(outcome.content).not.to.include("clipped by the shell")
    expectSelectorsExact(outcome)
  })
})

describe("page walker: frames and landmarks in the tab order", () => {
  it("addresses an empty frame that is a tab stop, and a focusable landmark once, by its landmark line", async () => {
    page(`<iframe title="Widget" tabindex="0" width="100" height="30" srcdoc=""></iframe>
      <div tabindex="0" role="region" aria-label="Wide table" style="overflow-x:auto"><p>cells</p></div>`)
    // the frame's first document is an empty about:blank, complete at once; the srcdoc's replaces it
    await new Promise<void>((resolve) => {
      const frame = document.querySelector("iframe")!
      if (frame.contentDocument?.URL === "about:srcdoc" && frame.contentDocument.readyState === "complete") resolve()
      else frame.addEventListener("load", () => resolve(), { once: true })
    })
    const outcome = await read({ audit: true })
    expect(outcome.content).to.match(/^\[iframe "Widget"\]\{[^}]+\}\n/)
    expect(outcome.content).to.match(/\n\[region( "Wide table")?\]\{div[^}]+\}\ncells$/)
    expect(outcome.content).not.to.include("[focusable]")
    expectSelectorsExact(outcome)
  })
})

describe("page walker: a document without a window", () => {
  it("shows nothing of a frame's document replaced or removed while the walk paused, and does not throw", () => {
    // a document made apart from any window has none, as a frame's replaced document has none
    const orphan = document.implementation.createHTMLDocument("gone")
    orphan.body.innerHTML = "<p>words</p>"
    const p = orphan.querySelector("p")!
    expect(styleOf(p)).to.equal(null)
    expect(isRendered(p)).to.equal(false)
    expect(styleOf(document.body)).not.to.equal(null)
  })
})

describe("page walker: attribute values that hold the >>> of a hop", () => {
  it("escapes >>> inside a selector's strings, so that the selector is not split into hops there", async () => {
    page(`<p><button aria-label="Next >>> page">x</button></p><p><a href="/a?q=b>>>>c">arrows</a></p>`)
    const outcome = await read({ audit: true })
    expect(outcome.audit!.map((p) => p.selector)).to.deep.equal(['button[aria-label="Next \\3e >> page"]', 'a[href="/a?q=b\\3e \\3e >>c"]'])
    expectSelectorsExact(outcome)
  })
})
