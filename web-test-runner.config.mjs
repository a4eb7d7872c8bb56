// Unit tests run in real Chromium (Debian's by default; CHROMIUM_PATH overrides it).
import { esbuildPlugin } from "@web/dev-server-esbuild"
import * as esbuild from "esbuild"
import { playwrightLauncher } from "@web/test-runner-playwright"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import path from "node:path"
import { modelServerMiddleware } from "./test/support/model-server.mjs"
import { buildPdfjsText, PDFJS_TEXT } from "./scripts/pdfjs-text-build.mjs"
import { linkedomModules } from "./scripts/linkedom-modules.mjs"
import { automationArgs, chromiumPath } from "./scripts/chromium.mjs"
import { bundledDependencies } from "./scripts/bundled-dependencies.mjs"

const fixturesDir = fileURLToPath(new URL("./test/fixtures/", import.meta.url))
const exportConditions = ["browser", "development"]

/**
 * @mozilla/readability ships CommonJS only; the extension's esbuild bundle converts it, but the
 * test server serves files as they are, so its three files are given ES module exports here.
 */
function readabilityAsModule() {
  const exports = {
    "index.js":
      'export { default as Readability } from "./Readability.js"\nexport { default as isProbablyReaderable } from "./Readability-readerable.js"\n',
    "Readability.js": null,
    "Readability-readerable.js": null,
  }
  return {
    name: "readability-as-module",
    transform(context) {
      const match = /\/@mozilla\/readability\/([\w-]+\.js)$/.exec(context.path)
      if (!match || !(match[1] in exports)) return undefined
      const name = match[1] === "Readability.js" ? "Readability" : "isProbablyReaderable"
      return { body: exports[match[1]] ?? `${context.body}\nexport default ${name}\n` }
    },
  }
}

/**
 * Packages that read `process.env.NODE_ENV` (nanostores) get it replaced, as build.mjs's esbuild
 * `define` does for the extension: the test server serves them as they are, and a page has no `process`.
 */
function nodeEnvAsBuilt() {
  return {
    name: "node-env-as-built",
    transform(context) {
      if (!context.path.includes("/node_modules/") || !context.path.endsWith(".js")) return undefined
      if (typeof context.body !== "string" || !context.body.includes("process.env.NODE_ENV")) return undefined
      return { body: context.body.replaceAll("process.env.NODE_ENV", JSON.stringify("development")) }
    },
  }
}

/** `import("pdfjs-text")`: pdf.js's text-only parser, built by the same plugin as for the extension. */
function pdfjsText() {
  const servedAt = "/__pdfjs-text.js"
  let built
  return {
    name: "pdfjs-text",
    resolveImport: ({ source }) => (source === PDFJS_TEXT ? servedAt : undefined),
    serve: async (context) => (context.path === servedAt ? { body: await (built ??= buildPdfjsText()), type: "js" } : undefined),
  }
}

/**
 * `import x from "pkg/file" with { type: "text" }` (esbuild's text loader; the sandbox page takes
 * Comlink's UMD build so): browsers load no text modules, so the import is pointed at a module
 * of the file's text as its default export.
 */
