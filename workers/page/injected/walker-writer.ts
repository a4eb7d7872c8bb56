/**
 * The Markdown the walker writes: inline text gathered into lines, with the prefixes of the
 * lists and quotes the line sits in. It counts what it wrote and stops the walk at the limit,
 * so a huge page costs no more than the part that will be returned.
 */

/**
 * Page text with the characters that mean something in the format escaped: `{` and `}` (an
 * unescaped brace always opens or closes a selector annotation), `[` and `]` (so that page text
 * never reads as a link `[text](url)` whose selector is implied) and the backslash itself.
 */
export const escapeText = (text: string): string => text.replace(/[\\{}[\]]/g, (c) => `\\${c}`)

/**
 * A landmark line, `[nav "Primary"]{selector}` alone on a line with no list or quote marker: it
 * sets the scope of `{^}`, so that a link annotated `{^}` below it is selected by
 * `selector a[href="url"]` (until a later landmark line or `{^S}` link sets another).
 */
export const LANDMARK_LINE = /^\[(?:header|footer|nav|main|aside|search|form|region)(?: "(?:\\.|[^"\\])*")?\]\{(?:\\.|[^\\}])*\}$/

/**
 * `[label]{^}` (a control, or a link with no URL, whose R below the scope is the one last written
 * after its label: the same buttons in every post) written `[label]`, its `{^}` implied: no other
 * `[…]` of the format stands without a `(` or `{` after it (an image is `![alt]`). Kept where the
 * line goes on with `(` (page text), which would read as a link's URL, and where `]` is escaped.
 */
const REPEATED_R = /(?<=(?:^|[^\\])(?:\\\\)*\])\{\^\}(?![({])/g
export const impliedRepeats = (line: string): string => (line.includes("]{^}") ? line.replace(REPEATED_R, "") : line)

/** Thrown to end the walk once the limit is passed. */
export class LimitReached {}

interface Prefix {
  readonly first: string
  readonly rest: string
  used: boolean
}

export class MarkdownWriter {
  readonly lines: string[] = []
  private inline = ""
  private readonly prefixes: Prefix[] = []
  private length = 0

  /** `onScopeLine`: called for each line written that reads as a landmark line, which sets the scope of `{^}`. */
  constructor(
    private readonly limit: number = Number.POSITIVE_INFINITY,
    private readonly onScopeLine: () => void = () => {},
  ) {}

  /**
   * Text as the page flows it: runs of white space are one space, annotation characters escaped.
   * A no-break space counts as white space (as in the names, and in the ARIA snapshot): pages pad
   * sentences with `&nbsp; ` and fill empty cells with `&nbsp;`, which told the model nothing and
   * cost 303 characters on the eleven real pages of issue 34.
   */
  text(text: string, cell = false): void {
    const escaped = escapeText(text.replace(/[ \t\n\r\f\u00a0]+/g, " "))
    // In a table cell a pipe would end the cell.
    const collapsed = cell ? escaped.replace(/\|/g, "\\|") : escaped
    if (collapsed === " " || collapsed === "") {
      if (collapsed && this.inline && !this.inline.endsWith(" ") && !this.inline.endsWith("\n")) this.inline += " "
      return
    }
    this.inline += this.inline === "" || this.inline.endsWith(" ") || this.inline.endsWith("\n") ? collapsed.replace(/^ /, "") : collapsed
  }

  /** A token placed as it is (a link, a control). */
  token(token: string): void {
    this.inline += token
  }

  /** A line break inside the current block. */
  lineBreak(): void {
    this.inline = this.inline.replace(/ $/, "") + "\n"
  }

  get hasInline(): boolean {
    return this.inline.trim() !== ""
  }

  /** Ends the current block. */
  flush(): void {
    const text = this.inline
    this.inline = ""
    for (const line of text.split("\n")) {
      const trimmed = line.trim()
      if (trimmed) this.line(trimmed)
    }
  }

  /** A whole line (a heading, a table row, a fence), after the current block; `literal`: a line of a fenced code block, copied as it is. */
  line(text: string, literal = false): void {
    if (this.inline) this.flush()
    let prefix = ""
    for (const p of this.prefixes) {
      prefix += p.used ? p.rest : p.first
      p.used = true
    }
    const full = prefix + (literal ? text : impliedRepeats(text))
    if (LANDMARK_LINE.test(full)) this.onScopeLine()
    this.lines.push(full)
    this.length += full.length + 1
    if (this.length > this.limit) throw new LimitReached()
  }

  /** Puts a line in front of the lines written since `mark` (used for markers written only when something follows). */
  insert(mark: number, text: string): void {
    this.lines.splice(mark, 0, text)
    // Counted like a line written (an iframe's line, the one inserted, never reads as a landmark line).
    if (LANDMARK_LINE.test(text)) this.onScopeLine()
    this.length += text.length + 1
  }

  /** Whether a list or quote marker is in force (a line written now would carry one). */
  get prefixed(): boolean {
    return this.prefixes.length > 0
  }

  get mark(): number {
    return this.lines.length
  }

  pushPrefix(first: string, rest: string): void {
    this.flush()
    this.prefixes.push({ first, rest, used: false })
  }

  popPrefix(): void {
    this.flush()
    this.prefixes.pop()
  }

  toString(): string {
    const tail = impliedRepeats(this.inline.trim())
    return tail ? [...this.lines, tail].join("\n") : this.lines.join("\n")
  }
}
