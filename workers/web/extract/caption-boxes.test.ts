import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const page = (body: string) => `<!doctype html><html><head><title>Festival</title></head><body>${body}</body></html>`
const picture = (n: number) => `<img src="/photo${n}.jpg" alt="" width="960" height="720">`

describe("captions known by their shape", () => {
  it("cuts the line under a picture inset among the story's paragraphs, whatever its names", () => {
    const { markdown } = extractFromHtml(
      page(`<div class="b20sg4">${prose("Story", 2)}
        <div class="qtmc4d" style="width: 970px">${picture(1)}<p class="f3123h">Jeongdong Theater Tradition Series Performance at the Welcome Festival</p></div>
        ${prose("Story", 2, 3)}
        <div class="qtmc4d"><a href="/photo2.jpg">${picture(2)}</a><span class="k5vrmk">The opening ceremony on a special stage at the park</span><span class="zz9">Photo: Kim</span></div>
        ${prose("Story", 1, 5)}</div>`),
    )
    expect(markdown).to.contain("Story paragraph 1:").and.to.contain("Story paragraph 5:")
    expect(markdown).not.to.contain("Tradition Series Performance").and.not.to.contain("special stage")
  })

  it("keeps a reader's quote under their photo, a lead set beside the story's picture and a gallery's captions", () => {
    const quotes = extractFromHtml(
      page(`<div class="post">${prose("Story", 2)}
        <blockquote><p>${picture(1)}</p><p>“The show was really great, and booking the tickets was really easy.”</p></blockquote>
        ${prose("Story", 2, 3)}</div>`),
    )
    expect(quotes.markdown).to.contain("The show was really great")
    const lead = extractFromHtml(
      page(`<div class="main"><h1>Festival</h1><div class="top">${picture(1)}<p>The festival opened on Monday night with a parade through the old town.</p></div>
        <div class="text">${prose("Story", 4)}</div></div>`),
    )
    expect(lead.markdown).to.contain("The festival opened on Monday night").and.to.contain("Story paragraph 4:")
    const caption = (n: number) =>
      `<div class="shot">${picture(n)}<p>Picture ${n}: the dancers of the troupe on the stage of the park, in their costumes, before the crowd.</p></div>`
    const gallery = extractFromHtml(
      page(`<div class="gallery-page"><p>Our photos of the festival, from the first night to the last one of the week, in order.</p>
        <p>Each picture was taken by a member of the theater's staff, who asks you to credit the theater if you share it.</p>
        ${[1, 2, 3, 4, 5, 6].map(caption).join("")}</div>`),
    )
    expect(gallery.markdown).to.contain("Picture 1:").and.to.contain("Picture 6:")
  })

  it("keeps the captions of a list told in pictures, named and set as captions, and cuts a story's", () => {
    const slide = (
      n: number,
    ) => `<figure class="flat-slide"><div class="slide-header"><h2><a href="/gallery/embed/${n}">${n}. Costume number ${n}</a></h2></div>
      <div class="image-container">${picture(n)}</div>
      <figcaption class="flat-slide-caption"><p>You'll cast spells on all those who see you, number ${n}.</p>
      <p><strong>What you need:</strong> A red jumper with a white collar and a black headband will turn you into costume ${n}.</p></figcaption></figure>`
    const list = extractFromHtml(
      page(
        `<div class="body"><p>Cheap and easy costumes are all that matter this year, and these ideas will do.</p>${[1, 2, 3, 4, 5].map(slide).join("")}</div>`,
      ),
    )
    expect(list.markdown).to.contain("Costume number 1").and.to.contain("turn you into costume 1").and.to.contain("turn you into costume 5")
    const figure = (n: number) =>
      `<figure>${picture(n)}<figcaption class="wp-caption-text">The parade on the old town's square, photograph ${n}.</figcaption></figure>`
    const story = extractFromHtml(
      page(`<div class="body">${prose("Story", 3)}${figure(1)}${prose("Story", 3, 4)}${figure(2)}${figure(3)}</div>`),
    )
    expect(story.markdown).to.contain("Story paragraph 6:")
    expect(story.markdown).not.to.contain("photograph 1").and.not.to.contain("photograph 3")
  })
})
