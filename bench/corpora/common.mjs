// Helpers shared by the corpus assemblers of bench/corpora/. The DAnIEL and multilingual sets were
// first assembled by Python scripts; these helpers reproduce the Python behaviours those scripts
// relied on (code point sort, str.strip(), text-mode reads, html.unescape, json.dump) so the Node
// ports write the same ids, texts and bytes.
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import path from "node:path"
import { gzipSync } from "node:zlib"
import { parseFragment } from "parse5"

/** `--name value...` options: every value up to the next `--`; exits with usage when one is missing. */
export const parseArgs = (usage, names) => {
  const args = process.argv.slice(2)
  const opts = {}
  let current
  for (const arg of args) {
    if (arg.startsWith("--")) {
      if (!names.includes(arg)) fail(`unknown option ${arg}`, usage)
      current = arg.slice(2)
      opts[current] ??= []
    } else if (current === undefined) fail(`unexpected argument ${arg}`, usage)
    else opts[current].push(arg)
  }
  for (const name of names) if (!opts[name.slice(2)]?.length) fail(`missing ${name}`, usage)
  return opts
}

export const fail = (message, usage) => {
  console.error(`error: ${message}${usage ? `\nusage: ${usage}` : ""}`)
  process.exit(2)
}

export const isDir = (p) => existsSync(p) && statSync(p).isDirectory()

/** Python's sorted() on str: by code point (JS's default sort compares UTF-16 units). */
export const byCodePoint = (a, b) => {
  const x = [...a]
  const y = [...b]
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0)
    if (d !== 0) return d
  }
  return x.length - y.length
}

/** Python's str.isspace() set, which is also what `\s` matches in a Python str pattern. */
export const PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"
const strip = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "gu")
/** Python's str.strip() with no argument. */
export const pyStrip = (s) => s.replace(strip, "")

/** Python's s[:n] (code points, not UTF-16 units). */
export const pyHead = (s, n) => [...s].slice(0, n).join("")

/** Python's os.path.splitext(name)[0]: drops the last extension; leading dots are not one. */
export const pyStem = (name) => {
  const dot = name.lastIndexOf(".")
  return dot > 0 && name.slice(0, dot).replace(/^\.+/, "") !== "" ? name.slice(0, dot) : name
}

/**
 * open(path, encoding="utf-8"[, errors="replace"]).read(): a BOM is kept as U+FEFF (utf-8, not
 * utf-8-sig) and universal newlines turn \r\n and \r into \n. Strict unless `replace`.
 */
export const readPyText = (file, { replace = false } = {}) => {
  const text = new TextDecoder("utf-8", { fatal: !replace, ignoreBOM: true }).decode(readFileSync(file))
  return text.replace(/\r\n?/g, "\n")
}

export const sha1 = (s) => createHash("sha1").update(s, "utf8").digest("hex")

/** Writes DIR/pages/<id>.html.gz holding the source file's bytes unchanged. */
export const writePage = (out, id, sourceFile) => {
  writeFileSync(path.join(out, "pages", `${id}.html.gz`), gzipSync(readFileSync(sourceFile)))
}

export const prepareOut = (out) => mkdirSync(path.join(out, "pages"), { recursive: true })

/** json.dump(obj, f, ensure_ascii=False): ", " and ": " separators, same escapes as JSON.stringify. */
export const pyJson = (value) => {
  if (Array.isArray(value)) return `[${value.map(pyJson).join(", ")}]`
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pyJson(v)}`)
      .join(", ")}}`
  return JSON.stringify(value)
}

// Character references decoded as the HTML standard decodes them in text (as Python's html.unescape
// does): parse5, which the extractor already depends on, rather than a copy of the entity table.
export const pyUnescape = (s) => {
  if (!s.includes("&")) return s
  const fragment = parseFragment(s.replaceAll("<", "&lt;"))
  return fragment.childNodes.map((node) => node.value ?? "").join("")
}
