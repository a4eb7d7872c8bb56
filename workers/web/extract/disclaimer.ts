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

/**
 * The Chinese notice, often with no label, that the site does not vouch for what it reprints or
 * for its readers' words: "转载并不代表本网赞同其观点", "本网站所刊载信息，不代表中新社和中新网观点",
 * "网友留言只代表个人观点，不代表大江网立场", "并不意味着赞同其观点". It disowns views, and names the
 * site, the reprint or the readers: a story's quote ("这不代表公司的立场") names neither.
 */
const DISOWNS = /不代表|(?:仅|僅|只)代表|(?:并|並)不意味/u
const VIEWS = /观点|觀點|立场|立場|赞同|贊同/u
const SITE = /本网|本網|本站|网站|網站|本报|本報|本刊|本台|转载|轉載|刊载|刊載|登载|登載|刊用|网友|網友/u

/** Whether a block's text is a site's disclaimer: opens with the label, or disowns the views it reprints. */
export const isDisclaimer = (text: string): boolean => opensDisclaimer(text) || (DISOWNS.test(text) && VIEWS.test(text) && SITE.test(text))
