/**
 * The replies of an old forum or guest book whose posts are copies of one bare template (a table
 * of the same rows each: title, author and text, date, a "back" link), under a post that is the
 * page's article. Class names and signatures do not tell them (none is named, the date closes the
 * text's cell); their build and their weight do.
 */
import type { PageMeasure } from "./article.ts"
import { BLOCK_TAGS, tagOf, twins } from "./dom.ts"

/** the fewest replies that make a thread */
const REPLIES = 2
/** the post holds at least this many times the replies' prose together */
const POST_OVER_REPLIES = 2

/**
 * Cuts, among the children of `root`, the copies of the child that holds the most prose that
 * come after it, when there are two or more and their prose together is under half of its own.
 * A thread of posts of like weight (a discussion, where each post is the page's) is kept.
 */
export const cutReplies = (root: Element, page: PageMeasure): void => {
  let post: Element | null = null
  let most = 0
  for (let child = root.firstElementChild; child !== null; child = child.nextElementSibling) {
    const prose = page.measures.get(child)?.prose ?? 0
    if (prose > most) [post, most] = [child, prose]
  }
  // a paragraph is no post's template: the later paragraphs of an article that each hold one link,
  // as its longest does, are its own, not replies (a post holds rows or blocks)
  if (post === null || !holdsBlock(post)) return
  const replies: Element[] = []
  let prose = 0
  for (let child = post.nextElementSibling; child !== null; child = child.nextElementSibling)
    if (twins(child, post)) {
      replies.push(child)
      prose += page.measures.get(child)?.prose ?? 0
    }
  if (replies.length < REPLIES || prose * POST_OVER_REPLIES > most) return
  for (const reply of replies) reply.remove()
}

const holdsBlock = (el: Element): boolean => {
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) if (BLOCK_TAGS.has(tagOf(child))) return true
  return false
}
