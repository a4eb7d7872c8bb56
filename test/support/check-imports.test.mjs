// The folder rules of scripts/check-imports.mjs: the tree follows them, and `npm run lint` fails on a
// forbidden import.
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { test } from "node:test"
import { fileURLToPath } from "node:url"
import { check, checkDoors, rawPostsOf, violationsOf } from "../../scripts/check-imports.mjs"

const root = fileURLToPath(new URL("../../", import.meta.url))
const script = path.join(root, "scripts", "check-imports.mjs")

test("the repository's imports follow the folder rules", async () => {
  assert.deepEqual(await check(root), [])
})

test("a forbidden import fails the check with the file and the import named", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "check-imports-"))
  try {
    for (const folder of ["schemas", "workers", "shell", "components"])
      await cp(path.join(root, folder), path.join(dir, folder), { recursive: true })
    const clean = spawnSync(process.execPath, [script, "--root", dir], { encoding: "utf8" })
    assert.equal(clean.status, 0, clean.stderr)
    // A tool worker reaching for the model client: it would bundle it and be handed keys.
    await writeFile(path.join(dir, "workers/web/leak.ts"), 'import { distill } from "../../shell/hub/distill.ts"\nexport { distill }\n')
    const failed = spawnSync(process.execPath, [script, "--root", dir], { encoding: "utf8" })
    assert.equal(failed.status, 1)
    assert.match(failed.stderr, /workers\/web\/leak\.ts: may not import shell\/hub\/distill\.ts/)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test("each context's rule: code across a line fails, a type crosses, the model client's types stay out of tool workers", () => {
  const imports = (file, line) => violationsOf(file, line).map((v) => v.target)
  assert.deepEqual(imports("components/am-x.ts", 'import { a } from "../workers/agent/loop.ts"'), ["workers/agent/loop.ts"])
  assert.deepEqual(imports("components/am-x.ts", 'import type { A } from "../workers/agent/loop.ts"'), [])
  assert.deepEqual(imports("components/am-x.ts", 'import { call } from "../shell/client/router-client.ts"'), [])
  assert.deepEqual(imports("shell/sw/x.ts", 'import { a } from "../hub/consent.ts"'), ["shell/hub/consent.ts"])
  assert.deepEqual(imports("shell/sw/x.ts", 'import { walk } from "../../workers/page/injected/walker.ts"'), [])
  assert.deepEqual(imports("workers/runtime/x.ts", 'const m = await import("../web/fetch.ts")'), ["workers/web/fetch.ts"])
  assert.deepEqual(imports("workers/tabs/x.ts", 'import type { T } from "../agent/providers/types.ts"'), [
    "workers/agent/providers/types.ts",
  ])
  assert.deepEqual(imports("workers/tabs/x.ts", 'export { a } from "../tasks/task-list.ts"'), ["workers/tasks/task-list.ts"])
  assert.deepEqual(imports("workers/page/x.ts", 'import { run } from "./injected/script-runtime.ts"'), [])
  assert.deepEqual(imports("workers/page/injected/x.ts", 'import { serve } from "../../runtime/serve.ts"'), ["workers/runtime/serve.ts"])
  assert.deepEqual(imports("workers/web/x.test.ts", 'import { a } from "../../shell/hub/distill.ts"'), [])
  // A tool definition's module would bring Effect Schema into the worker: its plain data is in the meta module.
  assert.deepEqual(imports("workers/tasks/x.ts", 'import { listTasks } from "../../schemas/tools/tasks.ts"'), ["schemas/tools/tasks.ts"])
  assert.deepEqual(imports("workers/tasks/x.ts", 'import type { Task } from "../../schemas/tools/tasks.ts"'), [])
  assert.deepEqual(imports("workers/tasks/x.ts", 'import { listTasks } from "../../schemas/tools/tasks.meta.ts"'), [])
})

test("postMessage is called only in the adapters", async () => {
  assert.deepEqual(await checkDoors(root), [])
  const posts = (file, source) => rawPostsOf(file, source).map((p) => p.line)
  assert.deepEqual(posts("workers/agent/x.ts", "const a = 1\nport.postMessage({ a })"), [2])
  assert.deepEqual(posts("shell/sandbox/x.ts", "self.postMessage (outcome)"), [1])
  assert.deepEqual(posts("shell/client/port-endpoint.ts", "port.postMessage(part)"), [])
  assert.deepEqual(posts("workers/web/x.test.ts", "worker.postMessage(1)"), [])
  // A declaration or a word in a comment is no call.
  assert.deepEqual(posts("workers/web/pdfjs-text.d.ts", "postMessage(message: unknown): void"), [])
})
