// Bundles every entry point of the extension into dist/ and copies its static files.
//   node build.mjs               development build (source maps)
//   node build.mjs --production  minified, no source maps
//   node build.mjs --watch       rebuild on change
//   node build.mjs --analyze     also list, per output file, the modules in it and their bytes
//   DIST_DIR=out node build.mjs  write to another folder
import * as acorn from "acorn"
import * as esbuild from "esbuild"
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { pdfjsTextPlugin } from "./scripts/pdfjs-text-build.mjs"

const root = path.dirname(fileURLToPath(import.meta.url))
// DIST_DIR builds elsewhere (parallel test runs must not delete each other's dist/).
const out = path.resolve(root, process.env.DIST_DIR ?? "dist")
const args = new Set(process.argv.slice(2))
const production = args.has("--production")
const watch = args.has("--watch")
const analyze = args.has("--analyze")

const exists = (p) =>
  stat(p).then(
    () => true,
    () => false,
  )

/** Every tool group with a worker: workers/<group>/worker.ts → dist/workers/<group>.js */
const workerEntries = async () => {
  const entries = {}
  for (const dir of await readdir(path.join(root, "workers"), { withFileTypes: true })) {
    const file = path.join(root, "workers", dir.name, "worker.ts")
    if (dir.isDirectory() && (await exists(file))) entries[`workers/${dir.name}`] = file
  }
  return entries
}

/** Scripts that chrome.scripting injects into web pages as files: → dist/inject/<name>.js */
const injectedEntries = () => ({ "inject/content-walker": path.join(root, "workers", "page", "injected", "content-walker.ts") })

/** An entry of the shell: shell/<context>/<name>.ts */
const shell = (context, name) => path.join(root, "shell", context, `${name}.ts`)

const groups = async () => Object.keys(await workerEntries()).map((k) => k.slice("workers/".length))

const common = {
  bundle: true,
  outdir: out,
  // 128: pdf.js calls Promise.try.
  target: "chrome128",
  sourcemap: production ? false : "linked",
  minify: production,
  legalComments: "linked",
  logLevel: "warning",
  metafile: analyze,
  define: {
    "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development"),
    // The debug API (fault injection, the worker list, mesh.ping) exists in development builds only:
    // the e2e fault suites run on the development build; production drops it as dead code.
    __DEBUG_API__: JSON.stringify(!production),
  },
}
common.define.__WORKER_GROUPS__ = JSON.stringify(await groups())

/**
 * The pages a person sees, each written from shell/pages/ui-page.html (one head, one policy for both):
 * `<page>.html` shows the component `am-<page>` from `<page>.js`, under this title.
 */
const uiPages = { sidepanel: "Agent Mesh", options: "Agent Mesh · Settings" }
const uiPageTemplate = "ui-page.html"

const copyStatic = async () => {
  await cp(path.join(root, "manifest.json"), path.join(out, "manifest.json"))
  await cp(path.join(root, "icons"), path.join(out, "icons"), { recursive: true })
  await cp(path.join(root, "_locales"), path.join(out, "_locales"), { recursive: true })
  // pdf.js's packed CMaps (1.7 MB, not JavaScript): a PDF whose fonts use a predefined encoding
  // (UniJIS-UCS2-H, 90ms-RKSJ-H …) has no text without them (workers/web/pdf-client.ts).
  await cp(path.join(root, "node_modules", "pdfjs-dist", "cmaps"), path.join(out, "pdfjs", "cmaps"), { recursive: true })
  for (const context of ["hub", "pages", "sandbox"]) {
    for (const file of await readdir(path.join(root, "shell", context))) {
      if (file === uiPageTemplate) continue
      if (file.endsWith(".html") || file.endsWith(".css")) await cp(path.join(root, "shell", context, file), path.join(out, file))
    }
  }
  const template = await readFile(path.join(root, "shell", "pages", uiPageTemplate), "utf8")
  for (const [page, title] of Object.entries(uiPages)) {
    await writeFile(path.join(out, `${page}.html`), template.replaceAll("{{page}}", page).replaceAll("{{title}}", title))
  }
}

const copyOnRebuild = { name: "copy-static", setup: (build) => build.onEnd(() => copyStatic()) }

/**
 * The MCP SDK imports its Ajv validator statically; the MCP worker gives the client another one
 * (Ajv evaluates generated code, which the CSP refuses), so Ajv is left out of the bundle.
 */
