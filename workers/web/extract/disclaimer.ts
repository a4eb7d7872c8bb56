/**
 * A site's disclaimer under its stories ("Disclaimer: This article does not necessarily reflect
 * the views of…", "【免责声明】本文仅代表作者本人观点，与…无关", "声明：…登载此文出于传递更多信息之目的",
 * "版权相关声明："): the site's small print, set after the story as its copyright line is, that
 * people who mark a page's article leave out. It is known by the label it opens with, as the site
 * words it in any language, and counts as a legal line in the content's tail (`edges.ts`).
 */
import { fold, folded } from "./fold.ts"

/**
 * The label, alone or before a colon or closing bracket: English, German, French, Spanish,
 * Italian, Polish, Russian, Greek; Chinese 免责声明 / 免責聲明 ("disclaimer"), and 声明 / 聲明
 * ("statement") after at most a short name ("南方网版权相关声明："), only with its colon or bracket:
 * a sentence that opens with 声明 is the story's.
 */
const LABEL = folded(
  /^\W{0,2}(?:(?:disclaimer|haftungsausschluss|avertissement|aviso legal|descargo de responsabilidad|esclusione di responsabilità|zastrzeżenie|отказ от ответственности|αποποίηση ευθύνης)(?:\s*[:：\]】]|\s*$)|(?:免责声明|免責聲明)|[\p{Script=Han}]{0,8}(?:声明|聲明)\s*[:：\]】])/iu,
)

/** the longest disclaimer: a paragraph, not a page of terms */
export const DISCLAIMER_TEXT = 600

/** Whether a block's text opens with a disclaimer's label. */
export const opensDisclaimer = (text: string): boolean => LABEL.test(fold(text.trim()))
