/**
 * The parser linkedom runs itself (`innerHTML =`, which Readability uses to put the page back
 * before another attempt, and parse.ts's reading of pages nested too deep for parse5), given to
 * linkedom in place of htmlparser2 (build.mjs, `linkedomModules`; the unit tests' server does the
 * same). The bundle holds parse5 for parse.ts anyway: its tokenizer reads the markup as the HTML
 * standard says (character references, the raw text of scripts, style sheets, titles and text
 * areas, comments, the doctype), so htmlparser2's tokenizer, parser and entity tables (21 KB)
 * were a second copy of the same work. The tree is built as htmlparser2 built it, in one linear
 * pass: a start tag opens an element (a void one is closed at once), an end tag closes up to its
 * element if it is open and is dropped if not. What innerHTML gets is linkedom's own
 * serialisation, every element closed, so it is rebuilt as it was.
 */
import { foreignContent, Tokenizer, TokenizerMode, type Token, type TokenHandler } from "parse5"

/** What linkedom (linkedom/esm/shared/parse-from-string.js) listens to: htmlparser2's callbacks. */
export interface ParserCallbacks {
  onopentag?(name: string, attributes: Record<string, string>): void
  onclosetag?(name: string, isImplied: boolean): void
  ontext?(text: string): void
  oncomment?(data: string): void
  onprocessinginstruction?(name: string, data: string): void
}

/** Elements that never have content: closed as soon as they open. */
const VOID = new Set("area base basefont bgsound br col embed frame hr img input keygen link meta param source track wbr".split(" "))

/** The elements whose content the tokenizer reads as text, and how (the standard's tree construction, scripting on). */
const TEXT_STATES = new Map<string, (typeof TokenizerMode)[keyof typeof TokenizerMode]>([
  ["script", TokenizerMode.SCRIPT_DATA],
  ["style", TokenizerMode.RAWTEXT],
  ["xmp", TokenizerMode.RAWTEXT],
  ["iframe", TokenizerMode.RAWTEXT],
  ["noembed", TokenizerMode.RAWTEXT],
  ["noframes", TokenizerMode.RAWTEXT],
  ["noscript", TokenizerMode.RAWTEXT],
  ["title", TokenizerMode.RCDATA],
  ["textarea", TokenizerMode.RCDATA],
  ["plaintext", TokenizerMode.PLAINTEXT],
])

/** SVG and MathML: inside them no element's content is raw text, `<x/>` closes `x`, and names have their case. */
const FOREIGN = new Set(["svg", "math"])

/** Gives a tag in SVG or MathML the names the standard's tree construction gives it (`viewBox`, `xlink:href`, `foreignObject`). */
const adjustForeign = (token: Token.TagToken, root: string): void => {
  if (root === "svg") {
    foreignContent.adjustTokenSVGTagName(token)
    foreignContent.adjustTokenSVGAttrs(token)
  } else foreignContent.adjustTokenMathMLAttrs(token)
  foreignContent.adjustTokenXMLAttrs(token)
}

export class Parser implements TokenHandler {
  private readonly tokenizer: Tokenizer
  /** the open elements' names, innermost last */
  private readonly open: string[] = []
  /** the open svg and math elements, innermost last */
  private readonly foreign: string[] = []
  /** text read since the last tag, given as one text node */
  private text = ""

  constructor(private readonly callbacks: ParserCallbacks) {
    this.tokenizer = new Tokenizer({ sourceCodeLocationInfo: false }, this)
  }

  write(markup: string): void {
    this.tokenizer.write(markup, false)
  }

  end(): void {
    this.tokenizer.write("", true)
  }

  onStartTag(token: Token.TagToken): void {
    this.flush()
    const root = FOREIGN.has(token.tagName) ? token.tagName : this.foreign.at(-1)
    if (root !== undefined) adjustForeign(token, root)
    const name = token.tagName
    this.callbacks.onopentag?.(name, Object.fromEntries(token.attrs.map((a) => [a.prefix ? `${a.prefix}:${a.name}` : a.name, a.value])))
    if (root !== undefined ? token.selfClosing : VOID.has(name)) {
      this.callbacks.onclosetag?.(name, true)
      return
    }
    this.open.push(name)
    if (FOREIGN.has(name)) this.foreign.push(name)
    this.tokenizer.inForeignNode = root !== undefined
    const state = TEXT_STATES.get(name)
    if (state !== undefined && root === undefined) this.tokenizer.state = state
  }

  onEndTag(token: Token.TagToken): void {
    const root = this.foreign.at(-1)
    if (root !== undefined) adjustForeign(token, root)
    const name = token.tagName
    const at = this.open.lastIndexOf(name)
    if (at !== -1) {
      this.flush()
      return this.closeTo(at, name)
    }
    // as the standard does (and htmlparser2 did): a stray </br> is a <br>, a stray </p> an empty paragraph; other strays are dropped
    if (name === "br" || name === "p") {
      this.flush()
      this.callbacks.onopentag?.(name, {})
      this.callbacks.onclosetag?.(name, false)
    }
  }

  onEof(): void {
    this.flush()
    this.closeTo(0, undefined)
  }

  onCharacter(token: Token.CharacterToken): void {
    this.text += token.chars
  }

  onWhitespaceCharacter(token: Token.CharacterToken): void {
    this.text += token.chars
  }

  /** a NUL in the markup: the standard's tree construction drops it from text, and so does this */
  onNullCharacter(): void {}

  onComment(token: Token.CommentToken): void {
    this.flush()
    this.callbacks.oncomment?.(token.data)
  }

  onDoctype(token: Token.DoctypeToken): void {
    this.flush()
    // linkedom reads the doctype's name from the data after "!doctype", as htmlparser2 gave it
    this.callbacks.onprocessinginstruction?.("!doctype", `!doctype ${token.name ?? ""}`)
  }

  /** Closes the open elements from the innermost down to the one at `at`; only `named` is closed by its own tag. */
  private closeTo(at: number, named: string | undefined): void {
    while (this.open.length > at) {
      const name = this.open.pop()!
      if (FOREIGN.has(name)) this.foreign.pop()
      this.callbacks.onclosetag?.(name, name !== named || this.open.length > at)
    }
    this.tokenizer.inForeignNode = this.foreign.length > 0
  }

  private flush(): void {
    if (this.text === "") return
    const text = this.text
    this.text = ""
    this.callbacks.ontext?.(text)
  }
}