function textImports() {
  const servedAt = "/__text/"
  const require = createRequire(import.meta.url)
  return {
    name: "text-imports",
    transform(context) {
      if (typeof context.body !== "string" || !context.body.includes("text")) return undefined
      const body = context.body.replace(
        /from\s*(["'])([^"']+)\1\s*with\s*\{\s*type:\s*["']text["']\s*\}/g,
        (_, quote, source) => `from ${quote}${servedAt}${source}${quote}`,
      )
      return body === context.body ? undefined : { body }
    },
    serve: async (context) =>
      context.path.startsWith(servedAt)
        ? {
            body: `export default ${JSON.stringify(await readFile(require.resolve(context.path.slice(servedAt.length)), "utf8"))}`,
            type: "js",
          }
        : undefined,
  }
}

/**
 * chardet ships CommonJS only (several files); the extension's esbuild bundle converts it, so the
 * test server serves the same conversion, built by esbuild, in its place.
 */
function chardetAsModule() {
  const servedAt = "/__chardet.js"
  let built
  const build = async () =>
    (
      await esbuild.build({
        stdin: { contents: 'export { analyse, detect } from "chardet"', resolveDir: path.dirname(fileURLToPath(import.meta.url)) },
        bundle: true,
        format: "esm",
        platform: "browser",
        write: false,
        logLevel: "warning",
      })
    ).outputFiles[0].text
  return {
    name: "chardet-as-module",
    resolveImport: ({ source }) => (source === "chardet" ? servedAt : undefined),
    serve: async (context) => (context.path === servedAt ? { body: await (built ??= build()), type: "js" } : undefined),
  }
}

/**
 * One browser context for all test files, each file in a page of its own. web-test-runner's
 * default, a context per file, starts each file with an empty HTTP cache, so every file's page
 * fetched and compiled the same few hundred modules again. Isolation is kept where it matters: when a file ends, its page and any
 * popup it opened close, and the origin's storage (IndexedDB, the origin-private file system,
 * local storage, service workers, caches, cookies) is cleared, so the next file starts empty.
 */
function sharedBrowserContext() {
  /** @type {Promise<import("playwright-core").BrowserContext> | undefined} */
  let shared
  /** @param {{ browser: import("playwright-core").Browser }} options */
  return async ({ browser }) => {
    const context = await (shared ??= browser.newContext())
    /** @type {import("playwright-core").Page[]} */
    const pages = []
    /** @type {string | undefined} the test server's origin, which the page has left by the time it closes */
    let origin
    return {
      async newPage() {
        const page = await context.newPage()
        pages.push(page)
        page.on("framenavigated", (frame) => {
          if (frame === page.mainFrame() && /^https?:/.test(frame.url())) origin = new URL(frame.url()).origin
        })
        page.on("popup", (popup) => pages.push(popup))
        return page
      },
      async close() {
        const [page] = pages
        if (page && origin && !page.isClosed()) {
          const client = await context.newCDPSession(page)
          await client.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" })
          await client.detach()
        }
        await Promise.all(pages.map((p) => p.close().catch(() => undefined)))
      },
    }
  }
}

export default {
  files: ["schemas/**/*.test.ts", "workers/**/*.test.ts", "shell/**/*.test.ts", "components/**/*.test.ts", "test/unit/**/*.test.ts"],
  nodeResolve: { exportConditions },
  // Unit tests see the development build's flags (build.mjs), so modules that read them load here too.
  plugins: [
    // Before esbuild, which drops the import's attributes.
    textImports(),
    bundledDependencies({
      packages: ["effect", "lit", "linkedom", "parse5"],
      exclude: ["linkedom/worker"],
      root: path.dirname(fileURLToPath(import.meta.url)),
      conditions: exportConditions,
      alias: linkedomModules,
    }),
    esbuildPlugin({ ts: true, target: "es2022", tsconfig: "tsconfig.json", define: { __DEBUG_API__: "true" } }),
    readabilityAsModule(),
    nodeEnvAsBuilt(),
    pdfjsText(),
    chardetAsModule(),
  ],
  middleware: [
    // A scripted model server (OpenAI, Anthropic, Ollama wire formats) for provider and agent tests.
    modelServerMiddleware("/__model"),
    // The recorded fixtures, for any method (POST too), so recorded pages can stand in for engines.
    async function serveFixtures(context, next) {
      if (!context.path.startsWith("/__fixtures/")) return next()
      const file = path.join(fixturesDir, decodeURIComponent(context.path.slice("/__fixtures/".length)))
      if (!file.startsWith(fixturesDir)) return next()
      try {
        context.body = await readFile(file)
        context.type = path.extname(file) === ".md" ? "text/markdown" : path.extname(file)
      } catch {
        return next()
      }
    },
  ],
  browsers: [
    playwrightLauncher({
      product: "chromium",
      launchOptions: {
        executablePath: chromiumPath,
        headless: true,
        args: automationArgs,
      },
      createBrowserContext: sharedBrowserContext(),
    }),
  ],
  testFramework: { config: { timeout: 20000 } },
  testsFinishTimeout: 300000,
}
