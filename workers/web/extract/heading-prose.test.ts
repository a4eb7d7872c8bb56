import { expect } from "chai"
import { extractFromHtml } from "./index.ts"

const blurb =
  `We are a group of volunteers who keep the river banks clean, from the old mill down to the harbour. ` +
  `We meet on the first Saturday of each month, bring gloves and bags, and end the morning with tea at the boathouse. ` +
  `Anyone who lives near the river is welcome to join us.`

describe("a paragraph set as a heading", () => {
  it("reads a heading of several sentences as the page's prose over a short side box", () => {
    const html =
      `<!doctype html><html><head><title>River Friends</title></head><body><table><tr>` +
      `<td id="about"><h1>Who are the River Friends?</h1><h2>${blurb}</h2></td>` +
      `<td><p>Get our news sent to your site: RSS / Atom. We have branches in several towns along the river. Contact us here.</p></td>` +
      `</tr></table></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("first Saturday of each month")
    expect(markdown).not.to.contain("branches in several towns")
  })

  it("keeps reading a one-sentence headline as a heading", () => {
    const html =
      `<!doctype html><html><head><title>Flood</title></head><body><div><h2>River bursts its banks after a week of rain and the town's ` +
      `council opens the school hall to families whose homes in the low streets by the old mill were flooded overnight</h2>` +
      `<p>Short note.</p></div><div><p>${blurb}</p></div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("first Saturday of each month")
    expect(markdown).not.to.contain("River bursts")
  })
})
