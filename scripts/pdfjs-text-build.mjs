// pdf.js's parser, built text-only from the sources pdfjs-dist ships in its source map.
//
// pdfjs-dist ships no text-only build: `build/pdf.worker.mjs` is one pre-bundled file with XFA
// forms, annotation appearances, the editor's saving, brotli and the image decoders in it, and
// `build/pdf.mjs`, the display API that talks to it, has the canvas, font loading and the layers.
// Its `build/pdf.worker.mjs.map` holds every original module (`sourcesContent`), so this
// esbuild plugin serves them from there (nothing copied into the repository; the version is
// whatever package-lock pins), resolves the `PDFJSDev` build conditionals as pdf.js's own
// modern GENERIC build does, and puts a stub in place of each module reading text does not
// reach. `import("pdfjs-text")` is then pdf.js's `WorkerMessageHandler` and its
// `MessageHandler` (workers/web/pdf-client.ts speaks the display API's protocol to it).
import * as esbuild from "esbuild"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import path from "node:path"

const require = createRequire(import.meta.url)
const NAMESPACE = "pdfjs-text"
export const PDFJS_TEXT = "pdfjs-text"

/**
 * The values pdf.js's gulpfile gives its build flags for the modern generic build
 * (`pdfjs-dist/build/pdf.worker.mjs`): GENERIC, SKIP_BABEL; not TESTING, MOZCENTRAL, CHROME,
 * IMAGE_DECODERS, INTERNAL_VIEWER, LIB, COMPONENTS.
 */
const FLAGS = { GENERIC: true, SKIP_BABEL: true }

/**
 * Modules reading text does not reach, under src/core/ (a name ending in / is a folder and all
 * below it), each replaced by exports that throw when used, so a path that did reach one fails
 * with its name rather than reading wrong. Their static `setOptions` and `cleanup`, which the
 * document manager and the cache clean-up call whatever the file holds, are no-ops; so are the
 * cache-clearing functions listed.
 */
const LEFT_OUT = [
  // XFA forms: only with enableXfa, never set.
  ["xfa/", "xfa_fonts.js", "dataset_reader.js"],
  // Annotations' appearances, the structure tree, saving and page extraction: messages the client
  // never sends (GetAnnotations, GetStructTree, SaveDocument, ExtractPages).
  ["annotation.js", "struct_tree.js", "editor/", "writer.js"],
  // The XMP metadata and its XML parser: only GetMetadata reads them, a message the client never sends
  // (and Catalog.metadata, were it read, takes a parser that throws for a document without metadata).
  ["metadata_parser.js", "xml_parser.js"],
  // Painting and the image decoders (the ICC colour profiles with them): text extraction skips
  // image XObjects and shadings; a Type3 glyph that draws an image fails inside pdf.js's own error
  // handling (ignoreErrors).
  ["image.js", "pattern.js", "font_renderer.js", "image_resizer.js"],
  ["jpeg_stream.js", "jpx.js", "jpx_stream.js", "jbig2_stream.js", "jbig2_ccittFax_wasm.js", "ccitt_stream.js", "icc_colorspace.js"],
  // Colour spaces: only painting reads them (an operator list's colour operators and its starting
  // state), which text extraction never builds except for a Type 3 glyph's drawing, whose failure
  // pdf.js's own error handling takes as above; and an outline item's colour (GetOutline, never sent).
  ["colorspace.js", "colorspace_utils.js"],
  // The packing of fonts, glyph outlines and patterns for the display side: only an operator list
  // sends them (the same Type 3 path); text extraction reads fonts where they are.
  ["obj_bin_transform_core.js"],
  // The BrotliDecode filter, which PDF 2.0 files may use: a stream with it reads as empty (pdf.js's
  // parser turns a filter that fails to construct into an empty stream).
  ["brotli_stream.js"],
]
  .flat()
  .map((name) => `src/core/${name}`)

const isLeftOut = (file) => LEFT_OUT.some((left) => (left.endsWith("/") ? file.startsWith(left) : file === left))
const NO_OPS = new Set(["clearPatternCaches"])
const STATIC_NO_OPS = new Set(["setOptions", "cleanup"])

/** `PDFJSDev.test("A && !B || C")` with FLAGS: the gulpfile's expressions are flags, `!`, `&&` and `||`. */
const testFlags = (expression) =>
  expression.split("||").some((all) =>
    all.split("&&").every((term) => {
      const [, not, flag] = /^\s*(!?)\s*([A-Z_]+)\s*$/.exec(term) ?? []
      if (flag === undefined) throw new Error(`pdfjs-text: cannot read PDFJSDev.test("${expression}")`)
      return (FLAGS[flag] === true) !== (not === "!")
    }),
  )

/** The source with its build conditionals resolved to constants, which esbuild then folds away. */
const resolveConditionals = (source, file, version) => {
  const resolved = source
    .replaceAll("typeof PDFJSDev", '"object"')
    .replace(/PDFJSDev\.test\("([^"]*)"\)/g, (_, expression) => String(testFlags(expression)))
    .replace(/PDFJSDev\.eval\("BUNDLE_VERSION"\)/g, JSON.stringify(version))
  if (/PDFJSDev/.test(resolved)) throw new Error(`pdfjs-text: ${file} has a PDFJSDev use this build does not resolve`)
  return resolved
}