const withoutAjv = {
  name: "mcp-without-ajv",
  setup: (build) =>
    build.onResolve({ filter: /validation\/ajv-provider\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}@modelcontextprotocol${path.sep}`)
        ? { path: path.join(root, "workers", "mcp", "no-ajv.ts") }
        : undefined,
    ),
}

/**
 * linkedom from its ES modules rather than its pre-bundled `linkedom/worker` (which the unit tests
 * and the extraction bench load as it is), with two of its imports narrowed to what it uses:
 * - `htmlparser2`: linkedom takes `Parser` out of the whole namespace (`import * as`), which
 *   keeps everything else htmlparser2 exports (feeds, its DOM handler, dom-serializer and a
 *   second copy of the HTML entities) in the bundle; it gets the Parser module alone.
 * - `cssomnom/parse`, read only when a `<style>` element's `sheet` is: workers/web/extract/no-style-sheets.ts.
 * - its CommonJS canvas loader (`require("canvas")`, then a shim) is the shim, as in linkedom/worker.
 * Measured with node build.mjs --production: linkedom 342 KB → 150 KB in workers/web.js.
 */
const linkedomFromModules = {
  name: "linkedom-from-modules",
  setup: (build) => {
    const fromLinkedom = (args) => args.importer.includes(`${path.sep}linkedom${path.sep}`)
    /** Where `spec` resolves from `resolveDir`, by esbuild's own rules (this plugin stepping aside). */
    const resolved = async (spec, resolveDir) => {
      const found = await build.resolve(spec, { kind: "import-statement", resolveDir, pluginData: { asIs: true } })
      if (found.errors.length > 0) throw new Error(`${spec} cannot be resolved from ${resolveDir}`)
      return found.path
    }
    build.onResolve({ filter: /^linkedom\/worker$/ }, async (args) =>
      args.pluginData?.asIs
        ? undefined
        : { path: path.join(path.dirname(await resolved("linkedom/package.json", args.resolveDir)), "esm", "index.js") },
    )
    build.onResolve({ filter: /^htmlparser2$/ }, async (args) =>
      args.pluginData?.asIs || !fromLinkedom(args)
        ? undefined
        : { path: path.join(path.dirname(await resolved("htmlparser2", args.resolveDir)), "Parser.js") },
    )
    build.onResolve({ filter: /^cssomnom\/parse$/ }, (args) =>
      fromLinkedom(args) ? { path: path.join(root, "workers", "web", "extract", "no-style-sheets.ts") } : undefined,
    )
    build.onResolve({ filter: /commonjs\/canvas\.cjs$/ }, (args) =>
      fromLinkedom(args) ? { path: path.join(path.dirname(args.importer), "..", "..", "commonjs", "canvas-shim.cjs") } : undefined,
    )
  },
}

/**
 * Each top-level `const` initializer of `code` as its own `/* @__PURE__ *\/` call, so that
 * esbuild drops the ones nothing uses. Only for modules whose top level only declares values:
 * esbuild keeps any call it cannot prove free of side effects (`Schema.Struct(…)`,
 * `defineTool(…)`, a pure-marked call given `globalThis.File`), used or not.
 */
const markDeclarationsPure = (code) => {
  const program = acorn.parse(code, { ecmaVersion: "latest", sourceType: "module" })
  const initializers = program.body
    .map((statement) => (statement.type === "ExportNamedDeclaration" ? statement.declaration : statement))
    .filter((statement) => statement?.type === "VariableDeclaration" && statement.kind === "const")
    .flatMap((statement) => statement.declarations.map((declarator) => declarator.init))
    .filter((init) => init !== null && !["ArrowFunctionExpression", "FunctionExpression", "Literal"].includes(init.type))
  let contents = code
  for (const init of initializers.reverse()) {
    contents = `${contents.slice(0, init.start)}/* @__PURE__ */ (() => (${code.slice(init.start, init.end)}))()${contents.slice(init.end)}`
  }
  return contents
}

/**
 * The service worker's bundle leaves out what its routes do not use of two kinds of module that
 * only declare values (markDeclarationsPure):
 * - ours under schemas/: a module the router imports for one schema came whole, with the
 *   descriptions, results and errors of every tool in it (schemas/tools/page.ts, for
 *   get_tab_content's `tab_id`, carried execute_script too);
 * - Effect's Schema module (the package declares no side effects but its JIT switch), whose
 *   schemas of `globalThis.File`, `URL`, `Uint8Array` and others, and the Base64 codec they
 *   use, came along with any schema.
 * Measured with node build.mjs --production: service-worker.js 122,844 → 115,655 bytes with
 * schemas/ alone, → 108,649 with Effect's Schema module too.
 */
const unusedDeclarationsLeftOut = {
  name: "unused-declarations-left-out",
  setup: (build) => {
    const schemasDir = path.join(root, "schemas") + path.sep
    build.onLoad({ filter: /[\\/]schemas[\\/].*\.ts$/ }, async (args) => {
      if (!args.path.startsWith(schemasDir) || args.path.endsWith(".test.ts")) return undefined
      const { code } = await esbuild.transform(await readFile(args.path, "utf8"), {
        loader: "ts",
        format: "esm",
        sourcefile: args.path,
        sourcemap: production ? false : "inline",
      })
      return { contents: markDeclarationsPure(code), loader: "js", resolveDir: path.dirname(args.path) }
    })
    build.onLoad({ filter: /[\\/]node_modules[\\/]effect[\\/]dist[\\/]Schema\.js$/ }, async (args) => ({
      contents: markDeclarationsPure(await readFile(args.path, "utf8")),
      loader: "js",
      resolveDir: path.dirname(args.path),
    }))
  },
}

/**
 * The tool workers that serve a few small tools, built apart from the others. esbuild tree-shakes
 * a module once for every entry that shares its chunk, so with one build for all workers, the
 * Effect chunk they all load held what any of them used: tasks loaded 60.6 KB, 49 KB of it that
 * chunk, mostly Effect code that only web, page and mcp call. Apart, their Effect chunk is
 * 37 KB; the price is that chunk on disk twice.
 */
const SMALL_WORKERS = new Set(["tasks", "tabs", "interaction", "workspace"])

/** The workers' entries, split into the small ones' build and the others'. */
const workerBuilds = (entries) => {
  const small = Object.entries(entries).filter(([name]) => SMALL_WORKERS.has(name.slice("workers/".length)))
  const others = Object.entries(entries).filter(([name]) => !SMALL_WORKERS.has(name.slice("workers/".length)))
  return [
    { entryPoints: Object.fromEntries(small), chunkNames: "chunks/w-small-[name]-[hash]" },
    { entryPoints: Object.fromEntries(others), chunkNames: "chunks/w-[name]-[hash]" },
  ].filter((build) => Object.keys(build.entryPoints).length > 0)
}

const configs = async () => [
  // Modules: the extension pages (and, below, the service worker and each worker, started with
  // type: "module"). Split: code that several entries share is one chunk, loaded once per context
  // that needs it, and each import() (pdf.js's parser) is a chunk of its own loaded on first use.
  {
    ...common,
    format: "esm",
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    entryPoints: {
      offscreen: shell("hub", "offscreen"),
      sidepanel: shell("pages", "sidepanel"),
      options: shell("pages", "options"),
      blocked: shell("pages", "blocked"),
    },
    plugins: [copyOnRebuild],
  },
  // The service worker, alone and in one file: it shares no context with the pages, so a chunk
  // shared with them would save bytes on disk only, and chunks are cut by module, so it loaded
  // code of Schema's that only the pages use (181 KB against 120 KB in one file).
  { ...common, format: "esm", entryPoints: { "service-worker": shell("sw", "service-worker") }, plugins: [unusedDeclarationsLeftOut] },
  // The workers, apart: what they share is chunked among themselves only. The small ones are a
  // build of their own (see SMALL_WORKERS).
  ...workerBuilds(await workerEntries()).map(({ entryPoints, chunkNames }) => ({
    ...common,
    format: "esm",
    splitting: true,
    chunkNames,
    entryPoints,
    plugins: [withoutAjv, linkedomFromModules, pdfjsTextPlugin],
  })),
  // Classic scripts: the sandbox page (an opaque origin with its own CSP), and the scripts that
  // chrome.scripting injects into web pages (files, so they run on pages whose CSP forbids eval).
  { ...common, format: "iife", entryPoints: { sandbox: shell("sandbox", "sandbox"), ...injectedEntries() } },
]

await rm(out, { recursive: true, force: true })
await mkdir(out, { recursive: true })
if (watch) {
  const contexts = await Promise.all((await configs()).map((c) => esbuild.context(c)))
  await Promise.all(contexts.map((c) => c.watch()))
  console.log(`watching; writing to ${path.relative(process.cwd(), out) || "."}`)
} else {
  const started = performance.now()
  const results = await Promise.all((await configs()).map((c) => esbuild.build(c)))
  await copyStatic()
  for (const result of analyze ? results : []) console.log(await esbuild.analyzeMetafile(result.metafile))
  console.log(`built dist/ (${production ? "production" : "development"}) in ${Math.round(performance.now() - started)} ms`)
}
