// Writes docs/tools.md from the tool definitions (schemas/tools/reference.ts). With --check it
// writes nothing and fails when the file is not what the definitions give (CI).
// Run through tsx: node --import tsx scripts/docs.mjs [--check]
import { readFile, writeFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"
import { toolReference } from "../schemas/tools/reference.ts"

const file = fileURLToPath(new URL("../docs/tools.md", import.meta.url))
const text = toolReference()

if (process.argv.includes("--check")) {
  const current = await readFile(file, "utf8").catch(() => "")
  if (current !== text) {
    console.error("docs/tools.md is not current: run `npm run docs` and commit it.")
    process.exit(1)
  }
  console.log("docs/tools.md is current.")
} else {
  await writeFile(file, text)
  console.log("Wrote docs/tools.md")
}
