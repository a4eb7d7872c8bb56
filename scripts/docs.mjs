// Writes what is derived from the tool definitions: docs/tools.md (schemas/tools/reference.ts) and
// each group module's plain data for tool workers, schemas/tools/<group>.meta.ts (toolMetaModule);
// the JSON Schema the model sees for each built-in tool, schemas/tools/parameters.generated.ts;
// and the service worker's decoders, schemas/sw-contracts.decoders.ts (scripts/decoder-plans.ts).
// With --check it writes nothing and fails when a file is not what the definitions give (CI).
// Run through tsx: node --import tsx scripts/docs.mjs [--check]
import { readdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { toolReference } from "../schemas/tools/reference.ts"
import { builtinTools } from "../schemas/tools/index.ts"
import { parametersJsonSchema } from "../schemas/tool-json-schema.ts"
import { decoderModule } from "./decoder-plans.ts"
import * as swContracts from "../schemas/sw-contracts.ts"

const root = fileURLToPath(new URL("..", import.meta.url))
const toolsDir = path.join(root, "schemas", "tools")

/** The group modules: schemas/tools/<group>.ts, not the index, the reference, tests or metas. */
const groupModules = (await readdir(toolsDir)).filter(
  (file) => /^[a-z-]+\.ts$/.test(file) && !["index.ts", "reference.ts"].includes(file) && !file.endsWith(".meta.ts"),
)

/**
 * A group module's definitions as `ToolMeta` (name, group, limits, error codes) and its plain
 * constants, typed by the definitions themselves: tool workers import this, so Effect Schema and
 * the descriptions stay out of their bundles, and tsc fails on a meta that no longer matches.
 */
const toolMetaModule = async (file) => {
  const module = await import(pathToFileURL(path.join(toolsDir, file)).href)
  const lines = [
    `// Written by \`npm run docs\` from ./${file}: what a tool worker needs of these tools, without their`,
    "// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.",
    'import type { ToolMeta } from "../tool-definition.ts"',
    `import type * as tools from "./${file}"`,
    "",
  ]
  const isDefinition = (value) => value !== null && typeof value === "object" && "parameters" in value && "errors" in value
  if (!Object.values(module).some(isDefinition)) return undefined // a module of shared schemas (tab-parameters.ts)
  for (const [name, value] of Object.entries(module)) {
    if (isDefinition(value)) {
      const { name: tool, group, worker, timeoutMs, summaryTimeoutMs, errors } = value
      const codes = Object.keys(errors).map((code) => `${/^\w+$/.test(code) ? code : JSON.stringify(code)}: true`)
      const fields = Object.entries({ name: tool, group, worker, timeoutMs, summaryTimeoutMs })
        .filter(([, field]) => field !== undefined)
        .map(([key, field]) => `${key}: ${JSON.stringify(field)}`)
      lines.push(
        `export const ${name}: ToolMeta<typeof tools.${name}> = { ${fields.join(", ")}, errors: ${codes.length > 0 ? `{ ${codes.join(", ")} }` : "{}"} }`,
      )
    } else if (["string", "number", "boolean"].includes(typeof value)) {
      lines.push(`export const ${name} = ${JSON.stringify(value)}`)
    }
  }
  // One line a tool, left alone by prettier (.prettierignore): generated, never read side by side.
  return { file: path.join(toolsDir, file.replace(/\.ts$/, ".meta.ts")), text: `${lines.join("\n")}\n` }
}

/**
 * Each built-in tool's parameters as the JSON Schema the model sees, so the offscreen document
 * lists its tools without Effect's JSON Schema generator (schemas/model-parameters.ts).
 */
const parametersModule = () => {
  const lines = [
    "// Written by `npm run docs` from ./index.ts: the JSON Schema of each built-in tool's parameters,",
    "// as parametersJsonSchema (schemas/tool-json-schema.ts) makes it. Not edited by hand; `npm run docs:check` checks it.",
    'import type { BuiltinToolName } from "./index.ts"',
    "",
    "export const builtinParameters: Readonly<Record<BuiltinToolName, Record<string, unknown>>> = {",
    ...builtinTools.map((definition) => `  ${definition.name}: ${JSON.stringify(parametersJsonSchema(definition))},`),
    "}",
  ]
  return { file: path.join(toolsDir, "parameters.generated.ts"), text: `${lines.join("\n")}\n` }
}

const outputs = [
  parametersModule(),
  { file: path.join(root, "docs", "tools.md"), text: toolReference() },
  ...(await Promise.all(groupModules.map(toolMetaModule))).filter((output) => output !== undefined),
  {
    file: path.join(root, "schemas", "sw-contracts.decoders.ts"),
    text: decoderModule({ from: "./sw-contracts.ts", module: swContracts, guards: ["stored"] }),
  },
]

if (process.argv.includes("--check")) {
  const stale = []
  for (const { file, text } of outputs) if ((await readFile(file, "utf8").catch(() => "")) !== text) stale.push(file)
  if (stale.length > 0) {
    console.error(`Not current: ${stale.map((f) => path.relative(root, f)).join(", ")}. Run \`npm run docs\` and commit them.`)
    process.exit(1)
  }
  console.log("docs/tools.md, schemas/tools/*.meta.ts, parameters.generated.ts and schemas/sw-contracts.decoders.ts are current.")
} else {
  for (const { file, text } of outputs) await writeFile(file, text)
  console.log(`Wrote ${outputs.map(({ file }) => path.relative(root, file)).join(", ")}`)
}
