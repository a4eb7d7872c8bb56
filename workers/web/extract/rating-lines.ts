/**
 * A rating widget's lines under a story: the prompt ("War der Artikel nützlich?", "Was this
 * article helpful?", "Bewerten Sie dieses Produkt"), the score and the count of votes ("4,73 von
 * 5", "(95 Stimmen)", "(Noch keine Bewertungen)") and the script's "Loading…" placeholder. They are
 * the page's controls, not the article's words, and are cut as the page's tools are
 * (`page-tools.ts`), line by line from the end.
 */
import { fold, folded } from "./fold.ts"

/** the prompt, in English and German */
const PROMPT_EN_DE =
  "(?:war|ist) (?:der|dieser|dieses|das) (?:artikel|beitrag|text|rezept|produkt|inhalt) (?:hilfreich|nützlich|informativ)\\??|wie (?:hilfreich|nützlich|gut) (?:war|ist|fanden sie) (?:der|dieser|dieses|das) (?:artikel|beitrag|rezept|produkt)\\??|(?:bewerten sie|bewerte) (?:diesen|den|dieses|das) (?:artikel|beitrag|rezept|produkt)|(?:artikel|beitrag|rezept) bewerten|was this (?:article|post|page|story|answer|recipe) (?:helpful|useful)\\??|rate this (?:article|post|story|recipe|product)|(?:noch )?keine bewertungen(?: vorhanden)?|no ratings yet|be the first to rate"
/**
 * the prompt and the thanks for a vote as Russian, Ukrainian, Polish, Croatian, French, Spanish and
 * Italian templates print them: "Оцените, пожалуйста, статью. Нам важно Ваше мнение.", "Спасибо!
 * Ваше мнение учтено.", "Оцініть матеріал:", "Oceń artykuł:", "Czy ten artykuł był pomocny?",
 * "Ocijenite članak", "Cet article vous a-t-il été utile ?", "Valora este artículo"
 */
const PROMPT_ELSEWHERE = [
  "оцените,?\\s*(?:пожалуйста,?\\s*)?(?:эту\\s+|этот\\s+|данн\\S+\\s+)?(?:статью|материал|новость|публикацию|запись)[.!:]?",
  "нам важно ваше мнение[.!]?",
  "(?:вам\\s+)?понравил(?:ась|ся|ось)\\s+(?:ли\\s+)?(?:эта\\s+|этот\\s+)?(?:статья|материал|новость|публикация)\\??",
  "спасибо[!,.]?\\s*(?:ваш\\S*\\s+(?:мнение|голос|оценка)\\s+(?:учтен\\S*|принят\\S*)|за\\s+(?:ваш\\S*\\s+)?(?:голос|оценку))[.!]?",
  "оцініть,?\\s*(?:будь\\s+ласка,?\\s*)?(?:цю\\s+|цей\\s+)?(?:статтю|матеріал|новину|публікацію)[.!:]?",
  "(?:вам\\s+)?сподобал(?:ася|ся|ось)\\s+(?:ця\\s+|цей\\s+)?(?:стаття|матеріал|новина)\\??",
  "дякуємо[!,.]?\\s*(?:ваш\\S*\\s+(?:голос|оцінк\\S*)\\s+(?:враховано|зараховано|прийнято)|за\\s+(?:ваш\\S*\\s+)?(?:голос|оцінку))[.!]?",
  "oceń\\s+(?:ten\\s+)?(?:artykuł|tekst|materiał|wpis)[.!:]?",
  "czy\\s+(?:ten\\s+)?(?:artykuł|tekst)\\s+(?:był|jest)\\s+(?:pomocny|przydatny|ciekawy)\\??",
  "dziękujemy\\s+za\\s+(?:\\S+\\s+)?(?:ocenę|głos)[.!]?",
  "ocijenite\\s+(?:ovaj\\s+)?(?:članak|tekst)[.!:]?",
  "je\\s+li\\s+(?:vam\\s+)?(?:ovaj\\s+)?članak\\s+bio\\s+koristan\\??",
  "notez\\s+cet\\s+article",
  "cet\\s+article\\s+vous\\s+a-t-il\\s+été\\s+utile\\s*\\??",
  "valora\\s+(?:este|esta)\\s+(?:artículo|noticia)",
  "¿?(?:te|le)\\s+(?:ha\\s+resultado|resultó)\\s+útil\\s+(?:este|esta)\\s+(?:artículo|noticia|información)\\??",
  "vota\\s+questo\\s+articolo",
  "questo\\s+articolo\\s+(?:ti\\s+)?è\\s+stato\\s+utile\\??",
].join("|")
const PROMPT = `${PROMPT_EN_DE}|${PROMPT_ELSEWHERE}`
/**
 * a score and a count of votes; a score's last number ends where its digits do, or a run of scores
 * set without a mark between them ("1/111/11…") could be split anywhere, each way tried in turn
 */
const SCORE = "\\d+(?:[.,]\\d+)?\\s*(?:(?:/|von|of|out of|aus)\\s*)+\\d+(?!\\d)(?:\\s*(?:sternen?|stars?|punkten?|points?))?"
const COUNT =
  "\\d+\\s*(?:stimmen|bewertungen|votes|ratings|reviews|голос(?:а|ов)?|głos(?:y|ów)?|glas(?:a|ova)?|votos|voti|voix)(?![\\p{L}])"
/** a widget's line: prompt, count and score in any order, in brackets or not, or the placeholder alone */
const RATING = folded(
  new RegExp(
    `^(?:[\\s(),:|·-]*(?:${PROMPT}|${COUNT}|${SCORE}))+[\\s()|·.-]*$|^(?:loading|wird geladen|lädt|загрузка|завантаження|ładowanie|učitavanje|chargement|cargando|caricamento)\\s*(?:\\.{3}|…)?$`,
    "iu",
  ),
)

/**
 * the longest line of a rating widget: its prompt, score and votes are a few words. A longer text is
 * not tried: a prompt's closing mark and the separator after it may both take a ":", so a run of
 * prompts could be split every way, each tried in turn
 */
const RATING_LINE = 200

/** Whether `text` is a line of a rating widget. */
export const isRatingLine = (text: string): boolean => {
  const line = fold(text).trim()
  return line.length <= RATING_LINE && RATING.test(line)
}
