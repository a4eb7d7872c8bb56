/**
 * The furniture lexicon: the class and id names (in English and the main European languages, with
 * a few Chinese and Japanese names in Latin letters), ARIA roles and tags that mark page furniture
 * (comments, related links, share bars, ads, sign-up boxes), and the names that mark an article's
 * body. `hintOf` reads an element's names into a nudge of its score.
 */
import { HEADING_TAGS, classOf, tagOf, textOf } from "./dom.ts"
import { unindexedHint } from "./unindexed.ts"

/** Names that mark page furniture whatever the element holds. */
const FURNITURE_NAME =
  /comment(?!ar(?:y|ies))|disqus|respond|trackback|pingback|sidebar|related|recommend|newsletter|subscri|social|sharing|share|promo|sponsor|advert|cookie|consent|popup|modal|breadcrumb|paginat|pager|footer|masthead|navbar|navigation|menu|widget|trending|popular|outbrain|taboola|signup|sign-up|login|author-?bio|author-?(?:box|card|info)\b|disclosure|disclaimer|affiliate|\bbio\b|extended-?bio|skip-?link|toolbar|overlay|copyright|more-?stories|jump-?to|tooltip|gallery|slideshow|carousel|lightbox|caption|credit|tag-?list|taglist|\bsecondary\b|(?:right|left|side)-?rail/
/** the weak names that hide an element (from screen, or from print), not style it: `visually-hidden`, `hidden-print` */
const HIDING_NAME = /hidden|\bhide\b|sr-only|offscreen|\bprint\b|no-?print/
/**
 * Names that usually mark furniture but also turn up on wrappers of the whole page ("page-ad-margins"),
 * or name a story's genre: "commentary" is an opinion piece, as German "Kommentar" is.
 */
const WEAK_FURNITURE_NAME = new RegExp(
  `${/commentar(?:y|ies)|banner|byline|read-?more|right-?col(?:umn)?(?!or)|side-?col(?:umn)?(?!or)|dateline|timestamp|\bads?\b|\bad-|-ad\b|\bnav\b|\btags\b|\bmeta\b|\brail\b|print-?(?:hide|hidden|none)/.source}|${HIDING_NAME.source}`,
)
/**
 * The same kinds of furniture as other languages name them: comments, related and recommended
 * links, share bars, ads, subscription and sign-up boxes, most-read lists (es, pt, fr, de, it, nl;
 * Polish, Czech, Russian and Swedish "reklama"; Chinese and Japanese names in Latin letters). French
 * "commentaires" and Italian "commenti" already match `comment`, Dutch "advertentie" `advert`. Only
 * stems no template gives its article text: "nota", "noticia", "artikel", "texto", "cuerpo" name
 * stories, "abonnes" (fr) a subscriber-only story, "delen" (nl) parts, so none is here.
 */
const FOREIGN_FURNITURE_NAME =
  /comentario|kommentare|komentarze|kommentarii|komentari\b|reacties|pinglun|relacionad|verwandt|gerelateerd|correlat[ie]\b|similaire|consigliat|aanbevol|xiangguan|tuijian|kanren|osusume|compartir|partilh|partag|condivi|\bteilen|fenxiang|publicidad|publicit(?!y)|pubblicit|\bwerb(?:ung|e)|reclame|reklam(?!ati)|guanggao|suscri|abonnement|abonnier|abonnez|iscriv|iscrizion|inscrev|inschrijv|anmeld|mas-?leid|mais-?lid|meist-?gelesen|meest-?gelezen|piu-?lett|plus-?lus\b/
/**
 * Weak in other languages: "kommentar" (de, sv), "komentar" (pl, cs, id) also name an opinion
 * column (their plurals, "kommentare", "komentarze" (pl), "komentari" (hr), "kommentarii" (ru in
 * Latin letters), are comments, and strong above); "recomendaciones" (es, pt), "empfehlung" (de) a section of advice or a review's verdict;
 * "boletin" (es) an official bulletin; "anzeige" (de) a display as well as an ad.
 */
