import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { readsAsCode } from "./code-text.ts"
import { extractFromHtml } from "./index.ts"

const script =
  `var offsetX=12 //offset of the tip\nvar ie=document.all\nvar ns6=document.getElementById && !document.all\n` +
  `function showTip(text, width){ if (ns6||ie){ if (typeof width!="undefined") tip.style.width=width+"px"; ` +
  `tip.innerHTML=text; enabled=true; return false } }\nfunction position(e){ if (enabled){ var x=(ns6)?e.pageX : ` +
  `event.clientX+body().scrollLeft; var y=(ns6)?e.pageY : event.clientY+body().scrollTop; if (x<0) x=0 } }\n`

describe("text that reads as code", () => {
  it("tells a script's source from prose with semicolons and parentheses", () => {
    expect(readsAsCode(script, script.length)).to.equal(true)
    const box = "Smith, Ann 4-7 7-8 17; Moore, Sue 6-6 1-2 13; Ward, Jo 4-10 1-2 11 (two fouls); Price, Mia 3-8 4-6 10; Fox, Bea 4-8 0-1 8."
    expect(readsAsCode(box, box.length)).to.equal(false)
    const rule = "Well said. - Reader, Leeds, 16/1/2012 ================== No, we should return to the old rules at once."
    expect(readsAsCode(rule, rule.length)).to.equal(false)
  })

  it("does not take a script shown as body text for the story", () => {
    const html =
      `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w*/\n<html><head><title>Startup shows apps</title></head>` +
      `<body>${script.repeat(3)}<table><tr><td><a href="/">Home</a></td><td><div class="story"><h1>Startup shows apps</h1>` +
      `${prose("Story", 3)}</div></td></tr></table></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Story paragraph 3:")
    expect(markdown).not.to.contain("getElementById")
  })

  it("keeps a listing set in <pre> on a page about code", () => {
    const html =
      `<!doctype html><html><head><title>Tooltips</title></head><body><nav><a href="/">Home</a></nav><article><h1>Tooltips</h1>` +
      `<p>Show a tooltip beside the pointer, as below.</p><pre>${script}</pre></article><div class="box">${prose("Other", 2)}</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("getElementById")
    expect(markdown).to.contain("beside the pointer")
  })
})
