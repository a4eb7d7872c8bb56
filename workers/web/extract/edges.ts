/**
 * The last cuts inside the content found, at its edges: a block that announces links to other
 * pages with the link lists after it, promotions and bylines among the first and last blocks,
 * and a call-to-action box at the end.
 */
import { isSocialCall } from "./social-calls.ts"
import type { PageMeasure } from "./article.ts"
import { BLOCK_TAGS, HEADING_TAGS, TEXT_NODE, isElement, shapeOf, tagOf, textOf } from "./dom.ts"
import { wideCount, wideLength } from "./wide-sentence.ts"
import { fold, folded } from "./fold.ts"
import { DISCLAIMER_TEXT, isDisclaimer } from "./disclaimer.ts"
import { isToolsLine } from "./tool-words.ts"
import { isStampLine } from "./stamps.ts"
import { isDateLine } from "./datelines.ts"
import { isReprintNotice } from "./reprint-notice.ts"

/** The page's blocks inside `root` that are still in it (earlier cuts removed some), in order. */
export const blocksIn = (root: Element, page: PageMeasure): Element[] => page.blocks.filter((el) => root !== el && root.contains(el))

/**
 * The words that open a list of links to other pages ("Related posts", "You may also like"), in
 * English, then as templates in other languages word them (`RELATED_LEAD_ELSEWHERE`).
 */
