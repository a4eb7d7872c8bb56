/**
 * A post's tag line ("Tags: FAQ", "Filed under: Politics", "Labels: travel", "标签：留学 面试"): the
 * topics the site files the post under, as links, on a short line of their own. It is the site's
 * index, not the article's words; none of the ground truths read keeps one.
 */
import type { PageMeasure } from "./article.ts"
import { blocksIn, wordLength } from "./edges.ts"
import { textOf } from "./dom.ts"
import { fold, folded } from "./fold.ts"

/**
 * The label that opens a tag line, then a colon (en, de, fr, es, it, pt, nl, ru, pl, hr, el, zh),
 * "topics" too ("Themen:", "Temas:", "Темы:", "Θέματα:"), or "Posted in" before the category's
 * link; the category ("Category: Golf", "分类：生活随笔") is the site's index as its tags are.
 * "Keywords" is left out: an abstract's keywords are the paper's; Chinese 关键词 is a page's tag line.
 */
const TAG_LABEL = folded(
  /^(?:(?:tags?|tagged(?: with| as| in)?|filed (?:under|in)|labels|topics|categor(?:y|ies)|schlagwörter|schlagworte|themen|kategorien?|mots-clés|étiquettes|thèmes|sujets|catégories?|etiquetas|temas|categorías?|categori[ae]|categorias?|categorieën|categorie|argomenti|теги|метки|темы|рубрик[аи]|tagi|tematy|kategori[ae]|oznake|tagovi|teme|kategorij[ae]|ετικέτες|θέματα|κατηγορί(?:α|ες)|标签|關鍵詞|关键词|关键字|分类|所属分类)\s*[:：]|posted in\s)/i,
)
/** the longest tag line, Chinese characters counted three (`wordLength`) */
const TAG_LINE = 200

/** Cuts the short blocks of the content that open with a tag label and hold a link: the post's tags. */
export const cutTagLines = (root: Element, page: PageMeasure): void => {
  for (const el of blocksIn(root, page)) {
    const m = page.measures.get(el)!
    if (m.link === 0 || wordLength(el, page) > TAG_LINE) continue
    if (TAG_LABEL.test(fold(textOf(el)))) el.remove()
  }
}
