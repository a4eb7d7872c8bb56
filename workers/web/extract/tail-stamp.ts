/**
 * A stamp under the story ("Last Updated: January 7, 2008 14:47 EST", "Originally posted
 * 2011-04-26 19:03:38.", "Zuletzt aktualisiert: 12.03.2020", "发布时间：2020-01-12") is the page's
 * record of the story, not its words; a dateline at the content's start is cut as a byline
 * (`cutEdgePromos`), one at its end was kept. Among the content's last blocks, a short one that
 * opens with such a word and then gives a date or a time, and little else, is cut.
 */
import type { PageMeasure } from "./article.ts"
import { textOf } from "./dom.ts"
import { blocksIn } from "./edges.ts"
import { fold, folded } from "./fold.ts"
import { DATED } from "./signed.ts"
import { isStamp } from "./stamps.ts"
import { isSourceLine } from "./source-line.ts"
import { wideLength } from "./wide-sentence.ts"

/** how many of the content's last blocks are looked at */
const TAIL = 3

/**
 * A note on where the article ran in print ("A version of this article appeared in print on
 * 11/06/2012, on page A12 of the New York edition…", "This article was originally published on
 * page 20 of The Pretoria News…", "The full article contains 339 words and appears in … newspaper"):
 * it speaks of the article itself, not of what the article tells.
 */
const PRINT_NOTE =
  /^(?:an? (?:version|earlier version|shorter version|edited version) of )?(?:this|the full) (?:article|story|piece|column|report)\b.{0,60}?\b(?:appeared|appears|ran|was (?:originally |first )?published)\b.{0,100}?\b(?:in print|on page|newspaper|magazine|(?:print|\w+) edition)\b/i
/**
 * The same note as other languages' papers and broadcasters print it: "Über dieses Thema berichtete
 * das Fernsehen am 3. August 2020 um 08:00 Uhr.", "Dieser Artikel erschien in der Printausgabe…",
 * "Article paru dans l'édition du…", "Artykuł ukazał się w wydaniu…", "Статья опубликована в
 * номере…", "Članak je objavljen u tiskanom izdanju…", "Το άρθρο δημοσιεύθηκε στην έντυπη έκδοση…".
 */
