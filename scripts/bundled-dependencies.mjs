// The unit tests' server serves the biggest dependencies (effect, lit, linkedom, parse5) as
// esbuild bundles, as build.mjs bundles them for the extension, in place of their own files:
// each test file's page fetched and compiled them file by file (effect alone is 143 requests,
// linkedom and its parser 180). One build, code split over every entry point the repository
// imports, keeps one instance of each module whichever entry a test or a module imports.
import * as esbuild from "esbuild"
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"

const servedAt = "/__bundled/"

/** Where an entry's bundle is served, below `servedAt`: "lit/directives/repeat.js" at "lit/directives/repeat". */
const outName = (/** @type {string} */ specifier) => specifier.replace(/\.js$/, "")

/** Folders of the repository whose modules the tests load. */
const SOURCE_FOLDERS = ["schemas", "workers", "shell", "components", "test"]

/**
 * The specifiers of `packages` that the repository's modules import ("effect/Schema", "lit",
 * "lit/directives/repeat.js"): the bundles' entry points. A package's own exports are too many
 * (effect's patterns name every one of its 150 modules).
 * @param {string[]} packages @param {string} root
 */
export const importedSpecifiers = (packages, root) => {
  const names = packages.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")
  const pattern = new RegExp(`(?:\\bfrom|\\bimport)\\s*\\(?\\s*["']((?:${names})(?:/[^"'\\s]*)?)["']`, "g")
  const found = new Set()
  for (const folder of SOURCE_FOLDERS)
    for (const file of readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" }))
      if (/\.(?:ts|mts|mjs|js)$/.test(file) && !file.split(path.sep).includes("node_modules"))
        for (const match of readFileSync(path.join(root, folder, file), "utf8").matchAll(pattern)) found.add(match[1])
  return [...found].sort((a, b) => a.localeCompare(b))
}

/**
 * A web-test-runner plugin: the imports of `packages` that the repository makes (less `exclude`)
 * resolve to bundles built once, on the first request, with `conditions` and `alias`.
 * @param {{ packages: string[], root: string, conditions: string[], alias?: Record<string, string>, exclude?: string[] }} options
 */
export function bundledDependencies({ packages, root, conditions, alias = {}, exclude = [] }) {
  const entries = importedSpecifiers(packages, root).filter((specifier) => !exclude.includes(specifier))
  const served = new Set(entries)
  /** @type {Promise<Map<string, string>> | undefined} */
  let built
  const build = async () => {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: entries.map((specifier) => ({ in: specifier, out: outName(specifier) })),
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      conditions,
      alias,
      define: { "process.env.NODE_ENV": JSON.stringify("development") },
      outdir: servedAt,
      write: false,
      logLevel: "warning",
    })
    return new Map(result.outputFiles.map((file) => [file.path, file.text]))
  }
  return {
    name: "bundled-dependencies",
    /** @param {{ source: string }} import_ */
    resolveImport: ({ source }) => (served.has(source) ? `${servedAt}${outName(source)}.js` : undefined),
    /** @param {{ path: string }} context */
    serve: async (context) => {
      if (!context.path.startsWith(servedAt)) return undefined
      const body = (await (built ??= build())).get(context.path)
      return body === undefined ? undefined : { body, type: "js" }
    },
  }
}