/**
 * Edits of single modules, each checked to apply:
 * - worker.js starts itself as a worker when it finds itself in one: it would listen on the tool
 *   worker's own global scope and post a "ready" there, which is Comlink's channel; here it is
 *   always set up on a port of its own.
 * - no `new Function` in the build: the extension's CSP refuses it, so pdf.js's probe for it
 *   answers no without trying, and the PostScript function compiler that would use it is dropped
 *   (PostScript functions are interpreted, as they are whenever isEvalSupported is false).
 */
const EDITS = {
  "src/core/worker.js": [["this.initializeFromPort(self);", "/* started on a port of its own (pdfjs-text-build.mjs) */"]],
  "src/shared/util.js": [['new Function(""); // eslint-disable-line no-new, no-new-func', 'throw new Error("no eval");']],
  "src/core/function.js": [
    ["if (factory.isEvalSupported && FeatureTest.isEvalSupported) {", "if (false) {"],
    ['return new Function("src", "srcOffset", "dest", "destOffset", compiled);', 'throw new Error("no eval");'],
  ],
}

const edit = (source, file) => {
  for (const [from, to] of EDITS[file] ?? []) {
    if (!source.includes(from)) throw new Error(`pdfjs-text: ${file} no longer contains ${JSON.stringify(from)}`)
    source = source.replace(from, to)
  }
  return source
}

const stub = (file, names) =>
  [
    `const leftOut = (name) => { throw new Error("pdf.js text-only build: " + name + " (${file}) is left out") }`,
    "const absent = (name) => new Proxy(function () {}, {",
    "  apply: () => leftOut(name),",
    "  construct: () => leftOut(name),",
    `  get: (target, key) => key === "prototype" ? target.prototype : ${JSON.stringify([...STATIC_NO_OPS])}.includes(key) ? () => {} : leftOut(name + "." + String(key)),`,
    "})",
    ...names.map((name) =>
      NO_OPS.has(name) ? `export const ${name} = () => {}` : `export const ${name} = absent(${JSON.stringify(name)})`,
    ),
  ].join("\n")

let sources
/** The parser's modules by their path in pdf.js's repository (src/core/worker.js …), and the version. */
const loadSources = () =>
  (sources ??= (async () => {
    const map = JSON.parse(await readFile(require.resolve("pdfjs-dist/build/pdf.worker.mjs.map"), "utf8"))
    const { version } = JSON.parse(await readFile(require.resolve("pdfjs-dist/package.json"), "utf8"))
    const byPath = new Map()
    map.sources.forEach((source, i) => {
      const file = source.replace(/^webpack:\/\/pdf\.js\/\.\//, "")
      if (file !== source) byPath.set(file, map.sourcesContent[i])
    })
    return { byPath, version }
  })())

/** A module's export names, as esbuild reads them. */
const exportNames = async (source) => {
  const result = await esbuild.build({
    stdin: { contents: source, loader: "js" },
    bundle: false,
    write: false,
    format: "esm",
    metafile: true,
    logLevel: "silent",
  })
  return Object.values(result.metafile.outputs)[0].exports
}

const entry = (version) =>
  [
    // pdf.js's own headers are plain comments, which minifying drops: its licence goes with the chunk.
    `/*! pdf.js ${version}, Copyright Mozilla Foundation, Apache License 2.0: https://www.apache.org/licenses/LICENSE-2.0 */`,
    `export const version = ${JSON.stringify(version)}`,
    'export { WorkerMessageHandler } from "./src/core/worker.js"',
    'export { MessageHandler, wrapReason } from "./src/shared/message_handler.js"',
    'export { PasswordException, InvalidPDFException, AbortException } from "./src/shared/util.js"',
  ].join("\n")

/** The esbuild plugin: `import("pdfjs-text")` is the text-only parser. */
export const pdfjsTextPlugin = {
  name: "pdfjs-text",
  setup: (build) => {
    build.onResolve({ filter: /^pdfjs-text$/ }, () => ({ path: "pdfjs-text.js", namespace: NAMESPACE }))
    build.onResolve({ filter: /^\./, namespace: NAMESPACE }, (args) => ({
      path: path.posix.join(path.posix.dirname(args.importer), args.path),
      namespace: NAMESPACE,
    }))
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
      const { byPath, version } = await loadSources()
      if (args.path === "pdfjs-text.js") return { contents: entry(version), loader: "js" }
      const source = byPath.get(args.path)
      if (source === undefined) return { errors: [{ text: `pdfjs-text: pdf.worker.mjs.map has no ${args.path}` }] }
      if (isLeftOut(args.path)) {
        return { contents: stub(args.path, await exportNames(source)), loader: "js" }
      }
      return { contents: resolveConditionals(edit(source, args.path), args.path, version), loader: "js" }
    })
  },
}

/** The text-only parser as one ES module (for the unit tests' server, which does not run build.mjs). */
export const buildPdfjsText = async () => {
  const result = await esbuild.build({
    entryPoints: [PDFJS_TEXT],
    bundle: true,
    write: false,
    format: "esm",
    target: "chrome128",
    plugins: [pdfjsTextPlugin],
    logLevel: "warning",
  })
  return result.outputFiles[0].text
}
