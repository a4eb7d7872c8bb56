import { letterWords } from "./words.ts"

/** How pages sign what someone wrote: a date or a time of day (in the languages the extractor reads), a <time>. */

/**
 * A date or a time of day as comment systems print them: 10:32, 2019-11-19, 19/11/2019, Nov 19,
 * 2019, 19 November 2019; a day and a month named in German, Russian, Polish, Croatian or Greek
 * (the genitive, as dates are written: "12 марта 2020", "3. März 2021", "5 października 2019",
 * "14. siječnja 2008.", "7 Μαΐου 2018"; Croatian sites also write the nominative, "6. kolovoz
 * 2020."), French, Spanish or Italian ("12 de marzo de 2020"); 2020年1月12日.
 */
export const DATED = new RegExp(
  [
    /\b\d{1,2}:\d\d\b|\b\d{4}[./-]\d{1,2}[./-]\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/.source,
    /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b/.source,
    /\b\d{1,2}(?:st|nd|rd|th)? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,? \d{4}\b/.source,
    /(?<![\p{L}\d])\d{1,2}\.? ?(?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia|siječnja|veljače|ožujka|travnja|svibnja|lipnja|srpnja|kolovoza|rujna|studenoga|studenog|prosinca|siječanj|veljača|ožujak|travanj|svibanj|lipanj|srpanj|kolovoz|rujan|listopad|studeni|prosinac|ιανουαρίου|φεβρουαρίου|μαρτίου|απριλίου|μαΐου|ιουνίου|ιουλίου|αυγούστου|σεπτεμβρίου|οκτωβρίου|νοεμβρίου|δεκεμβρίου),? \d{4}/u
      .source,
    // French, Spanish, Italian: "1er mars 2020", "12 de marzo de 2020", "3 maggio 2021"
    /(?<![\p{L}\d])\d{1,2}(?:er|º)? (?:de )?(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|sept?iembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre),?(?: del?)? \d{4}/u
      .source,
    /\d{4}年\d{1,2}月\d{1,2}日/.source,
  ].join("|"),
  "iu",
)

/** the words besides its date a line that signs a post holds at most (a name, "wrote", "said on") */
const SIGNATURE_WORDS = 3
const DATED_ALL = new RegExp(DATED.source, "giu")

/**
 * A line that is a post's signature however it reads: a date or a time and a name at most
 * ("~Stargazer77 [2012-01-03 02:41]"). A long name alone reads as prose, as a word of prose
 * does; the date says whose line it is.
 */
export const isDatedSignature = (text: string): boolean => DATED.test(text) && letterWords(text.replace(DATED_ALL, " ")) <= SIGNATURE_WORDS

/**
 * Quotes signed by the page, not by the post they quote: a <time> outside the blockquotes (a
 * comment thread whose theme sets each comment in a <blockquote> under "Name wrote on <time>").
 * An embedded post carries its own date inside its quote, or as a plain link.
 */
export const signedOutsideQuotes = (el: Element): boolean => {
  for (const time of el.getElementsByTagName("time"))
    if (time.closest("blockquote") === null || !el.contains(time.closest("blockquote"))) return true
  return false
}