const WEAK_FOREIGN_FURNITURE_NAME = /kommentar|komentar|recomend|empfehl|boletin|\banzeigen?\b/
/** names of the element that holds the story's text */
const BODY_NAME =
  /article-?body|articlebody|article-?content|article-?text|entry-?content|entry-?body|post-?content|post-?body|post-?text|story-?body|storybody|story-?content|story-?text|main-?content|body-?text|content-?body|rich-?text|richtext|prose|markdown-body|article__body|text-?body/
/** the bare words, which templates also build their furniture's names on */
const BODY_WORD = /\b(?:article|content)\b/g
const POSITIVE_HINT = new RegExp(`${BODY_NAME.source}|${BODY_WORD.source}`)
/** Whether an element's names hide it: read out by screen readers only, or printed only. */
export const hidesText = (el: Element): boolean => HIDING_NAME.test(`${el.getAttribute("id") ?? ""} ${classOf(el)}`.toLowerCase())

/** Roles and tags that are page furniture whatever their text. */
export const FURNITURE_ROLES = new Set([
  "navigation",
  "banner",
  "contentinfo",
  "complementary",
  "menu",
  "menubar",
  "dialog",
  "alert",
  "search",
  "tablist",
])
export const FURNITURE_TAGS = new Set(["nav", "aside", "footer", "form", "header", "menu", "figcaption"])
/**
 * Tags whose own role is a furniture role (complementary, navigation): furniture however much prose
 * they hold, as the roles are. Class names may say nothing (hashed by a CSS-in-JS build, or none),
 * and a sidebar of teasers then outweighs a short story. (A <form> may wrap a whole page, a <header>
 * a story's opening: those two are cut only when they hold little of it.)
 */
export const FURNITURE_LANDMARKS = new Set(["aside", "nav"])

export const hintOf = (el: Element): number => {
  const tag = tagOf(el)
  if (tag === "article" || tag === "main" || el.getAttribute("itemprop") === "articleBody" || el.getAttribute("role") === "main") return 1
  const unindexed = unindexedHint(el)
  if (unindexed < 0) return unindexed
  const id = el.getAttribute("id") ?? ""
  // a heading's id is its anchor, a slug whose underscores join its words ("nav_schredder_statt"), not separate names
  const names = HEADING_TAGS.has(tag) ? id.replace(/_/g, "") : id
  const hint = hintOfNames(`${names} ${classOf(el)}`.toLowerCase())
  // an id that spells the element's own heading is its text, not its template's name
  return hint < 0 && spellsHeading(el, id) ? hintOfNames(classOf(el).toLowerCase()) : hint
}

/** the hint of each names string met: templates repeat their class names, and the five patterns cost a page 3 % of its time */
const hintsOfNames = new Map<string, number>()
/** past this many names strings (a hostile page's unique names) the cache starts again */
const HINTS_CACHED = 4096

const hintOfNames = (names: string): number => {
  if (names.length < 2) return 0
  const known = hintsOfNames.get(names)
  if (known !== undefined) return known
  if (hintsOfNames.size >= HINTS_CACHED) hintsOfNames.clear()
  const hint = hintOfNamesUncached(names)
  hintsOfNames.set(names, hint)
  return hint
}

/**
 * Taxonomy names: blog engines name a post's element after its categories and tags
 * (`category-advertising`, `entry-category-social_media`, `tag-comments`); those are the post's
 * subjects, not what the element is. A list or cloud of tags keeps its name.
 */
const TAXONOMY_NAME = /\b(?:category|tag)[-_](?!(?:list|cloud|links?|box)\b)[\w-]+/g

/**
 * Names a page's scripts find elements by (`js-lightbox-gallery`: a click on its picture opens it
 * large), which say what a script does with the element, not what it holds: a story's paragraphs
 * beside a picture so named were cut as a gallery.
 */
const SCRIPT_HOOK = /(?:^|\s)js-\S*/g

