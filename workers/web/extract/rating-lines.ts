/**
 * A rating widget's lines under a story: the prompt ("War der Artikel nützlich?", "Was this
 * article helpful?", "Bewerten Sie dieses Produkt"), the score and the count of votes ("4,73 von
 * 5", "(95 Stimmen)", "(Noch keine Bewertungen)") and the script's "Loading…" placeholder. They are
 * the page's controls, not the article's words, and are cut as the page's tools are
 * (`page-tools.ts`), line by line from the end.
 */
import { fold, folded } from "./fold.ts"

/** the prompt, in English and German */
const PROMPT =
  "(?:war|ist) (?:der|dieser|dieses|das) (?:artikel|beitrag|text|rezept|produkt|inhalt) (?:hilfreich|nützlich|informativ)\\??|wie (?:hilfreich|nützlich|gut) (?:war|ist|fanden sie) (?:der|dieser|dieses|das) (?:artikel|beitrag|rezept|produkt)\\??|(?:bewerten sie|bewerte) (?:diesen|den|dieses|das) (?:artikel|beitrag|rezept|produkt)|(?:artikel|beitrag|rezept) bewerten|was this (?:article|post|page|story|answer|recipe) (?:helpful|useful)\\??|rate this (?:article|post|story|recipe|product)|(?:noch )?keine bewertungen(?: vorhanden)?|no ratings yet|be the first to rate"
/**
 * a score and a count of votes; a score's last number ends where its digits do, or a run of scores
 * set without a mark between them ("1/111/11…") could be split anywhere, each way tried in turn
 */
const SCORE = "\\d+(?:[.,]\\d+)?\\s*(?:(?:/|von|of|out of|aus)\\s*)+\\d+(?!\\d)(?:\\s*(?:sternen?|stars?|punkten?|points?))?"
const COUNT = "\\d+\\s*(?:stimmen|bewertungen|votes|ratings|reviews)"
/** a widget's line: prompt, count and score in any order, in brackets or not, or the placeholder alone */
const RATING = folded(
  new RegExp(`^(?:[\\s(),:|·-]*(?:${PROMPT}|${COUNT}|${SCORE}))+[\\s()|·.-]*$|^(?:loading|wird geladen|lädt)\\s*(?:\\.{3}|…)?$`, "iu"),
)

/** Whether `text` is a line of a rating widget. */
export const isRatingLine = (text: string): boolean => RATING.test(fold(text).trim())
