/**
 * A line that is a date alone, with its time and the words a template sets around them ("16
 * January 2012 Last updated at 22:04 GMT", "6:50pm UK, Wednesday January 11, 2012", "17 January
 * 2012"): the page's record of when the story ran, not its words. A date written in words, with no
 * digits but the day and the year, escapes the numeric dates that `edges.ts` reads as datelines.
 */
import { fold, folded } from "./fold.ts"

/** months and weekdays, whole or cut short, in English, German, French, Spanish, Italian, Portuguese and Dutch */
const MONTH =
  "jan(?:uary|uar|vier|eiro|uari)?|feb(?:ruary|ruar|rero|braio|ruari)?|f[eé]vrier|fevereiro|m[aä]r(?:ch|z|s|zo|ço|t)?|apr(?:il|ile)?|avril|abril|may|mai|mayo|maggio|maio|mei|jun(?:e|i|io|ho)?|juin|giugno|jul(?:y|i|io|ho)?|juillet|luglio|aug(?:ust|ustus)?|ao[uû]t|agosto|sep(?:t|tember|tiembre|tembre)?|setembro|settembre|oct(?:ober|obre|ubre)?|okt(?:ober)?|ottobre|outubro|nov(?:ember|embre|embro)?|dec(?:ember)?|dez(?:ember|embro)?|d[eé]cembre|diciembre|dicembre"
const WEEKDAY =
  "mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo"
/** a day and a month in words, either way round ("17 January", "January 17", "Jan. 12"), or a numeric date */
const DATE = folded(
  new RegExp(
    `\\b(?:\\d{1,2}(?:st|nd|rd|th)?\\.?\\s+(?:of\\s+)?(?:${MONTH})\\b|(?:${MONTH})\\b\\.?\\s+\\d{1,2}\\b|\\d{4}[./-]\\d{1,2}[./-]\\d{1,2}|\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4})`,
    "iu",
  ),
)
/** what a dateline holds besides its date: numbers, months, weekdays, times, zones, the stamp's words and marks */
const FILLER = folded(
  new RegExp(
    `\\b(?:${MONTH}|${WEEKDAY})\\b\\.?|\\d+(?:st|nd|rd|th|[ap]\\.?m\\.?|h)?|\\b(?:[ap]\\.?m\\.?|gmt|utc|bst|cet|cest|mez|mesz|[ecmp][sd]?t|ist|uhr|h|last|updated?|modified|published|posted|created|on|at|the|of|am|um|le|el|uk)\\b|[\\s\\p{P}\\p{S}]+`,
    "giu",
  ),
)
/** a dateline is short */
const MAX_LINE = 80

/** Whether `text` is a date alone, with its time, zone and the words of a stamp ("Last updated at"). */
export const isDateLine = (written: string): boolean => {
  const text = fold(written).trim()
  return text.length <= MAX_LINE && DATE.test(text) && text.replace(FILLER, "") === ""
}
