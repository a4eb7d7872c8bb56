/**
 * The syntax highlighter, loaded lazily by highlight.ts: speed-highlight, whose grammars are a few
 * regular expressions each, loaded by its own import() on first use. The 35 languages it knows
 * cost 35 KB of the production build in all, where highlight.js's core with 17 of its grammars
 * was one 87 KB chunk.
 */
import { tokenize } from "@speed-highlight/core"

/** Every language speed-highlight bundles, by the name its loader takes. */
const LANGUAGES = new Set<string>(
  "asm bash bf c css csv diff docker git go html http ini java js jsdoc json log lua make md pl py regex rs sql toml ts uri xml yaml".split(
    " ",
  ),
)

/** The names models write after a code fence, where they are not speed-highlight's own. */
const ALIASES = new Map(
  Object.entries({
    javascript: "js",
    jsx: "js",
    mjs: "js",
    cjs: "js",
    typescript: "ts",
    tsx: "ts",
    python: "py",
    sh: "bash",
    shell: "bash",
    zsh: "bash",
    console: "bash",
    "c++": "c",
    cpp: "c",
    h: "c",
    hpp: "c",
    cc: "c",
    golang: "go",
    rust: "rs",
    markdown: "md",
    yml: "yaml",
    svg: "xml",
    dockerfile: "docker",
    makefile: "make",
    perl: "pl",
    patch: "diff",
    jsonc: "json",
    scss: "css",
  }),
)

/** The theme's colour (`--am-code-<colour>`, am-markdown.ts's `tok-<colour>`) of each kind of token; the others stay plain. */
const COLOUR_OF = new Map(
  Object.entries({
    kwd: "keyword",
    type: "keyword",
    bool: "keyword",
    str: "string",
    insert: "string",
    cmnt: "comment",
    deleted: "comment",
    num: "number",
    func: "title",
    class: "title",
    section: "title",
    var: "attr",
  }),
)

const escapeHtml = (text: string): string => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")

/** The language speed-highlight knows by the name after a code fence, if any. */
export const languageNamed = (name: string): string | undefined => {
  const lower = name.toLowerCase()
  const language = ALIASES.get(lower) ?? lower
  return LANGUAGES.has(language) ? language : undefined
}

/** The code as highlighted HTML (its text escaped here, the classes from COLOUR_OF), or undefined for a language it does not know. */
export const highlightCode = async (code: string, name: string): Promise<string | undefined> => {
  const language = languageNamed(name)
  if (language === undefined) return undefined
  let html = ""
  await tokenize(code, language, (text, type) => {
    const colour = type ? COLOUR_OF.get(type) : undefined
    html += colour === undefined ? escapeHtml(text) : `<span class="tok-${colour}">${escapeHtml(text)}</span>`
  })
  return html
}
