/**
 * The writer's address under a story: the content's last line is an e-mail address alone
 * ("tconnor@nydailynews.com", "[karen.kaplan@latimes.com]", "Email: …"), the note that names the
 * writer's and the editor's addresses ("To contact the writer on the story: … at …@…"), or the
 * writer's Twitter handle after it. Newspapers sign stories so in print and online; people who
 * mark a page's article leave the address out, as they leave the site's legal line out. Only whole
 * lines that are an address count: a sentence that gives one ("write to us at …") is the story's.
 * A Chinese story's closing credit (`isCredit`: "(责编： 山水)") set as the last line of its last
 * paragraph, not as a block of its own for `cutTailStamp`, goes the same way.
 */
import type { PageMeasure } from "./article.ts"
import { BLOCK_TAGS, tagOf, textOf } from "./dom.ts"
import { lastLine, opensLine } from "./legal-line.ts"
import { isCredit } from "./tail-stamp.ts"

const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.source
/** what is not a letter or digit in any script (`\W` counts every letter beyond ASCII in) */
const NOT_WORD = "[^\\p{L}\\p{N}]"
/** an address alone, after at most a label ("Email:", "E-mail", "Kontakt:", "Επικοινωνία:", "邮箱：") */
const ADDRESS_LINE = new RegExp(
  `^${NOT_WORD}*(?:(?:e-?mail(?: address)?|mail|contact|kontakt|επικοινωνία|邮箱|電郵|电子邮件)\\s*[:：]?\\s*)?(?:mailto:)?${ADDRESS}${NOT_WORD}*$`,
  "iu",
)
/** "To contact the writer (reporter, editor) of this story: Name at address" */
const CONTACT_NOTE = new RegExp(`^to contact the (?:writer|reporter|editor|author)s?\\b.{0,160}${ADDRESS}\\W*$`, "i")
/** the writer's Twitter handle or page alone ("twitter.com/Name", "@Name", "Follow me: …") */
const HANDLE_LINE =
  /^[^\p{L}\p{N}]*(?:follow (?:me|him|her|us)(?: on twitter)?\s*:?\s*)?(?:(?:https?:\/\/)?(?:www\.)?twitter\.com\/\w{1,30}|@\w{1,15})[^\p{L}\p{N}]*$/iu

/** the longest contact line */
const CONTACT_TEXT = 200
/** the content holds this many times the line's text at least */
const STORY_SHARE = 3
/** how many contact lines the content may end with (two notes and a handle) */
const CONTACT_LINES = 3

const isContact = (text: string): boolean =>
  text.length <= CONTACT_TEXT && (ADDRESS_LINE.test(text) || CONTACT_NOTE.test(text) || HANDLE_LINE.test(text))

/** The line itself when it opens a line, else the block that holds it (a paragraph that is the address or the note). */
const lineNode = (line: Node, root: Element): Node | null => {
  if (opensLine(line)) return line
  for (let up = line.parentElement; up !== null && up !== root; up = up.parentElement) if (BLOCK_TAGS.has(tagOf(up))) return up
  return null
}

/** Cuts the contact lines the content ends with. */
export const cutTailContact = (root: Element, page: PageMeasure): void => {
  for (let i = 0; i < CONTACT_LINES; i++) {
    const line = lastLine(root)
    const node = line === null ? null : lineNode(line, root)
    if (node === null) return
    const text = textOf(node)
    if (!(isContact(text) || isCredit(text)) || text.length * STORY_SHARE > (page.measures.get(root)?.text ?? 0)) return
    node.parentNode?.removeChild(node)
  }
}