/**
 * A page builder's name for every block it lays out: Elementor makes each heading, paragraph and
 * image an `elementor-widget` (`elementor-widget-text-editor`, `elementor-widget-theme-post-content`),
 * so its "widget" says nothing. The kind after it still counts (`elementor-widget-nav-menu`).
 */
const BUILDER_WIDGET = /\belementor-widget\b/g

/**
 * Word's paragraph styles: a document saved from Word names each paragraph after its style
 * (`MsoNormal`, `MsoCommentText`, `MsoHeader`, `MsoFooter`), which says how the writer formatted
 * the text, not what part of a site it is: a press release's last paragraphs, set in Word's
 * comment style, were cut as comments.
 */
const WORD_STYLE_NAME = /\bmso[a-z][\w-]*/g

/**
 * Names that hide an element on small screens only (`responsive-hide`, `mobile-hidden`,
 * `hidden-xs`, `hide-on-phone`): a forum's "by <name> » date" line so named is on every post a
 * desktop reader sees, and read as "hide" it was cut. Hiding on large screens (`hidden-lg`) still counts.
 */
const SMALL_SCREEN_HIDING =
  /\b(?:(?:responsive|mobile|phone|tablet|small|xs|sm)[-_]?(?:hide|hidden)|(?:hide|hidden)[-_](?:on[-_])?(?:mobile|phone|tablet|small|xs|sm|for[-_]small))\b/g

const hintOfNamesUncached = (names: string): number => {
  names = names
    .replace(SCRIPT_HOOK, " ")
    .replace(BUILDER_WIDGET, " ")
    .replace(TAXONOMY_NAME, " ")
    .replace(WORD_STYLE_NAME, " ")
    .replace(SMALL_SCREEN_HIDING, " ")
  if (names.search(BODY_WORD) >= 0) names = names.split(" ").map(withoutBodyWord).join(" ")
  if (POSITIVE_HINT.test(names)) return 1
  // "box_text_ads", "post_tags": underscores join names as hyphens do. Not for the body's names,
  // read before: an "article_full_content" wraps the story and its lists, and was chosen whole
  names = names.replace(/_/g, "-")
  if (FURNITURE_NAME.test(names) || FOREIGN_FURNITURE_NAME.test(names)) return -2
  if (WEAK_FURNITURE_NAME.test(names) || WEAK_FOREIGN_FURNITURE_NAME.test(names)) return -1
  return 0
}

/**
 * A furniture name built on "article" or "content" (`comment-content`, as WordPress names each
 * comment's text, `comment-article`, `related-content`, `article-meta`) names the furniture: read
 * as "article" it made a comment thread positive, and it joined the story. The bare word is
 * dropped from such a name; a name of the story's body (`article-body`) stays whole.
 */
const withoutBodyWord = (name: string): string =>
  !BODY_NAME.test(name) &&
  (FURNITURE_NAME.test(name) ||
    FOREIGN_FURNITURE_NAME.test(name) ||
    WEAK_FURNITURE_NAME.test(name) ||
    WEAK_FOREIGN_FURNITURE_NAME.test(name))
    ? name.replace(BODY_WORD, " ")
    : name

/** letters and digits only, lower case: how an id and a heading are compared */
const squeezed = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "")

/**
 * Whether `id` is a slug of the element's heading, as documentation generators and Markdown
 * renderers name sections ("sharing-with-a-single-developer" for "Sharing with a single
 * developer"): words of the text, not a name the template gives its furniture. Three words at
 * least, so that "comments" over "Comments" or "related-posts" over "Related posts" still count.
 */
const spellsHeading = (el: Element, id: string): boolean => {
  if (id.split(/[-_.\s]+/).filter(Boolean).length < 3) return false
  const heading = HEADING_TAGS.has(tagOf(el)) ? el : el.querySelector("h1, h2, h3, h4, h5, h6")
  if (heading === null) return false
  let decoded = id
  try {
    decoded = decodeURIComponent(id)
  } catch {
    // an id with a stray "%" is compared as it is
  }
  const wanted = squeezed(decoded)
  return wanted.length > 0 && wanted === squeezed(textOf(heading))
}
