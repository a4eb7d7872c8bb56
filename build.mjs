// Bundles every entry point of the extension into dist/ and copies its static files.
//   node build.mjs               development build (source maps)
//   node build.mjs --production  minified, no source maps
//   node build.mjs --watch       rebuild on change
//   node build.mjs --analyze     also list, per output file, the modules in it and their bytes
//   DIST_DIR=out node build.mjs  write to another folder
import * as esbuild from "esbuild"
import { existsSync } from "node:fs"
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { linkedomModules } from "./scripts/linkedom-modules.mjs"
import { pdfjsTextPlugin } from "./scripts/pdfjs-text-build.mjs"

const root = path.dirname(fileURLToPath(import.meta.url))
// DIST_DIR builds elsewhere (parallel test runs must not delete each other's dist/).
const out = path.resolve(root, process.env.DIST_DIR ?? "dist")
const args = new Set(process.argv.slice(2))
const production = args.has("--production")

/** Every tool group with a worker: workers/<group>/worker.ts → dist/workers/<group>.js */
const workerOf = (group) => path.join(root, "workers", group, "worker.ts")
const groups = (await readdir(path.join(root, "workers"))).filter((group) => existsSync(workerOf(group)))

/** An entry of the shell: shell/<context>/<name>.ts */
const shell = (context, name) => path.join(root, "shell", context, `${name}.ts`)

const common = {
  absWorkingDir: root,
  bundle: true,
  outdir: out,
  format: "esm",
  // 128: pdf.js calls Promise.try.
  target: "chrome128",
  sourcemap: production ? false : "linked",
  minify: production,
  legalComments: "linked",
  logLevel: "warning",
  metafile: args.has("--analyze"),
  define: {
    "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development"),
    // The debug API (fault injection, the worker list, mesh.ping) exists in development builds only:
    // the e2e fault suites run on the development build; production drops it as dead code.
    __DEBUG_API__: JSON.stringify(!production),
    __WORKER_GROUPS__: JSON.stringify(groups),
  },
}

/** The pages a person sees, each written from shell/pages/ui-page.html: `<page>.html` shows `am-<page>`, under this title. */
const uiPages = { sidepanel: "Agent Mesh", options: "Agent Mesh · Settings" }

const copyStatic = async () => {
  for (const file of ["manifest.json", "icons", "_locales"]) await cp(path.join(root, file), path.join(out, file), { recursive: true })
  // pdf.js's packed CMaps: a PDF whose fonts use a predefined encoding has no text without them (workers/web/pdf-client.ts).
  await cp(path.join(root, "node_modules", "pdfjs-dist", "cmaps"), path.join(out, "pdfjs", "cmaps"), { recursive: true })
  for (const context of ["hub", "pages", "sandbox"]) {
    for (const file of await readdir(path.join(root, "shell", context))) {
      if (file !== "ui-page.html" && /\.(html|css)$/.test(file)) await cp(path.join(root, "shell", context, file), path.join(out, file))
    }
  }
  const template = await readFile(path.join(root, "shell", "pages", "ui-page.html"), "utf8")
  for (const [page, title] of Object.entries(uiPages)) {
    await writeFile(path.join(out, `${page}.html`), template.replaceAll("{{page}}", page).replaceAll("{{title}}", title))
  }
}

/**
 * The MCP SDK, narrowed: its static Ajv validator (Ajv evaluates generated code, which the CSP refuses;
 * the MCP worker gives the client another one), and jose, which it imports whole for private_key_jwt.
 */
const mcpStandIns = { "../validation/ajv-provider.js": "no-ajv.ts", jose: "jose-signing.ts" }
const mcpNarrowed = {
  name: "mcp-narrowed",
  setup: (build) =>
    build.onResolve({ filter: /^(\.\.\/validation\/ajv-provider\.js|jose)$/ }, (args) =>
      args.importer.includes("@modelcontextprotocol") ? { path: path.join(root, "workers", "mcp", mcpStandIns[args.path]) } : undefined,
    ),
}

/**
 * Each worker's build. The small tool workers apart: esbuild tree-shakes a chunk once for all the entries that share it,
 * so with the others they loaded Effect code only those call. The others share Effect, the model clients, the JSON Schema
 * validator and the contracts with the hub: built with the pages, each is on disk once.
 */
const SMALL_WORKERS = ["tasks", "tabs", "interaction", "workspace"]
const workersIn = (small) =>
  Object.fromEntries(groups.filter((g) => SMALL_WORKERS.includes(g) === small).map((g) => [`workers/${g}`, workerOf(g)]))
const workerOptions = { alias: linkedomModules, plugins: [mcpNarrowed, pdfjsTextPlugin] }

const configs = [
  // The extension pages, the offscreen document and most workers: code that several share is one chunk,
  // and each import() (the highlighter and its grammars, pdf.js) a chunk of its own loaded on first use.
  {
    ...common,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    entryPoints: {
      offscreen: shell("hub", "offscreen"),
      sidepanel: shell("pages", "sidepanel"),
      options: shell("pages", "options"),
      blocked: shell("pages", "blocked"),
      ...workersIn(false),
    },
    alias: workerOptions.alias,
    plugins: [...workerOptions.plugins, { name: "copy-static", setup: (build) => build.onEnd(() => copyStatic()) }],
  },
  // The service worker, alone and in one file: it shares no context with the pages, and chunks are
  // cut by module, so a chunk shared with them would bring it code that only the pages use.
  { ...common, entryPoints: { "service-worker": shell("sw", "service-worker") } },
  // The small tool workers, among themselves only.
  { ...common, splitting: true, chunkNames: "chunks/w-small-[name]-[hash]", entryPoints: workersIn(true), ...workerOptions },
  // Classic scripts: the sandbox page (an opaque origin with its own CSP), and what chrome.scripting
  // injects into web pages (files, so they run on pages whose CSP forbids eval): dist/inject/<name>.js.
  {
    ...common,
    format: "iife",
    entryPoints: {
      sandbox: shell("sandbox", "sandbox"),
      "inject/content-walker": path.join(root, "workers", "page", "injected", "content-walker.ts"),
    },
  },
]

await rm(out, { recursive: true, force: true })
await mkdir(out, { recursive: true })
if (args.has("--watch")) {
  const contexts = await Promise.all(configs.map((c) => esbuild.context(c)))
  await Promise.all(contexts.map((c) => c.watch()))
  console.log(`watching; writing to ${path.relative(process.cwd(), out) || "."}`)
} else {
  const started = performance.now()
  const results = await Promise.all(configs.map((c) => esbuild.build(c)))
  await copyStatic()
  for (const result of args.has("--analyze") ? results : []) console.log(await esbuild.analyzeMetafile(result.metafile))
  console.log(`built dist/ (${production ? "production" : "development"}) in ${Math.round(performance.now() - started)} ms`)
}
