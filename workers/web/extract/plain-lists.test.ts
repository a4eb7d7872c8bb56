import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const STORY = Array.from(
  { length: 5 },
  (_, i) =>
    `<p>Step ${i + 1} of this lemon cake: beat the soft butter with the sugar, then add the eggs one by one, and bake it for forty minutes until golden.</p>`,
).join("")
/** a recipe card as recipe plugins set it: amounts and names in spans, a word linked to a shop here and there */
const item = (amount: string, unit: string, name: string) =>
  `<li class="ingredient"><span class="amount">${amount}</span> <span class="unit">${unit}</span> <span class="name">${name}</span></li>`
const CARD =
  `<div class="recipe-ingredients-container"><h3>Ingredients</h3><div class="ingredient-group"><ul class="ingredients">` +
  item("300", "g", `<a href="https://shop.example/butter">butter</a>`) +
  item("200", "g", "sugar") +
  item("6", "medium", "eggs") +
  item("2", "", "lemons") +
  `</ul></div></div>`
const page = (card: string) => `<html><body><nav><ul><li><a href="/">Home</a></li><li><a href="/cakes">Cakes</a></li></ul></nav>
<article class="post"><h1>Lemon cake</h1>${card}${STORY}</article></body></html>`

describe("a list of plain items in the content", () => {
  it("keeps a recipe's short ingredient list, though a word of it links to a shop", () => {
    const { markdown } = extractFromHtml(page(CARD))
    expect(markdown).to.contain("Step 5 of this lemon cake")
    expect(markdown).to.contain("6 medium eggs")
    expect(markdown).to.contain("2 lemons")
  })

  it("still cuts a short list of links", () => {
    const links = ["Cakes", "Lemons", "Baking", "Desserts"].map((t) => `<li><a href="/tag/${t}">${t}</a></li>`).join("")
    const { markdown } = extractFromHtml(page(`<div class="box"><h3>More</h3><ul>${links}</ul></div>`))
    expect(markdown).to.contain("Step 5 of this lemon cake")
    expect(markdown).not.to.contain("Desserts")
  })

  it("still cuts a list beside controls (a form's options)", () => {
    const options = ["Small", "Medium", "Large"].map((t) => `<li><label><input type="radio" name="s">${t} size</label></li>`).join("")
    const { markdown } = extractFromHtml(page(`<div class="box"><ul>${options}</ul></div>`))
    expect(markdown).to.contain("Step 5 of this lemon cake")
    expect(markdown).not.to.contain("Large size")
  })
})