const RELATED_LEAD = folded(
  /^(?:related(?: (?:posts?|articles?|stories|content|reading|links|coverage))?|(?:you|we think you) (?:may|might|will|would) (?:also )?(?:like|enjoy|love|be interested in)(?: this| these| reading)?|(?:read|see) (?:more|also|next)|more (?:in|from|on|about|like this|stories|articles|news|posts|coverage)\b.{0,40}|recommended(?: for you| reading| stories| articles)?|further reading|popular (?:posts|stories|articles|now)|trending(?: now| stories)?|(?:don't|do not) miss|also read|keep reading|what to read next)\W*$/i,
)
const RELATED_PREFIX = /^(?:related|see also|read (?:more|also|next)|also read)(?: (?:post|article|story|link|reading)s?)?\s*:/i
/**
 * "Read also", "Related articles", "More on this", "Recommended" in the languages after English
 * that the web's news and blogs are most read in here: German, Russian, Polish, Croatian (and
 * Serbian, Bosnian in Latin letters), Greek, Chinese, French, Spanish, Italian, Portuguese, Dutch.
 * Only the whole short block counts (a heading, a label), as in English: the same words inside a
 * sentence are the article's. A colon may end it. The same words are a label before a link of
 * their own line ("Lesen Sie auch: <a>…</a>", "Le puede interesar: <a>…</a>"), as "Related:" is.
 */
const ELSEWHERE_WORDS = fold(
  /(?:lesen sie|lies) (?:auch|mehr|weiter)(?: (?:die|den|das|unsere) (?:folgenden |nächsten |weiteren )?(?:beiträge|artikel|texte))?|mehr zum thema|mehr (?:themen|artikel|beiträge)|mehr (?:zu|zum|zur|über|aus) [^.!?]{1,40}|meistgelesen(?:e artikel)?|ähnliche artikel|auch interessant|weitere (?:artikel|beiträge|nachrichten|meldungen|texte|themen)(?: (?:zum|zur|zu|aus|von|über|im|in|der|des|dieser|dieses) [^.!?]{1,40})?|alle (?:artikel|beiträge|texte) (?:zum|zur|zu|über|von|aus) [^.!?]{1,40}|kommentierte artikel|verwandte (?:artikel|themen|beiträge)|das könnte sie (?:auch )?interessieren|(?:auch|zum) (?:lesen|weiterlesen)|meistdiskutiert(?:e artikel)?|(?:читайте|смотрите) (?:также|ещё|еще)|(?:ещё|еще|больше) (?:по теме|новостей|статей)|(?:ссылки|новости|статьи|материалы|публикации) по (?:этой |данной )?теме|по теме|(?:вас|вам) (?:также )?может (?:заинтересовать|быть интересно|понравиться)|другие (?:новости|материалы|статьи)(?: по (?:этой |данной )?теме)?|самое (?:читаемое|популярное)|последние новости|похожие (?:статьи|новости|материалы|записи)|(?:czytaj|zobacz|przeczytaj) (?:też|także|również|więcej)|polecamy|może (?:cię|was|pana|panią) (?:też |także |również )?zainteresować|najczęściej czytane|więcej na ten temat|(?:podobne|powiązane) (?:artykuły|wpisy|tematy)|(?:pročitajte|procitajte|pogledajte) (?:i|još|jos|također|takođe)|(?:povezane|vezane|slične|srodne) (?:vijesti|vesti|teme|članke|članci|objave)|najčitanije|(?:možda vas|moglo bi vas) (?:zanima|zanimati|zanimaju)|još vijesti|διαβάστε (?:ακόμα|ακόμη|επίσης|περισσότερα)|δείτε (?:ακόμα|ακόμη|επίσης)|σχετικά (?:άρθρα|θέματα|νέα)|δημοφιλή|(?:μπορεί να )?σας ενδιαφέρει|τελευταία νέα|(?:lire|voir) aussi|vous aimerez (?:aussi|également)|(?:cela|ceci) (?:pourrait|peut) vous intéresser|à lire aussi|(?:articles?|sur le même sujet) (?:similaires|liés|connexes)|(?:lea|lee|ver) (?:también|más)|(?:noticias|notas|artículos) relacionad[oa]s|(?:también )?(?:le|te) puede(?:n)? interesar|(?:leggi|vedi) anche|articoli correlati|(?:ti )?potrebbe(?:ro)? (?:anche )?interessar(?:ti|e)|(?:leia|veja) (?:também|mais)|(?:notícias|artigos) relacionad[oa]s|lees (?:ook|meer)|gerelateerde artikelen|(?:推荐|相关|延伸|热门|更多)(?:阅读|文章|新闻|资讯|报道|链接)|猜你喜欢|(?:相关|精彩|热点|热门|编辑)推荐|更多精彩|(?:推薦|相關|延伸|熱門|更多)(?:閱讀|文章|新聞|資訊|報導|報道|連結|鏈接)|猜你喜歡|(?:相關|精彩|熱點|熱門|編輯)推薦|(?:последние|свежие) (?:публикации|статьи|материалы)(?: на сайте)?/
    .source,
)
const RELATED_LEAD_ELSEWHERE = new RegExp(`^(?:${ELSEWHERE_WORDS})\\s*[:：]?\\s*$`, "iu")
const RELATED_PREFIX_ELSEWHERE = new RegExp(`^(?:${ELSEWHERE_WORDS})\\s*[:：]`, "iu")

/** marks and symbols at either end of a short block: a template's ornaments around a heading's words */
const EDGE_MARKS = /^[\p{S}\p{P}\s]+|[\p{S}\p{P}\s]+$/gu

/** Whether a short line announces links to other pages ("Related posts", "Читайте также", "相關新聞"), set between marks or not ("▪ Latest posts ▪", "※相關新聞》"). */
export const isRelatedLead = (text: string): boolean => {
  const bare = fold(text).replace(EDGE_MARKS, "")
  return RELATED_LEAD.test(bare) || RELATED_LEAD_ELSEWHERE.test(bare)
}

/** the longest heading or label that announces links ("Related posts", "Читайте также:") */
const LABEL_TEXT = 80
/** the longest line of a label and the link it announces ("Lea más: <a>…</a>") */
const PREFIXED_LINE = 250
/** the share of such a line after its label that its link holds: the rest of the line is the link */
const LINKED_REST = 0.9

/** the visible characters per link below which a block is a list of links, however much else its lines hold */
const LINKED_LINE = 60

/** a teaser's headline is at least this long (a Chinese character counts three): shorter lines are labels, tags, "More" */
const TEASER_HEADLINE = 15
/** the most text a teaser holds per headline: its summary, byline and tags, not a story's part */
const TEASER_TEXT = 600

/**
 * Whether a block is a list of teasers: two or more stories each led by a link to it, a line that
 * is the link alone (its headline) or a link (its picture) over a block of its summary, with no
 * more text under each than a summary. The announced list is such a block though its summaries
 * read as prose. Earlier cuts may have taken the headlines and left the pictures.
 */
const isTeaserList = (el: Element, text: number): boolean => {
  let teasers = 0
  for (const link of el.querySelectorAll("a[href]")) {
    if (link.getAttribute("href")?.startsWith("#")) continue
    const line = link.parentElement
    const words = textOf(link)
    const summary = link.nextElementSibling
    if (line !== null && BLOCK_TAGS.has(tagOf(line)) && wideLength(words) >= TEASER_HEADLINE && textOf(line) === words) teasers++
    else if (
      words === "" &&
      summary !== null &&
      BLOCK_TAGS.has(tagOf(summary)) &&
      summary.querySelector("a[href]") === null &&
      textOf(summary) !== ""
    )
      teasers++
  }
  return teasers >= 2 && text <= teasers * TEASER_TEXT
}

/**
 * Cuts what announces links to other pages inside the content, with the links that follow it:
 * a short block that reads as such a heading, and its next siblings until one holds prose.
 */
export const cutRelatedLinks = (root: Element, page: PageMeasure): void => {
  for (const el of Array.from(root.querySelectorAll("h2, h3, h4, h5, h6, p, div, strong, b, span, li"))) {
    if (!root.contains(el)) continue
    const m = page.measures.get(el)
    // past a label's length only a line mostly of links is read: most of the story's paragraphs are no longer than such a line
    if (m === undefined || m.text > PREFIXED_LINE || (m.text > LABEL_TEXT && m.link < m.text * LINKED_REST * 0.5)) continue
    const text = textOf(el)
    const words = fold(text)
    const prefixed = (RELATED_PREFIX.test(words) || RELATED_PREFIX_ELSEWHERE.test(words)) && m.link > 0
    // a label before a link is as short; the link after it is a headline, as long as a headline is ("Lea más: <a>…</a>")
    if (m.text > LABEL_TEXT && !(prefixed && m.link >= (m.text - words.search(/[:：]/)) * LINKED_REST)) continue
    // the heading is the box it alone fills: "<td><b>相关报道：</b></td>" in a row of its own, the links in the next row
    let box = el
    for (
      let up = box.parentElement;
      up !== null && up !== root && page.measures.get(up)?.text === m.text && textOf(up) === text;
      up = up.parentElement
    )
      box = up
    // inline text ("Read more" inside a paragraph) is not a heading over what follows it
    const lead = BLOCK_TAGS.has(tagOf(box)) && m.text <= LABEL_TEXT && isRelatedLead(text)
    if (!lead && !prefixed) continue
    let next = box.nextElementSibling
    box.remove()
    if (!lead) continue
    while (next !== null) {
      const n = page.measures.get(next)
      // prose stops the cut; a list of headlines with dates and sources beside them, a link every line, does not
      if (
        n !== undefined &&
        n.prose > 0 &&
        n.link / Math.max(1, n.text) <= 0.5 &&
        next.querySelectorAll("a[href]").length * LINKED_LINE <= n.text &&
        !isTeaserList(next, n.text)
      )
        break
      const after = next.nextElementSibling
      next.remove()
      next = after
    }
  }
}

/**
 * What a site says about itself around an article: calls to subscribe, to sign up for its
 * newsletter, to follow the writer, to send tips, to share the story, told to the reader as a
 * sentence that opens with the verb ("Subscribe to…", "Follow her on…", "Share it with a friend!",
 * "Sharing is caring!"), or an offer of news by email and its "Click here to sign up". A news
 * site's call for stories opens with a question to the reader ("Got a news tip or want to contact
 * us directly? Email…", "Do you have a story for our news team?", "If you've got a story, video or
 * pictures get in touch…"). Calls to write to the editor or to fund the site ("Submit a letter to
 * the editor", "Donate to … now", "would you consider supporting our work?") are the site's too.
 * English only, as RELATED_LEAD.
 */
const PROMO =
  /(?:^|[.!?]\s+)(?:subscribe|sign up|follow (?:us|him|her|me|them)|join (?:us|our)|get (?:the latest|access|our)|have a (?:news )?tip|(?:got|have|do you have|if you(?:['’]ve| have)? got|if you have) (?:a|any) (?:news )?(?:tips?|story|stories|pictures)|want more|share (?:this|it)|like this (?:story|article|post)\?|sharing is caring|donate (?:to|now|today))\b|\b(?:write|submit|send) (?:a |your |us a )?letters? to the editor\b|\bsupport(?:ing)? our (?:work|journalism|reporting)\b|\bnewsletters?\b|\byour (?:inbox|letterbox|mailbox)\b|\bclick here to (?:sign up|subscribe|register|join)\b|\b(?:by|per|via) e-?mail\b/i
/**
 * PROMO's calls in the languages of the related-link headings: "Folgen Sie uns", "Suivez-nous",
 * "Síguenos en Telegram", "Seguici", "Obserwuj nas", "Подписывайтесь", "Pratite nas",
 * "Ακολουθήστε μας", and the like to subscribe, sign up or share the article, opening a sentence.
 */
const PROMO_ELSEWHERE = folded(
  /(?:^|[.!?]\s+)(?:folgen sie uns|folge uns|abonnieren sie|jetzt abonnieren|teilen sie (?:diesen|den) (?:artikel|beitrag)|suivez-nous|abonnez-vous|inscrivez-vous|partagez (?:cet article|l'article)|síguenos|suscríbete|regístrate|comparte (?:esta nota|esta noticia|este artículo)|seguici|iscriviti|condividi (?:questo articolo|l'articolo)|obserwuj nas|śledź nas|dołącz do nas|zapisz się|subskrybuj|udostępnij (?:ten )?artykuł|подписывайтесь|подпишитесь|следите за нами|присоединяйтесь к нам|читайте нас|поделитесь (?:статьей|новостью)|pratite nas|pretplatite se|pridružite nam se|podijelite (?:ovaj )?članak|ακολουθήστε (?:μας|το|την)|εγγραφείτε|μοιραστείτε (?:το|αυτό το) άρθρο)(?![\p{L}])/iu,
)
/**
 * The request to report a typo by selecting it and pressing Ctrl+Enter, which news sites in Russian,
 * Ukrainian, Polish and other languages print under every story (an error-report script's prompt:
 * "Нашли ошибку? Выделите её и нажмите Ctrl+Enter"): the keys are the same in every language.
 */
const TYPO_REPORT = /ctrl\s*\+\s*enter/i
/**
 * a byline or a dateline: "By …", or a writer, reporter, editor or source named after a colon in
 * Russian, Polish, Croatian, German, French, Spanish, Greek, Chinese ("Автор:", "Текст:", "Autor:",
 * "Piše:", "Von:", "Par :", "Por:", "Γράφει:", "作者：", "记者：", "编辑：", "来源："), a time of day, a numeric date (a year alone is as often a title's), 2020年1月12日
 */
const BYLINE = folded(
  /^by\s|^(?:автор|autor|piše|von|par|por|текст|tekst|napisao|napisala|γράφει|συντάκτης|作者|记者|编辑|责任编辑|来源)\s*[:：]|\b\d{4}[./-]\d{1,2}[./-]\d{1,2}\b|\b\d{1,2}:\d\d\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\d{4}年\d{1,2}月\d{1,2}日/i,
)
/** Whether a short block calls on the reader to subscribe, follow, share or report a typo: the site's words, not the story's. */
export const isPromo = (text: string): boolean =>
  PROMO.test(text) || PROMO_ELSEWHERE.test(fold(text)) || TYPO_REPORT.test(text) || isSocialCall(text)
/** a Chinese or Japanese sentence's end: a short line that holds a date and ends so is a sentence, not a dateline */
const SENTENCE_END = /[。！？]$/
/** Whether a short line is a byline or a dateline. */
export const isByline = (text: string): boolean => BYLINE.test(fold(text)) && !SENTENCE_END.test(text)
/** how many blocks at the end of the content, and at its start, are looked at for promotions */
const PROMO_TAIL = 4
const PROMO_HEAD = 2

/**
 * Cuts the short blocks at the edges of the content that promote the site rather than tell the
 * article (a newsletter box, "Follow her on Twitter"): such words in the middle of an article
 * are usually its subject, at its edges they are the template's.
 */
export const cutEdgePromos = (root: Element, page: PageMeasure): void => {
  cutHeadMeta(root, page)
  const blocks = blocksIn(root, page)
  const edges = [...blocks.slice(0, PROMO_HEAD), ...blocks.slice(Math.max(PROMO_HEAD, blocks.length - PROMO_TAIL))]
  for (const el of edges) {
    const m = page.measures.get(el)!
    if (m.text > 300) continue
    const text = textOf(el)
    if (
      isPromo(text) ||
      (blocks.indexOf(el) < PROMO_HEAD && m.text <= 60 && (BYLINE.test(fold(text)) || isDateLine(text)) && !SENTENCE_END.test(text))
    )
      el.remove()
  }
}

/** the most text a box of the site's calls holds ("Sign up for our newsletter", two lines under it) */
const PROMO_BOX = 600
/** the calls it holds at least: one line alone may be a story's step ("Sign up for an account") */
const PROMO_BOX_CALLS = 2

/**
 * Cuts a box of the site's calls set anywhere in the story: a newsletter's sign-up box between its
 * paragraphs ("Sign up for the CorkBeo newsletter", "Never miss the latest news by signing up…",
 * a line where to type the address), that opens with a call (`isPromo`) and holds another. A box
 * that mentions the newsletter among other lines (where a shop announces its product tests) is
 * the story's.
 * At the edges single lines are cut (`cutEdgePromos`); inside the story a box is a box of its own.
 */
export const cutPromoBoxes = (root: Element, page: PageMeasure): void => {
  for (const box of Array.from(root.querySelectorAll("div, aside, section"))) {
    const m = page.measures.get(box)
    if (m === undefined || m.text > PROMO_BOX || !root.contains(box)) continue
    const lines: Element[] = []
    linesIn(box, lines)
    if (lines.length < PROMO_BOX_CALLS || !isPromo(textOf(lines[0]!))) continue
    if (lines.filter((line) => isPromo(textOf(line))).length >= PROMO_BOX_CALLS) box.remove()
  }
}

/** Collects the lines below `el` (the blocks with none inside them), in order; whether `el` holds a block. */
const linesIn = (el: Element, lines: Element[]): boolean => {
  let holdsBlock = false
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) {
    const inner = linesIn(child, lines)
    if (BLOCK_TAGS.has(tagOf(child))) {
      if (!inner) lines.push(child)
      holdsBlock = true
    } else holdsBlock ||= inner
  }
  return holdsBlock
}

/**
 * What a meta bar under a headline holds besides a date or a byline: the source, "print", "share",
 * the font size, the count of views, a QR code to scan (en, zh, de, fr, es, it, ru, pl, hr, el).
 * Only a short line before the article's first paragraph is read for them; the words of
 * alphabets as whole words ("teilen", not "mitteilen"; "drucken", not "beeindrucken").
 */
const META_WORDS = folded(
  /^(?:print|share|e-?mail|font size|text size)\b|打印|分享|字[号体號體]|浏览|点击|来源|发布时间|收藏|关闭(?:窗口|本页)|扫一扫|(?<![\p{L}])(?:drucken|teilen|imprimer|partager|imprimir|compartir|condividi|печать|поделиться|drukuj|udostępnij|podijeli(?:te)?|ispiši|εκτύπωση|κοινοποίηση)(?![\p{L}])/iu,
)
/** the longest line of a meta bar, and the longest bar */
const META_LINE = 100
const META_BAR = 200
/** how many blocks before the first paragraph are looked at */
const META_HEAD = 6

/**
 * Cuts the meta bar between a headline and the article (source, date, "print this page", share
 * buttons, set as a row of short items): each short line before the first paragraph that holds
 * such words, or a date or a byline beside other short items, with the short box around it that
 * holds no heading.
 */
const cutHeadMeta = (root: Element, page: PageMeasure): void => {
  const blocks = blocksIn(root, page)
  const first = blocks.findIndex((el) => page.measures.get(el)!.prose > 0 && wordLength(el, page) > META_LINE)
  if (first < 0) return
  const paragraph = blocks[first]!
  for (const el of blocks.slice(0, Math.min(first, META_HEAD))) {
    if (!root.contains(el) || wordLength(el, page) > META_LINE) continue
    const text = textOf(el)
    // a heading is the story's, unless it holds the page's tools alone ("<h6>字号:T|T</h6>")
    if (HEADING_TAGS.has(tagOf(el)) && !isToolsLine(text)) continue
    const words = fold(text)
    // a line of publication and update stamps is the page's record of the story, as a meta bar is
    const meta = META_WORDS.test(words) || isStampLine(text) || isDateLine(text)
    if ((!meta && !BYLINE.test(words)) || SENTENCE_END.test(text)) continue
    let bar = el
    for (let up = el.parentElement; up !== null && up !== root; up = up.parentElement) {
      if (wordLength(up, page) > META_BAR || up.contains(paragraph) || up.querySelector("h1, h2, h3, h4, h5, h6") !== null) break
      bar = up
    }
    // a byline on a line of its own is left to `cutEdgePromos`' narrower rule: some pages count it as the article's
    if (meta || wordLength(bar, page) > wordLength(el, page)) bar.remove()
  }
}

/**
 * An element's length as if written in Latin letters: a Chinese, Japanese or Korean character
 * counts three (a word is one or two of them, where a Latin word is five or six letters), so that
 * a sixty-character Chinese sentence is not taken for a short line.
 */
export const wordLength = (el: Element, page: PageMeasure): number => {
  const text = page.measures.get(el)?.text ?? 0
  return text === 0 ? 0 : text + 2 * wideCount(textOf(el))
}

/** the longest text of a call-to-action box, and of its button */
const CALLOUT_TEXT = 300
const CALLOUT_ACTION = 30

/**
 * Cuts a call-to-action box among the last blocks of the content: a heading, a line or two, and
 * a button (a short link of its own, outside any paragraph, that ends the box), such as a
 * newsletter or membership box. Its shape gives it away in any language, where PROMO knows English words only.
 */
export const cutTailCallout = (root: Element, page: PageMeasure): void => {
  const blocks = blocksIn(root, page)
  for (const last of blocks.slice(-PROMO_TAIL)) {
    for (let box: Element | null = last; box !== null && box !== root; box = box.parentElement) {
      if (!root.contains(box)) break
      const m = page.measures.get(box)
      if (m === undefined || m.text > CALLOUT_TEXT) break
      const action = box.lastElementChild
      if (action === null || tagOf(action) !== "a" || !action.hasAttribute("href")) continue
      const a = page.measures.get(action)
      if (a === undefined || a.text === 0 || a.text > CALLOUT_ACTION) continue
      if (box.querySelector("h1, h2, h3, h4, h5, h6") === null) continue
      // the last item of a list of alike items (a digest's, each with its source link) is the content's
      const previous = box.previousElementSibling
      if (previous !== null && shapeOf(previous) === shapeOf(box)) break
      box.remove()
      break
    }
  }
}

/**
 * A site's legal lines: a copyright notice, "all rights reserved", links to its privacy policy,
 * terms and imprint, as page footers print them (in the main European languages, Russian, Polish,
 * Croatian, Greek, and Chinese: 版权, "copyright", in "版权所有", "版权声明", "原创版权禁止转载", and
 * its legal word 著作权 ("雅虎中国著作权声明"), and the notice that forbids reprinting, "未經授權，不得轉載",
 * "未经授权严禁转载", "擅自转载本报社作品的").
 */
export const LEGAL = folded(
  /©|\(c\)\s*\d{4}|\bcopyright(?:ed)?\b|all rights reserved|privacy policy|terms of (?:use|service)|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati|todos os direitos reservados|alle rechten voorbehouden|все права защищены|wszelkie prawa zastrzeżone|sva prava (?:pridržana|zadržana|zaštićena)|όλα τα δικαιώματα|με επιφύλαξη παντός δικαιώματος|datenschutzerklärung|nutzungsbedingungen|impressum|politique de confidentialité|mentions légales|conditions (?:générales )?d'utilisation|política de privacidad|aviso legal|términos (?:y condiciones )?de uso|informativa (?:sulla )?privacy|note legali|polityk[aięi] prywatności|политик[аиуе] конфиденциальности|пользовательское соглашение|πολιτικ(?:ή|ής) απορρήτου|όροι χρήσης|pravila privatnosti|uvjet[ie] korištenja|impresum|版权|版權|著作权|著作權|(?:不得|严禁|嚴禁|禁止|谢绝|謝絕|请勿|請勿|擅自)(?:转载|轉載)/i,
)
/** how many blocks at the end of the content are looked at for legal lines */
const LEGAL_TAIL = 6
/** the longest block that is a legal line */
const LEGAL_TEXT = 300

/** the longest block of legal small print (a league's list of its trademarks), and how many legal marks it holds at least */
const SMALL_PRINT_TEXT = 1500
const SMALL_PRINT_MARKS = 3
/** the text a story holds before small print for the small print to be cut however long */
const SMALL_PRINT_AFTER = 500
const LEGAL_MARKS = new RegExp(`${LEGAL.source}|trademarks?\\b`, "gi")

/** A legal line (short, with a legal word), or a block of small print that holds several legal marks. */
const isLegal = (el: Element, page: PageMeasure): boolean => {
  const text = page.measures.get(el)!.text
  if (text <= DISCLAIMER_TEXT && isDisclaimer(textOf(el))) return true
  if (text <= SMALL_PRINT_TEXT && isReprintNotice(textOf(el))) return true
  if (text <= LEGAL_TEXT) return LEGAL.test(fold(textOf(el)))
  return text <= SMALL_PRINT_TEXT && (fold(textOf(el)).match(LEGAL_MARKS)?.length ?? 0) >= SMALL_PRINT_MARKS
}

/** how many times the tail is read for a footer: once more after a footer is cut */
const LEGAL_PASSES = 2

/**
 * Cuts the page footer that a content found too high still holds: from the first short block
 * among the last ones that is a legal line (a copyright notice, "Privacy Policy"), that block
 * and every block after it, when they are all short and hold under a third of the content's
 * text (a fifth kept the five-line footer of a four-paragraph story). An article's own words come before its site's legal lines.
 */
export const cutTailLegal = (root: Element, page: PageMeasure): void => {
  // twice: a disclaimer over a footer too long to go with it is the content's last lines once the footer is cut
  for (let pass = 0; pass < LEGAL_PASSES; pass++) {
    const blocks = blocksIn(root, page)
    const tail = blocks.slice(-LEGAL_TAIL)
    const starts = tail.flatMap((el, i) => (isLegal(el, page) ? [i] : []))
    if (starts.length === 0) return pass === 0 ? cutInlineLegalTail(root, page) : undefined
    // from the earliest legal block that opens a footer: a disclaimer may come before a footer too long to go with it
    const footer = starts.map((i) => tail.slice(i)).find((footer) => isFooter(footer, blocks, page))
    if (footer === undefined) return
    for (const el of footer) el.remove()
  }
}

/** Whether `footer`, the last blocks of the content from a legal one, is a footer to cut. */
const isFooter = (footer: Element[], blocks: Element[], page: PageMeasure): boolean => {
  // a footer is a run of short lines, a small part of the content: never the article's own paragraphs
  const textOfAll = (els: Element[]): number => els.reduce((sum, el) => sum + page.measures.get(el)!.text, 0)
  if (footer.some((el) => page.measures.get(el)!.text > LEGAL_TEXT && !isLegal(el, page))) return false
  // Small print that names three legal marks is surely the site's, and may outweigh a short story:
  // it goes when a story of its own comes before it.
  const smallPrint = footer.some((el) => page.measures.get(el)!.text > LEGAL_TEXT)
  const before = textOfAll(blocks) - textOfAll(footer)
  return smallPrint ? before >= SMALL_PRINT_AFTER : textOfAll(footer) * 3 <= textOfAll(blocks)
}

/**
 * A legal line set inline at the end of the content's own text ("…near Los Angeles.<br><br><span
 * class="legal">Copyright 2008 The Associated Press. All rights reserved.</span>"): a content
 * written as one block of text broken by <br> has no block of its own for `cutTailLegal` to find.
 */
const cutInlineLegalTail = (root: Element, page: PageMeasure): void => {
  for (let node = root.lastChild; node !== null; node = node.previousSibling) {
    if (node.nodeType === TEXT_NODE ? textOf(node) === "" : tagOf(node as Element) === "br") continue
    if (!isElement(node) || BLOCK_TAGS.has(tagOf(node))) return
    const m = page.measures.get(node)
    if (m === undefined || m.text === 0 || m.text > LEGAL_TEXT || !LEGAL.test(fold(textOf(node)))) return
    // the content's own text goes on before it: a legal line alone is no article to cut down
    if (m.text * 3 > (page.measures.get(root)?.text ?? 0)) return
    node.remove()
    return
  }
}
