import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const item = (name: string) =>
  `<p><a href="https://${name.toLowerCase()}.example.org/">${name}</a> -- home page of the agency that funds part of the project, ` +
  `and whose satellites send the data the article discusses.</p>`

const links = `<table><tr><td><p><b>Web Links</b></p></td></tr><tr><td>${["Landsat", "Terra", "Aqua", "Envisat"].map(item).join("")}</td></tr></table>`

const page = (content: string) =>
  `<!doctype html><html><head><title>A story</title></head><body><center>${content}</center>` +
  `<div><a href="/">Home</a> | <a href="/about">About</a></div></body></html>`

describe("annotated links after a story", () => {
  it("leaves out a box of links, each with its description, that closes the story", () => {
    const { markdown } = extractFromHtml(page(`<table><tr><td>${prose("Story", 4)}</td></tr></table><br>${links}`))
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 4:")
    expect(markdown).not.to.contain("home page of the agency")
  })

  it("keeps paragraphs that open with a link inside the story", () => {
    const story = `${prose("Story", 2)}${item("Landsat")}${prose("Story", 2, 3)}`
    const { markdown } = extractFromHtml(page(`<table><tr><td>${story}</td></tr></table>`))
    expect(markdown).to.contain("Story paragraph 4:").and.to.contain("home page of the agency")
  })

  it("keeps a page that is only a list of annotated links", () => {
    const { markdown } = extractFromHtml(page(links))
    expect(markdown).to.contain("Landsat").and.to.contain("Envisat")
  })
})
