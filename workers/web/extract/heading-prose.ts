import { proseSentences } from "./sentence.ts"
import { textOf } from "./dom.ts"

/**
 * A paragraph set in a heading tag. Old templates styled text by its tag: a site's "about" blurb or
 * a story's opening set as an `<h2>` of several sentences. Headings count for nothing in the prose
 * measure (they are a story's subheadings as often as not), so a page whose only prose was such a
 * heading was read as its side box. A heading of 200 characters or more holding two sentences of
 * prose is read as the paragraph it is; a headline is one sentence, a subheading none.
 */
const MIN_LENGTH = 200
const MIN_SENTENCES = 2

/** Whether `heading`, of `length` visible characters, is a paragraph of prose set as a heading. */
export const isProseHeading = (heading: Element, length: number): boolean =>
  length >= MIN_LENGTH && proseSentences(textOf(heading)) >= MIN_SENTENCES
