import { expect } from "chai"
import { prose } from "../../../test/support/article-prose.ts"
import { extractFromHtml } from "./index.ts"

const recipe = (n: number) =>
  `<div class="recipe"><h2>Recipe number ${n}</h2>` +
  `<p><label><strong>Prep time:</strong> <time>2 hours</time></label> | <label><strong>Servings:</strong> 16</label></p>` +
  `<p><label for="size${n}"><input type="radio" id="size${n}" name="size">Index cards, 3 by 5</label>` +
  `<label><input type="radio" name="size">Full page print</label></p>${prose(`Recipe ${n}`, 3)}</div>`

describe("form controls' labels", () => {
  it("drops the labels of the controls that stripping took away, not a label around text", () => {
    const { markdown } = extractFromHtml(
      `<!doctype html><html><head><title>Cookies</title></head><body><div class="post">${recipe(1)}${recipe(2)}</div></body></html>`,
    )
    expect(markdown).to.contain("Recipe 2 paragraph 3:").and.to.contain("Prep time:").and.to.contain("Servings:")
    expect(markdown).not.to.contain("Index cards")
    expect(markdown).not.to.contain("Full page print")
  })
})
