/**
 * Stamps of when a story was published or updated ("Last Updated: January 7, 2008 14:47 EST",
 * "Zuletzt aktualisiert: 12.03.2020", "发布时间：2020-01-12"): the page's record of the story, not
 * its words. Read under the story (`tail-stamp.ts`) and before it, in the meta bar (`edges.ts`).
 */
import { fold, folded } from "./fold.ts"
import { unspacedWords } from "./words.ts"

/** "last updated", "published", "posted" in English, German, French, Spanish, Italian, Portuguese, Dutch, Russian, Polish, Croatian, Greek, Chinese */
const STAMP = folded(
  /^[\s—–-]*(?:last (?:updated|modified|update|edited|revised)|updated|modified|published|(?:originally )?posted(?: on)?|zuletzt (?:aktualisiert|geändert)|aktualisiert(?: am)?|veröffentlicht(?: am)?|erstellt(?: am)?|publiziert(?: am)?|stand(?=:)|dernière mise à jour|fecha de publicación|ultimo aggiornamento|data (?:publikacji|aktualizacji)|dodano|дата (?:публикации|обновления)|время публикации|последнее обновление|publikacja|datum objave|τελευταία ενημέρωση|mis à jour(?: le)?|publié(?: le)?|actualizado|publicado|aggiornato|pubblicato|atualizado|bijgewerkt|gepubliceerd|обновлено|опубликовано|aktualizacja|zaktualizowano|opublikowano|ažurirano|objavljeno|ενημερώθηκε|δημοσιεύθηκε|更新时间|发布时间|发表时间|更新于|发布于|发表于)\s*[:：]?\s*/iu,
)
const DIGIT = /\d/
/** a stamp is short, and after its word holds a date and a time at most */
const [MAX_STAMP, MAX_WORDS] = [80, 8]

/** Whether `text` is a stamp of when the story was published or updated. */
export const isStamp = (written: string): boolean => {
  const text = fold(written)
  if (text.length > MAX_STAMP) return false
  const opening = STAMP.exec(text)
  if (opening === null || opening[0].trim() === "") return false
  const rest = text.slice(opening[0].length)
  // Chinese and Japanese put no space between words: a sentence after "发布时间" is one run
  return DIGIT.test(rest) && rest.split(/\s+/).filter(Boolean).length + unspacedWords(rest) <= MAX_WORDS
}

/** the words that open a stamp, wherever they stand: one line may give the time of publication and of the last update */
const STAMP_WORDS = new RegExp(STAMP.source.replace("^[\\s—–-]*", ""), "giu")
/** the longest line of stamps */
const MAX_STAMPS = 160

/**
 * Whether `text` is a line of stamps alone: it opens with one, and each part that a stamp's word
 * opens is one ("время публикации: 6 января 2012 г., 11:10 последнее обновление: 6 января
 * 2012 г., 11:27", "Data publikacji: 2012-01-03 18:15 | Data aktualizacji: 2012-01-10 00:32").
 */
export const isStampLine = (written: string): boolean => {
  const text = fold(written).trim()
  if (text.length > MAX_STAMPS || !STAMP.test(text)) return false
  const starts = Array.from(text.matchAll(STAMP_WORDS), (match) => match.index)
  return starts.every((start, i) => isStamp(text.slice(start, starts[i + 1]).replace(/[\s|,;/•·]+$/u, "")))
}
