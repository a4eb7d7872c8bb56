/**
 * A picture's caption set as a line of its own in the story, not in a `<figcaption>`: "Здание
 * Тартуского суда. Фото с сайта betotrade.ee", "Кадр телеканала «НТВ»", "Grypa (Fot. Filip
 * Klimaszewski / Agencja Gazeta)", "Testowanie pocisków Ghader, fot. AFP", "Teenage girl on a
 * scale. (File photo by Justin Sullivan/Getty Images)". News sites of 2010s templates print them in
 * a `<div>` or `<p>` under the image; the credit tells it from the story's words, as the story
 * never names the photographer in a short line of its own. Only a short block is read: the same
 * words in a paragraph of the story ("…фото с места событий появились в сети") are the story's.
 */
import type { PageMeasure } from "./article.ts"
import { blocksIn } from "./edges.ts"
import { textOf } from "./dom.ts"
import { fold, folded } from "./fold.ts"
import { wideLength } from "./wide-sentence.ts"

/**
 * The credit, as a word of its own: Russian and Ukrainian "Фото", "Кадр телеканала", Polish
 * "fot.", "zdj.", Greek "Φωτογραφία:", "φωτ.", English "photo courtesy", "file photo" ("Photo by"
 * alone is left: a truth of the lookable halves keeps one), Chinese "资料图" (file photo) and a
 * photographer's name before "摄" (shot by) ending the line, in traditional characters too ("攝"),
 * or "攝影" after a slash ("陳立凱／攝影"). "(фото)" or "(图)" ending a headline
 * says the story has pictures, not who took one.
 */
const CREDIT = folded(
  /(?<![\p{L}\p{N}])(?:фото(?![\p{L}])(?![\s)]*$)|кадр (?:телеканала|из)|fot\.|zdj\.|φωτ(?:ογραφία)?\s*[:.]|photo courtesy|file photo|资料图|資料圖|[\p{Script=Han}]{2,4}\s*(?:[/／]\s*(?:摄|攝)影?|摄|攝)\s*[)）]?$)/iu,
)
/**
 * A credit's label before the name, opening the caption or after its sentence: English "Credit:",
 * "Photo credit:", "Image credit:", "Photo source:", "Photo:", German "Foto:", "Fotos:", "Bild:",
 * "Bildquelle:", "Bildrechte:", "Titelbild:", "Beitragsbild:", "Fotocredit:", French "Crédit photo :",
 * "photo :"; and a © after the caption's words ("Marco Odermatt, Ski-Star. © AFP / …"), where a
 * copyright line opens with it.
 */
const CREDIT_LABEL = folded(
  /(?:^|[([,.;–—|-]\s*)(?:(?:photo|image|picture|foto|bild)\s*-?\s*(?:credits?|source|quelle)|credits?|cr[eé]dits? photos?|fotocredits?|photocredits?|bildquelle|bildrechte|titelbild|beitragsbild|aufmacherbild|fotos?|photos?|bild)\s*[:：]|[\p{L}\p{N}.,)]\s*©\s*\p{L}/iu,
)
/** a caption is a line or two: longer text naming a photo is the story's */
const MAX_CAPTION = 160

/** Cuts the short blocks of the content that credit a photo: captions under the story's pictures. */
export const cutPhotoCredits = (root: Element, page: PageMeasure): void => {
  for (const el of blocksIn(root, page)) {
    if (!root.contains(el)) continue
    if (creditsPhoto(textOf(el).trim())) el.remove()
  }
}

/** Whether a block's text is a caption crediting a photo. */
export const creditsPhoto = (text: string): boolean => {
  if (text.length === 0 || wideLength(text) > MAX_CAPTION) return false
  const folded = fold(text)
  return CREDIT.test(folded) || CREDIT_LABEL.test(folded)
}
