/**
 * A comment section announced by its heading ("12 Comments", "Leave a Reply", "Kommentare (3)",
 * "发表评论"): the words say what follows is the readers', not the article's, where the template's
 * class names may say nothing (a bare or generated theme) and the comments are not signed in a
 * way `findThreads` reads. What follows the heading to the end of the content goes with it.
 */
import type { PageMeasure } from "./article.ts"
import { BLOCK_TAGS, isElement, siblingPastBlank, tagOf, textOf } from "./dom.ts"
import { blocksIn } from "./edges.ts"
import { fold, folded } from "./fold.ts"
import { wordTokens, wordTriples } from "./words.ts"

const COMMENT_HEADING = folded(
  new RegExp(
    [
      // "Comments", "Comments (4)"; counted, with what they answer: "12 Comments", "One Response to “Title”",
      // "3 thoughts on “Title”" (uncounted, "Responses to the proposal" is a subheading of the article)
      /^(?:(?:article|story|post|user|readers?['’]?)\s+)?(?:comments?|responses|replies|reactions)\s*(?:\(\d+\))?\s*[:.]?$/.source,
      // "Comments on this story"
      /^(?:comments?|responses|replies|reactions) on this (?:story|article|post|entry|page)\W*$/.source,
      /^(?:\d+|one|no)\s+(?:comments?|responses?|replies|reactions|thoughts?)(?:\s+(?:on|to)\s.*)?$/.source,
      /^leave a (?:reply|comment)\b.*$/.source,
      /^(?:please )?(?:add|post|write|submit) (?:a |your |new )?comments?\W*$/.source,
      /^join the (?:discussion|conversation)\W*$/.source,
      /^(?:reader comments|have your say|discuss this (?:article|story|post))\W*$/.source,
      // the readers asked: "What do you think?", "What you think..."
      /^what (?:do )?you think\W*$/.source,
      // de, pl, hr, fr, it, es, pt, nl, ru, el, zh: plurals only ("Kommentar", "评论" also name an opinion column),
      // or the readers' ("Leserkommentare", "Komentarze czytelników", "Комментарии читателей")
      /^(?:\d+\s+)?(?:(?:kommentare|komentarze|komentari|commentaires|commenti|comentarios|комментарии|σχόλια)(?: (?:der |des |de los |dei )?(?:leser(?:innen)?|czytelników|čitatelja|lecteurs|lectores|lettori|читателей|αναγνωστών))?|leserkommentare|comentários|reacties|网友评论|发表评论|读者评论|评论区)\s*(?:\(\d+\))?\s*[:：]?$/
        .source,
      // the thread named by which comments it shows ("Top Comments", "Wybrane komentarze", "Лучшие комментарии"):
      // a subheading of the story names its subject, not a choice among comments
      /^(?:(?:all|top|best|latest|newest|recent|selected|featured|your)\s+comments|(?:alle|neueste|ihre)\s+kommentare|(?:wybrane|wszystkie|najnowsze|ostatnie|najlepsze|wasze)\s+komentarze|(?:все|лучшие|последние|новые|свежие|избранные|ваши)\s+комментарии|(?:svi|najnoviji|odabrani|vaši)\s+komentari)\s*(?:\(\d+\))?\s*[:.]?$/u
        .source,
      // zh: the readers' or visitors' ("网友评论", "新民网网友评论：", "訪客留言"), the call to write or see them ("我来说两句",
      // "發表評論", "查看全部评论", "我要跟帖"), the list ("最新评论", "热门评论", "留言板", "评论区")
      /^[\s•·■【[]*(?:\p{Script=Han}{0,4}(?:网友|網友|读者|讀者|访客|訪客|用户|用戶)|最新|热门|熱門|精彩|全部|所有|发表|發表|我要|参与|參與|查看(?:全部|所有|更多)?|欢迎发表|歡迎發表)(?:评论|評論|留言|回复|回覆|回應|回应|跟帖|跟貼)(?:列表|区|區|板)?[\s】\]]*(?:[(（]\d*[)）])?\s*[:：]?$|^[\s•·■【[]*(?:我来说两句|我來說兩句|我说两句|我說兩句|留言板|评论区|評論區)[\s】\]]*(?:[(（]\d*[)）])?\s*[:：]?$/u
        .source,
      // zh, counted, with what they answer as "3 thoughts on “Title”": "12条评论", "共有3条留言", "5位网友发表了评论", "《标题》已有1件评论"
      /^(?:《[^》]{1,80}》|“[^”]{1,80}”)?\s*(?:已有|共有|当前共有|當前共有|共|有)?\s*\d+\s*(?:条|條|件|则|則|个|個|位|人)?(?:网友|網友|读者|讀者)?(?:发表了?|發表了?)?(?:评论|評論|留言|回复|回覆|回應|回应|迴響|回响|跟帖|跟貼)\s*[:：]?$/u
        .source,
      // counted, in the forms a number takes: "5 комментариев", "3 komentarzy", "4 komentara"
      /^\d+\s+(?:комментари(?:я|ев|й)|komentarzy|komentara|коментара)\s*$/.source,
      // "Leave a comment" as themes translate it (de, fr, es, it, pl, ru, hr, el)
      /^(?:(?:schreibe|hinterlasse)(?:n sie)? einen kommentar|kommentar (?:schreiben|verfassen)|laisser un commentaire|(?:deja|dejar) (?:un comentario|una respuesta)|lascia un commento|(?:dodaj|zostaw|napisz) komentarz|(?:оставить|оставьте|добавить|написать) комментарий|(?:ostavite|ostavi|dodaj|napiši) komentar|αφήστε (?:ένα σχόλιο|μια απάντηση)|σχολιάστε)(?![\p{L}]).*$/u
        .source,
    ].join("|"),
    "iu",
  ),
)
/**
 * The noun alone ("评论", "評論", "留言", "回應"), only as a heading element: in a line of links or a
 * label it also names an opinion column or the site's comment channel.
 */
const BARE_COMMENT_HEADING = /^(?:评论|評論|留言|回复|回覆|回應|回应|迴響|回响|跟帖|跟貼)\s*(?:[(（]\d+[)）])?\s*[:：]?$/u

/** Whether the text of `el`, a short block, reads as a comment section's heading. */
const readsAsCommentHeading = (el: Element): boolean => {
  const text = fold(textOf(el))
  return COMMENT_HEADING.test(text) || (HEADING.test(el.tagName) && BARE_COMMENT_HEADING.test(text))
}

/** the longest text of a comment heading */
const HEADING_TEXT = 80
/** the article's prose before the heading: a thread with less above it is the page (a forum) */
const PROSE_BEFORE = 400

/**
 * Cuts the first comment heading that follows the article's prose, and everything after it in
 * `root`; else a comment prompt among the content's last blocks (`cutCommentPrompt`). Returns the
 * prose cut: the readers' words, which the coverage of our reading leaves out of the page's prose.
 */
export const cutCommentSection = (root: Element, page: PageMeasure): number => {
  const heading = commentHeading(root, page, false)
  return proseCut(root, page, () => (heading === undefined ? cutCommentPrompt(root, page) : cutFrom(boxOf(heading, root, page), root)))
}

/** The prose of `root` that `cut` removes. */
const proseCut = (root: Element, page: PageMeasure, cut: () => void): number => {
  const before = page.proseIn(root)
  cut()
  return before - page.proseIn(root)
}

/**
 * Cuts a comment section under a heading set as a heading (`<h3>Wybrane komentarze</h3>`), before
 * pruning: pruning takes the heading's box out when it holds little but the heading and a "see
 * all" link, and leaves the comments under it, which are prose, with nothing to say whose they are.
 * Only a heading element: a comment link in a toolbar between the story's sections ("Add a
 * comment") is pruned as the toolbar it is, not read as the end of the story. Some templates set a
 * box of chosen comments inside the story, which goes on after it: then the box alone goes, unless
 * what follows only repeats the story (a copy kept for printing). Returns the prose cut that coverage
 * counts (furniture not yet pruned is not in it).
 */
export const cutCommentHeadingEarly = (root: Element, page: PageMeasure): number => {
  const heading = commentHeading(root, page, true)
  if (heading === undefined) return 0
  const before = countedProse(root, page)
  const box = boxOf(heading, root, page)
  const section = sectionOf(box, root, page)
  if (section !== undefined && goesOnAfter(section, root, page, storyBefore(heading, root))) section.remove()
  else cutFrom(box, root)
  // before pruning, furniture is still in `root`: only the prose coverage counted is the readers' to hold out
  return before - countedProse(root, page)
}

/** The prose in `root` that coverage counts: outside furniture (a thread read as such was never counted). */
const countedProse = (root: Element, page: PageMeasure): number =>
  blocksIn(root, page).reduce((sum, el) => (page.measures.get(el)!.aside || page.isFurniture(el) ? sum : sum + page.ownProseOf(el)), 0)

const HEADING = /^h[1-6]$/i

/** Whether `el` is or holds a heading element that reads as a comment section's. */
const opensComments = (el: Element): boolean =>
  [el, ...el.querySelectorAll("h1, h2, h3, h4, h5, h6")].some(
    (h) => HEADING.test(h.tagName) && (h.textContent ?? "").length <= HEADING_TEXT && readsAsCommentHeading(h),
  )

/** The first comment heading after the article's prose (any short block, or heading elements only). */
const commentHeading = (root: Element, page: PageMeasure, headingsOnly: boolean): Element | undefined => {
  let prose = 0
  for (const el of blocksIn(root, page)) {
    const m = page.measures.get(el)!
    if (
      prose >= PROSE_BEFORE &&
      m.text > 0 &&
      m.text <= HEADING_TEXT &&
      m.prose === 0 &&
      (!headingsOnly || HEADING.test(el.tagName)) &&
      readsAsCommentHeading(el)
    )
      return el
    prose += page.ownProseOf(el)
  }
  return undefined
}

/**
 * The box that holds the heading and the comments under it: its nearest container with prose,
 * below `root`, when none of that prose comes before the heading (else the box holds the story).
 */
const sectionOf = (box: Element, root: Element, page: PageMeasure): Element | undefined => {
  let before = 0
  for (let el: Element | null = box; el !== null && el !== root; el = el.parentElement) {
    if ((page.measures.get(el)?.prose ?? 0) > 0) return before > 0 ? undefined : el
    for (let previous = el.previousElementSibling; previous !== null; previous = previous.previousElementSibling)
      before += page.measures.get(previous)?.prose ?? 0
  }
  return undefined
}

/** The text of the content before `heading`. */
const storyBefore = (heading: Element, root: Element): string => {
  const parts: string[] = []
  for (let node: Element | null = heading; node !== null && node !== root; node = node.parentElement)
    for (let previous = node.previousSibling; previous !== null; previous = previous.previousSibling)
      parts.unshift(previous.textContent ?? "")
  return parts.join(" ")
}

/**
 * Whether the story goes on after `section`: paragraphs of prose follow it (as much as the story
 * before a comment heading holds at least), and not the story's own words again (half their word
 * triples or more already read before the heading).
 */
const goesOnAfter = (section: Element, root: Element, page: PageMeasure, story: string): boolean => {
  let prose = 0
  const parts: string[] = []
  // up to the next comment heading: the form to add one ("Dodaj komentarz") and its rules are no more of the story
  walk: for (let node: Element | null = section; node !== null && node !== root; node = node.parentElement)
    for (let next = node.nextElementSibling; next !== null; next = next.nextElementSibling) {
      if (opensComments(next)) break walk
      prose += page.measures.get(next)?.prose ?? 0
      parts.push(next.textContent ?? "")
    }
  // a line or two after the box (a chat link, the site's terms) is its furniture, not the story going on
  if (prose < PROSE_BEFORE) return false
  const after = new Set(wordTriples(wordTokens(parts.join(" "))))
  const told = new Set(wordTriples(wordTokens(story)))
  let repeated = 0
  for (const triple of after) if (told.has(triple)) repeated++
  return repeated * 2 < after.size
}

/**
 * A comment form's prompt or rules, which pair commenting with signing in, registering, the
 * site's terms or moderation ("Зарегистрируйтесь или войдите, чтобы оставить комментарий",
 * "To join the discussion, register…", "Login to post a comment", "By adding a comment on the
 * site, you accept our terms", "Вы можете комментировать материалы…, зарегистрировавшись"): the
 * site speaking to its readers about the form, which people who mark a page's article leave out.
 * A story about comments seldom also speaks of logging in; the call to comment alone ("Tell us
 * what you think in the comments") is kept, as some references keep it.
 */
const COMMENTING = /comment|коммент|discussion|обсужд|komentarz|kommentar/i
const SIGNING_IN =
  /\blog ?in(?:to)?\b|\blogged in\b|\bsign (?:in|up)\b|\bregist(?:er|ered|ration)\b|регистр|войдите|авториз|\bterms\b|moderat|модер|netiquette|zaloguj|rejestr|anmelden|registrier/i
/** how many blocks at the end of the content are looked at, and the longest prompt */
const PROMPT_TAIL = 6
const PROMPT_TEXT = 400
/** the content holds this many times what is cut at least */
const PROMPT_SHARE = 3

/** Cuts the first comment prompt among the content's last blocks, and everything after it in `root`. */
const cutCommentPrompt = (root: Element, page: PageMeasure): void => {
  // the page's blocks in the order they are read (`blocks` lists each after what it holds)
  const blocks = new Set(blocksIn(root, page))
  const tail = Array.from(root.querySelectorAll("*"))
    .filter((el) => blocks.has(el) || isLooseLine(el))
    .slice(-PROMPT_TAIL)
  const whole = page.measures.get(root)?.text ?? 0
  for (const el of tail) {
    const m = page.measures.get(el)!
    if (m.text === 0 || m.text > PROMPT_TEXT) continue
    const text = textOf(el)
    if (!COMMENTING.test(text) || !SIGNING_IN.test(text)) continue
    if (textFrom(el, root, page) * PROMPT_SHARE > whole) return
    cutFrom(el, root)
    return
  }
}

/**
 * An inline element set between blocks as a line of its own (`<p>…</p><span>*Submitted comments
 * are subject to moderation…</span><hr>`): templates set the form's small print so, and it is no
 * block of the page's, so the prompt was never looked at.
 */
const isLooseLine = (el: Element): boolean =>
  !BLOCK_TAGS.has(tagOf(el)) &&
  el.parentElement !== null &&
  BLOCK_TAGS.has(tagOf(el.parentElement)) &&
  (isBlockSibling(siblingPastBlank(el, "previousSibling")) || isBlockSibling(siblingPastBlank(el, "nextSibling")))

const isBlockSibling = (node: Node | null): boolean => node === null || (isElement(node) && BLOCK_TAGS.has(tagOf(node)))

/** The text of `el` and of what follows it up to the end of `root` (what `cutFrom` removes). */
const textFrom = (el: Element, root: Element, page: PageMeasure): number => {
  let text = 0
  for (let node: Element | null = el; node !== null && node !== root; node = node.parentElement)
    for (let next = node.nextElementSibling; next !== null; next = next.nextElementSibling) text += page.measures.get(next)?.text ?? 0
  return text + (page.measures.get(el)?.text ?? 0)
}

/**
 * The names templates give the jump target of their comment section (`<a name="comments">`, the
 * "Add a comment" link's `#comments`): comments, talkbacks, discussion, in the furniture
 * names' languages.
 */
const COMMENT_ANCHOR = /comment|respond|talkback|discuss|kommentar|komentar|comentari|reacties|pinglun/i

/**
 * Cuts a comment section that starts at its jump target: an anchor named for comments, after the
 * article's prose, and everything after it in `root`; returns the prose cut. Older templates set
 * the comments, the rules for posting them or the form as bare siblings of the story, signed in no
 * way `findThreads` reads and under no heading; the anchor the "Add comment" link jumps to says
 * where the readers' part begins. Some make the link its own target (`<a name="commentSection"
 * href="…">Please Add Comments</a>`): then it must say so as a comment heading does.
 */
export const cutCommentAnchor = (root: Element, page: PageMeasure): number => {
  let prose = 0
  const walk = (el: Element): Element | undefined => {
    for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) {
      if (prose >= PROSE_BEFORE && isCommentAnchor(child)) return child
      prose += page.ownProseOf(child)
      const found = walk(child)
      if (found !== undefined) return found
    }
    return undefined
  }
  const anchor = walk(root)
  return anchor === undefined ? 0 : proseCut(root, page, () => cutFrom(anchor, root))
}

/** an empty jump target, or one that is also the link saying "Add a comment" (`<a name="comments" href="…">Post a comment</a>`) */
const isCommentAnchor = (el: Element): boolean => {
  if (el.tagName.toLowerCase() !== "a" || !COMMENT_ANCHOR.test(el.getAttribute("name") ?? el.getAttribute("id") ?? "")) return false
  const text = textOf(el)
  if (!el.hasAttribute("href") && text === "") return true
  return el.hasAttribute("name") && COMMENT_HEADING.test(fold(text))
}

/** The box the heading alone fills (a heading wrapped in a <div> of its own, a table cell). */
const boxOf = (el: Element, root: Element, page: PageMeasure): Element => {
  let box = el
  const text = page.measures.get(el)!.text
  for (let up = box.parentElement; up !== null && up !== root && page.measures.get(up)?.text === text; up = up.parentElement) box = up
  return box
}

/** Removes `el` and what follows it, up to the end of `root`. */
const cutFrom = (el: Element, root: Element): void => {
  for (let node: Element | null = el; node !== null && node !== root; node = node.parentElement)
    while (node.nextSibling !== null) node.nextSibling.remove()
  el.remove()
}
