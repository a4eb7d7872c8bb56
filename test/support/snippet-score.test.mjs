import assert from "node:assert/strict"
import { test } from "node:test"
import { countPage, scoreCounts } from "../../bench/snippet-score.mjs"

const page = { with: ["Die GEMA dreht  völlig\nam Zeiger!", "second   part"], without: ["Impressum", "31. Mai"] }

test("a snippet matches across differing white space; without-snippets found are false positives", () => {
  const text = "Title\n\nDie GEMA dreht völlig am\tZeiger! More.\n\nImpressum"
  assert.deepEqual(countPage(page, text), { tp: 1, fp: 1, fn: 1, tn: 1 })
})

test("no result finds nothing; scores are micro averages as trafilatura's evaluate.py", () => {
  assert.deepEqual(countPage(page, undefined), { tp: 0, fp: 0, fn: 2, tn: 2 })
  const s = scoreCounts([countPage(page, "second part, Impressum"), countPage(page, "Die GEMA dreht völlig am Zeiger! second part")])
  assert.equal(s.tp, 3)
  assert.equal(s.fp, 1)
  assert.equal(s.precision, 3 / 4)
  assert.equal(s.recall, 3 / 4)
  assert.equal(s.f1, 6 / 8)
  assert.equal(s.absent, 3 / 4)
})
