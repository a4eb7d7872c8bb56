// The folder rules: what code each context may import. Folders are contexts (docs/architecture.md),
// and an import is code that context then loads and runs: a tool worker that imported the model
// client would bundle it and be handed API keys. Like Playwright's DEPS.list, checked in CI
// (`npm run lint`). Also the doors: postMessage is called only in the adapters.
//   node scripts/check-imports.mjs [--root DIR]   exits 1 and names each forbidden import or post
import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"

/**
 * Besides its own folder and schemas/ (which every context reads), what each context may import,
 * first match wins. A type-only import crosses any line (it loads nothing), except into
 * workers/agent/ from the tool workers, which must not even know the model client's shapes.
 */
export const RULES = [
  { from: "schemas/", may: [] },
  { from: "workers/runtime/", may: [] },
  { from: "workers/page/injected/", may: [] },
  { from: "workers/agent/", may: ["workers/runtime/"] },
  { from: "workers/page/", may: ["workers/runtime/", "workers/page/injected/"] },
  { from: "workers/*/", may: ["workers/runtime/"], neverTypes: ["workers/agent/"] },
  { from: "shell/sw/", may: ["workers/page/injected/"] },
  { from: "shell/hub/", may: ["shell/client/", "workers/"] },
  { from: "shell/client/", may: [] },
  { from: "shell/pages/", may: ["shell/client/", "components/"] },
  { from: "shell/sandbox/", may: ["workers/page/injected/"] },
  { from: "components/", may: ["shell/client/"] },
]

/**
 * A tool definition module (schemas/tools/<group>.ts) carries Effect Schema and every description:
 * a worker takes its types from it and its plain data from the generated `<group>.meta.ts`.
 */
const TYPES_ONLY_IN_WORKERS = /^schemas\/tools\/[a-z-]+\.ts$/

const CHECKED = ["schemas", "workers", "shell", "components"]
const isTest = (file) => file.endsWith(".test.ts") || file.includes("/test-support/")

/** The folder a file's rule is about: `workers/*` stands for the file's own worker folder. */
const ownFolder = (rule, file) => (rule.from === "workers/*/" ? file.split("/").slice(0, 2).join("/") + "/" : rule.from)
const ruleOf = (file) => RULES.find((rule) => (rule.from === "workers/*/" ? /^workers\/[^/]+\//.test(file) : file.startsWith(rule.from)))

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/gm

/** The forbidden imports of one file (its path relative to the root, with /). */
export const violationsOf = (file, source) => {
  const rule = ruleOf(file)
  if (rule === undefined || isTest(file)) return []
  const own = ownFolder(rule, file)
  const found = []
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4]
    const typeOnly = match[2] !== undefined
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
    const allowed = [own, "schemas/", ...rule.may].some((folder) => target.startsWith(folder))
    const neverEvenTypes = (rule.neverTypes ?? []).some((folder) => target.startsWith(folder))
    const schemaInWorker = file.startsWith("workers/") && !typeOnly && TYPES_ONLY_IN_WORKERS.test(target)
    if (neverEvenTypes || schemaInWorker || (!allowed && !typeOnly)) found.push({ file, target, typeOnly, context: own })
  }
  return found
}

/**
 * The doors: a boundary is crossed through its adapter (Comlink endpoints, the Port adapter), so a
 * raw `postMessage` call elsewhere is a hand-written protocol (issue 30). Files allowed to post:
 */
export const ADAPTERS = ["shell/client/port-endpoint.ts"]
const POST = /\.postMessage\s*\(/g

/** The raw postMessage calls of one file outside the adapters, with their line numbers. */
export const rawPostsOf = (file, source) => {
  if (ADAPTERS.includes(file) || isTest(file) || !CHECKED.some((dir) => file.startsWith(`${dir}/`))) return []
  return [...source.matchAll(POST)].map((match) => ({ file, line: source.slice(0, match.index).split("\n").length }))
}

const filesUnder = async (root, dir) => {
  const out = []
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => [])) {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) out.push(...(await filesUnder(root, rel)))
    else if (rel.endsWith(".ts")) out.push(rel)
  }
  return out
}

export const check = async (root) => {
  const found = []
  for (const dir of CHECKED)
    for (const file of await filesUnder(root, dir)) found.push(...violationsOf(file, await readFile(path.join(root, file), "utf8")))
  return found
}

export const checkDoors = async (root) => {
  const found = []
  for (const dir of CHECKED)
    for (const file of await filesUnder(root, dir)) found.push(...rawPostsOf(file, await readFile(path.join(root, file), "utf8")))
  return found
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--root")
  const root = at > 0 ? path.resolve(process.argv[at + 1]) : path.dirname(path.dirname(fileURLToPath(import.meta.url)))
  const found = await check(root)
  for (const v of found)
    console.error(
      `${v.file}: may not import ${v.typeOnly ? "even the types of " : ""}${v.target} (rules for ${v.context}: scripts/check-imports.mjs)`,
    )
  const posts = await checkDoors(root)
  for (const p of posts)
    console.error(`${p.file}:${p.line}: postMessage outside an adapter: cross the boundary through Comlink or the Port adapter`)
  if (found.length + posts.length > 0) process.exit(1)
  console.log("imports follow the folder rules; postMessage only in the adapters")
}