const PRINT_NOTE_ELSEWHERE = folded(
  /^(?:über dieses thema (?:berichtete|berichteten|berichtet)\s.{1,80}?\s(?:am|im|in)\s|dieser (?:artikel|beitrag|text) (?:ist |erschien |wurde ).{0,80}?(?:ausgabe|zeitung|magazin|heft)|(?:cet )?article (?:est )?paru (?:dans|le)\s|(?:este )?(?:artículo|texto) (?:fue publicado|se publicó|apareció) en (?:la edición|el número|la versión impresa|papel)|(?:questo )?articolo (?:è stato pubblicato|è apparso|è uscito) (?:sul|sulla|nel|nell'edizione)\s|(?:artykuł|tekst) (?:ukazał się|został opublikowany) w (?:wydaniu|numerze|tygodniku|dzienniku|gazecie|magazynie)|(?:статья|материал) (?:опубликован[аоы]?|вышл[аи]) в (?:номере|газете|журнале|выпуске|печатной)|(?:članak|tekst) je (?:objavljen|izašao) u (?:tiskanom|broju|novinama|časopisu)|(?:το )?(?:άρθρο|κείμενο) δημοσιεύθηκε (?:στην|στο|στις) (?:έντυπη|εφημερίδα|έκδοση|φύλλο))/iu,
)
/** the longest such note: a headline may follow "with the headline:" */
const MAX_NOTE = 300

/** Whether `text` tells where the article appeared in print. */
export const isPrintNote = (text: string): boolean =>
  text.length <= MAX_NOTE && (PRINT_NOTE.test(text.trim()) || PRINT_NOTE_ELSEWHERE.test(fold(text.trim())))

/**
 * The credit line a Chinese story ends with: the source it was taken from or its editor, a label
 * and a name alone on the line, often in brackets ("来源：新华网", "（责任编辑：魏喆）", "编辑：山石",
 * "【责任编辑：张三】", "(责编： 山水)", "（責任編輯：趙晗）", "(陈巍 编辑)"). Chinese news templates print one under every story; its words are the
 * site's record, as a stamp is. A label with more after the name ("来源：巴彦淖尔日报 编辑：苏亮")
 * is left alone.
 */
const CREDIT = /^[（(【[]?\s*(?:责任编辑|責任編輯|编辑|編輯|责编|責編|来源|來源|稿源)\s*[:：]\s*[^\s:：（）()【】[\]]{1,20}\s*[）)】\]]?$/u
/** the editor's, writer's or translator's name before the word, in brackets: "(陈巍 编辑)", "(曹文明 編輯)", "(李艳 撰稿)", "(李军伟 编译)" */
const CREDIT_AFTER = /^[（(【[]\s*[^\s:：（）()【】[\]]{1,12}\s*(?:编辑|編輯|责编|責編|撰稿|编译|編譯|供稿)\s*[）)】\]]$/u
/**
 * The writer or the source in brackets in other words: "（文/赵勇）", "(據《重慶晚報》)" (according to).
 * "（張文祿報導）" (reports) and "(本文来源：东方体育日报 作者：黄靖宇)" are left: references keep them.
 */
const CREDIT_BRACKETED = /^[（(]\s*(?:(?:文|图|圖|文图|文圖)\s*[/／]\s*[^\s:：（）()/／]{1,12}|(?:据|據)\s*《[^》]{1,20}》)\s*[）)]$/u

/**
 * The writer's name or the source alone in round brackets, with no label: a name of two or three
 * characters ("（王齐波）", "（袁源）"), or a site, paper, station or wire by its last word ("(金羊网)",
 * "（证券时报网快讯中心）", "（即時新聞）"). A remark of the story's own in brackets ("（据说如此）")
 * is longer than a name and no outlet's name, and the marks that end a story ("（全文完）", "（待续）")
 * are left; so is "（張文祿報導）" (reports), as above.
 */
const CREDIT_BARE = /^[（(]\s*(?:\p{Script=Han}{2,3}(?<![完续續])|[\p{L}\p{N}]{1,10}(?:网|網|报|報|社|台|中心|新闻|新聞))\s*[）)]$/u

/** Whether `text` is a Chinese story's closing credit line (simplified or traditional characters). */
export const isCredit = (text: string): boolean =>
  CREDIT.test(text) || CREDIT_AFTER.test(text) || CREDIT_BRACKETED.test(text) || CREDIT_BARE.test(text)

/**
 * A post's signature under it: who posted it and when ("Posted by msshell at 07:23 AM", "Written
 * by: tmatt on August 9, 2012.", "- 作者： 流泉 访问统计： 2005年08月30日, 星期二 13:22 加入博采"),
 * as blog engines and forums print one under every entry. It opens with the word that signs, in
 * the furniture-name languages, and holds a date or a time. "By" alone is left: a story's last line
 * may open with it ("By July 2002, he had…"), and some truths keep a closing "by Name, date".
 */
const SIGNED_BY = folded(
  /^[\s—–-]*(?:(?:posted|written|submitted|published) by|geschrieben von|verfasst von|eingestellt von|publié par|écrit par|posté par|publicado por|escrito por|postado por|pubblicato da|scritto da|geplaatst door|geschreven door|dodane przez|opublikował[a]?|objavio|objavila|автор\s*:|作者\s*[:：]|发表于|发布者\s*[:：]|发帖人\s*[:：])/iu,
)
/** the longest signature, a Chinese or Japanese character counted three */
const MAX_SIGNATURE = 250

/** Whether `text` signs a post: who posted it, and when. */
export const isSignature = (written: string): boolean => {
  const text = fold(written)
  return wideLength(text) <= MAX_SIGNATURE && SIGNED_BY.test(text) && DATED.test(text)
}

/** Cuts a publication or update stamp, a note of the print edition, a credit or source line or a post's signature among the last blocks of `root`. */
export const cutTailStamp = (root: Element, page: PageMeasure): void => {
  for (const block of blocksIn(root, page).slice(-TAIL)) {
    const text = textOf(block)
    if (isStamp(text) || isPrintNote(text) || isCredit(text) || isSignature(text) || isSourceLine(text)) block.remove()
  }
}
