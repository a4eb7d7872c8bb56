/**
 * The line that names where a story was taken from, under it: "Source: University of
 * California, San Francisco", "SOURCE: Vancouver Sun", "Πηγή: ΑΠΕ-ΜΠΕ", "Источник: АиФ",
 * "来源：( 华声在线 )", or where more of it is: "Więcej na: www.example.pl", "По материалам: …" (after
 * the materials of, with or without a colon). A label and a name alone on the line, the site's record of the story as a
 * stamp is; no reference of the lookable halves keeps one (11 pages, 8 sites, 4 languages). A
 * label followed by a sentence ("Source: the ministry said on Monday that…") is the story's.
 */
import type { PageMeasure } from "./article.ts"
import { textOf } from "./dom.ts"
import { fold, folded } from "./fold.ts"
import { lastLine, opensLine } from "./legal-line.ts"
import { unspacedWords } from "./words.ts"

/** "source" in the furniture names' languages, then a colon */
const SOURCE_LABEL = folded(
  /^[(（【[]?\s*(?:(?:sources?|quellen?|источники?|źródł[oa]|izvori?|fuentes?|fontes?|bron(?:nen)?|πηγ(?:ή|ές)|来源|來源|稿源|więcej na|more at|подробнее на|leia mais em)\s*[:：]|по материалам(?: источника| сайта| ленты новостей)?\s*[:：]?)\s*/iu,
)
/** a source is named in a few words: an agency, a paper, a university */
const MAX_WORDS = 8
const MAX_LINE = 100

/** Whether `text` is a line naming the story's source, and nothing else. */
export const isSourceLine = (written: string): boolean => {
  const text = fold(written.trim())
  if (text.length > MAX_LINE) return false
  const label = SOURCE_LABEL.exec(text)
  if (label === null) return false
  const name = text.slice(label[0].length).replace(/[)）】\]]\s*$/u, "")
  const words = name.split(/\s+/).filter(Boolean).length + unspacedWords(name)
  // a name, not a sentence (no full stop before its end), and nothing after it: a line that goes
  // on to another label ("来源：市水务局 编辑：王明", an ideographic space between) is left to `isCredit`, which keeps it
  return words > 0 && words <= MAX_WORDS && !/[.!?。！？]\s+\S/u.test(name) && !/[:：]/u.test(name)
}

/** the content holds this many times the line's text at least */
const STORY_SHARE = 3

/**
 * Cuts the content's last line when it names the story's source and is set inline, after a line
 * break in the story's last block ("…<br><br><font><i>Πηγή : Web Only</i></font>"), where
 * `cutTailStamp`, which reads whole blocks, does not see it.
 */
export const cutLastSourceLine = (root: Element, page: PageMeasure): void => {
  const line = lastLine(root)
  if (line === null || !opensLine(line)) return
  const text = textOf(line)
  if (!isSourceLine(text) || text.length * STORY_SHARE > (page.measures.get(root)?.text ?? 0)) return
  line.parentNode?.removeChild(line)
}
