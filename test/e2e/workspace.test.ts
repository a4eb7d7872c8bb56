/**
 * The workspace tools (opfs_write, opfs_read, opfs_list, opfs_delete) end to end: through
 * `agent.tools.call` in the side panel page, into the workspace worker under the offscreen
 * document, on the real origin-private file system of a fresh profile.
 */
import { after, before, test } from "node:test"
import assert from "node:assert/strict"
import { createHash, randomBytes } from "node:crypto"
import type { Page } from "playwright-core"
import { callTool, launchExtension, type ExtensionSession } from "./harness.ts"

let session: ExtensionSession
let page: Page

before(async () => {
  session = await launchExtension()
  page = await session.openPage("sidepanel.html")
})

after(async () => {
  await session?.close()
})

const ok = async (name: string, params: unknown): Promise<any> => {
  const outcome = await callTool(page, name, params)
  assert.ok(outcome.ok, `${name} ${JSON.stringify(params).slice(0, 200)} failed: ${JSON.stringify(outcome)}`)
  return outcome.value
}

const fails = async (name: string, params: unknown) => {
  const outcome = await callTool(page, name, params)
  assert.ok(
    !outcome.ok,
    `${name} ${JSON.stringify(params).slice(0, 200)} should fail but returned ${JSON.stringify(outcome).slice(0, 300)}`,
  )
  return outcome.error
}

/** Fetches a blob URL from the side panel page, as extension code would. */
const fetchBlob = (url: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url)
    const bytes = new Uint8Array(await response.arrayBuffer())
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))
    return {
      type: response.headers.get("content-type"),
      size: bytes.byteLength,
      sha256: [...digest].map((b) => b.toString(16).padStart(2, "0")).join(""),
      head: [...bytes.subarray(0, 16)],
    }
  }, url)

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${Buffer.from(bytes).toString("base64")}`

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

test("opfs_write normalises the path, creates parent folders and reports the size in bytes", async () => {
  const written = await ok("opfs_write", { path: "/notes/2024/todo.md", content: "héllo\n" })
  assert.deepEqual(written, { path: "notes/2024/todo.md", size: 7 })
  assert.deepEqual(await ok("opfs_list", { path: "notes" }), [{ name: "2024", kind: "directory" }])
  assert.deepEqual(await ok("opfs_list", { path: "/notes/2024" }), [{ name: "todo.md", kind: "file", size: 7 }])
  const read = await ok("opfs_read", { path: "notes/2024/todo.md" })
  assert.deepEqual(read, { path: "notes/2024/todo.md", content: "héllo\n", total_lines: 1, offset: 1, limit: 200 })
})

test("opfs_write replaces an existing file, shorter content included", async () => {
  await ok("opfs_write", { path: "replace.txt", content: "a much longer first version\nwith two lines\n" })
  assert.deepEqual(await ok("opfs_write", { path: "replace.txt", content: "short" }), { path: "replace.txt", size: 5 })
  const read = await ok("opfs_read", { path: "replace.txt" })
  assert.equal(read.content, "short")
  assert.equal(read.total_lines, 1)
})

test("a 1 MiB binary written as a data URL reads back byte for byte through its blob URL, even after the worker is replaced", async () => {
  const bytes = randomBytes(1024 * 1024)
  bytes.set(PNG_SIGNATURE, 0)
  const written = await ok("opfs_write", { path: "media/photo.dat", content: dataUrl("application/octet-stream", bytes) })
  assert.deepEqual(written, { path: "media/photo.dat", size: bytes.byteLength })

  const read = await ok("opfs_read", { path: "media/photo.dat" })
  assert.deepEqual(Object.keys(read).sort(), ["blob_url", "mime_type", "path", "size"])
  assert.equal(read.path, "media/photo.dat")
  assert.equal(read.size, bytes.byteLength)
  assert.equal(read.mime_type, "image/png", "sniffed from the bytes, not the .dat name")
  assert.match(read.blob_url, /^blob:chrome-extension:\/\//)

  const fetched = await fetchBlob(read.blob_url)
  assert.equal(fetched.size, bytes.byteLength)
  assert.equal(fetched.sha256, sha256(bytes))
  assert.equal(fetched.type, "image/png")

  await page.evaluate(async () => {
    await globalThis.agent.debug.crashWorker("workspace")
    // The supervisor notices the death by a failed ping, then starts a new worker.
    for (let tries = 0; tries < 200; tries++) {
      const workers = (await globalThis.agent.debug.workers()) as Record<string, { alive: boolean; restarts: number }>
      if (workers.workspace && workers.workspace.restarts > 0 && workers.workspace.alive) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error("the workspace worker was not restarted within 10 s")
  })
  assert.equal((await fetchBlob(read.blob_url)).sha256, sha256(bytes))
  // The replaced worker still serves the workspace.
  assert.equal((await ok("opfs_read", { path: "media/photo.dat", mode: "blob" })).size, bytes.byteLength)
})

test("calls at the same time on the same file all succeed, one after another", async () => {
  const outcomes = await page.evaluate(async () => {
    const calls = Array.from({ length: 8 }, (_, i) => [
      globalThis.agent.tools.call("opfs_write", { path: "busy/same.txt", content: `version ${i}\n`.repeat(100 + i) }),
      globalThis.agent.tools.call("opfs_read", { path: "busy/same.txt", mode: "blob" }).catch((e: { code?: string }) => ({ code: e.code })),
    ]).flat()
    return (await Promise.allSettled(calls)).map((r) => (r.status === "fulfilled" ? r.value : { rejected: String(r.reason) }))
  })
  for (const outcome of outcomes as Array<Record<string, unknown>>) {
    assert.ok(!("rejected" in outcome) && outcome.code !== "busy", JSON.stringify(outcome))
  }
  const last = await ok("opfs_read", { path: "busy/same.txt", limit: 1 })
  assert.match(last.content, /^version \d\n$/)
  assert.equal(last.total_lines, 100 + Number(/\d/.exec(last.content)![0]))
})

test("opfs_write decodes a percent-encoded data URL to its bytes", async () => {
  const written = await ok("opfs_write", { path: "bytes.raw", content: "data:text/plain,caf%C3%A9%00%FF%zz" })
  const expected = Uint8Array.from([0x63, 0x61, 0x66, 0xc3, 0xa9, 0x00, 0xff, 0x25, 0x7a, 0x7a])
  assert.deepEqual(written, { path: "bytes.raw", size: expected.length })
  const read = await ok("opfs_read", { path: "bytes.raw" })
  assert.equal(read.mime_type, "application/octet-stream", "binary (a NUL byte), no signature, unknown extension")
  const fetched = await fetchBlob(read.blob_url)
  assert.deepEqual(fetched.head, [...expected])
})

test("text that merely starts with data: is written as text; a malformed data URL is refused", async () => {
  const text = "data: 3 rows, 2 columns\n"
  assert.deepEqual(await ok("opfs_write", { path: "plain.txt", content: text }), { path: "plain.txt", size: text.length })
  assert.equal((await ok("opfs_read", { path: "plain.txt" })).content, text)

  const badBase64 = await fails("opfs_write", { path: "bad.png", content: "data:image/png;base64,iVBOR*w0KGgo=" })
  assert.equal(badBase64.code, "invalid_input")
  assert.equal(badBase64.parameter, "content")
  assert.match(badBase64.message!, /base64/)
  const noComma = await fails("opfs_write", { path: "bad.png", content: "data:image/png;base64 iVBORw0KGgo=" })
  assert.equal(noComma.code, "invalid_input")
  assert.equal(noComma.parameter, "content")
  assert.equal((await fails("opfs_read", { path: "bad.png" })).code, "not_found", "nothing was written")
})

test("a 1,000-line file reads in five pages of 200 lines that join back into the file", async () => {
  const text = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}: ${"x".repeat(i % 7)}\n`).join("")
  await ok("opfs_write", { path: "long.log", content: text })
  const pages: Array<any> = []
  let params: Record<string, unknown> = { path: "long.log" }
  for (;;) {
    const result = await ok("opfs_read", params)
    pages.push(result)
    if (result.next_offset === undefined) break
    assert.ok(pages.length < 10, "paging must end")
    params = { path: "long.log", offset: result.next_offset }
  }
  assert.equal(pages.length, 5)
  assert.deepEqual(
    pages.map((p) => [p.offset, p.limit, p.total_lines, p.next_offset]),
    [
      [1, 200, 1000, 201],
      [201, 200, 1000, 401],
      [401, 200, 1000, 601],
      [601, 200, 1000, 801],
      [801, 200, 1000, undefined],
    ],
  )
  assert.ok(!("next_offset" in pages[4]), "the last page has no next_offset")
  assert.ok(pages[1].content.startsWith("line 201: "))
  assert.equal(pages.map((p) => p.content).join(""), text)

  const tail = await ok("opfs_read", { path: "long.log", offset: 998, limit: 10 })
  assert.deepEqual(tail, {
    path: "long.log",
    content: text.split("\n").slice(997, 1000).join("\n") + "\n",
    total_lines: 1000,
    offset: 998,
    limit: 10,
  })
  const middle = await ok("opfs_read", { path: "long.log", offset: 10, limit: 3 })
  assert.equal(middle.content, text.split("\n").slice(9, 12).join("\n") + "\n")
  assert.equal(middle.next_offset, 13)
})

test("opfs_read refuses a page larger than 200 lines, an offset past the end and paging a blob", async () => {
  await ok("opfs_write", { path: "three.txt", content: "a\nb\nc" })
  const tooMany = await fails("opfs_read", { path: "three.txt", limit: 201 })
  assert.equal(tooMany.code, "invalid_input")
  assert.equal(tooMany.parameter, "limit")
  const zero = await fails("opfs_read", { path: "three.txt", offset: 0 })
  assert.equal(zero.code, "invalid_input")
  assert.equal(zero.parameter, "offset")
  const past = await fails("opfs_read", { path: "three.txt", offset: 4 })
  assert.equal(past.code, "invalid_input")
  assert.equal(past.parameter, "offset")
  assert.match(past.message!, /3 lines/)
  const blobPage = await fails("opfs_read", { path: "three.txt", mode: "blob", offset: 2 })
  assert.equal(blobPage.code, "invalid_input")
  assert.equal(blobPage.parameter, "offset")
})

test("opfs_read keeps line endings as they are and counts lines like cat -n", async () => {
  await ok("opfs_write", { path: "crlf.txt", content: "\ufeffone\r\ntwo\r\nthree" })
  const read = await ok("opfs_read", { path: "crlf.txt" })
  assert.deepEqual(read, { path: "crlf.txt", content: "\ufeffone\r\ntwo\r\nthree", total_lines: 3, offset: 1, limit: 200 })
  await ok("opfs_write", { path: "empty.txt", content: "" })
  assert.deepEqual(await ok("opfs_read", { path: "empty.txt" }), { path: "empty.txt", content: "", total_lines: 0, offset: 1, limit: 200 })
})

test("auto mode tells text from binary by the bytes, not the name; mode forces either way", async () => {
  await ok("opfs_write", { path: "looks-binary.bin", content: "plain text in a .bin file\n" })
  const text = await ok("opfs_read", { path: "looks-binary.bin" })
  assert.equal(text.content, "plain text in a .bin file\n")

  await ok("opfs_write", {
    path: "looks-text.txt",
    content: dataUrl("application/octet-stream", Uint8Array.from([...PNG_SIGNATURE, 1, 2, 3])),
  })
  const png = await ok("opfs_read", { path: "looks-text.txt" })
  assert.equal(png.mime_type, "image/png")
  assert.equal(png.size, 11)

  // Invalid UTF-8 without a signature: binary, typed by its extension.
  await ok("opfs_write", { path: "latin1.txt", content: dataUrl("text/plain", Uint8Array.from([0x63, 0x61, 0x66, 0xe9])) })
  const latin1 = await ok("opfs_read", { path: "latin1.txt" })
  assert.equal(latin1.mime_type, "text/plain")
  await ok("opfs_write", { path: "report.pdf", content: dataUrl("application/octet-stream", Uint8Array.from([0xff, 0x00, 0xfe])) })
  assert.equal((await ok("opfs_read", { path: "report.pdf" })).mime_type, "application/pdf")

  const forcedText = await ok("opfs_read", { path: "latin1.txt", mode: "text" })
  assert.equal(forcedText.content, "caf\ufffd")
  assert.equal(forcedText.total_lines, 1)

  await ok("opfs_write", { path: "readme.md", content: "# Title\n" })
  const forcedBlob = await ok("opfs_read", { path: "readme.md", mode: "blob" })
  assert.equal(forcedBlob.mime_type, "text/markdown")
  assert.equal(forcedBlob.size, 8)
  const fetched = await fetchBlob(forcedBlob.blob_url)
  assert.deepEqual(fetched.head, [...Buffer.from("# Title\n")])
})

test("opfs_list sorts folders first, then files by name, with sizes for files only", async () => {
  for (const path of ["sort/b.txt", "sort/a.txt", "sort/file10.txt", "sort/file2.txt", "sort/z/x.txt", "sort/m/x.txt"]) {
    await ok("opfs_write", { path, content: path })
  }
  assert.deepEqual(await ok("opfs_list", { path: "sort" }), [
    { name: "m", kind: "directory" },
    { name: "z", kind: "directory" },
    { name: "a.txt", kind: "file", size: 10 },
    { name: "b.txt", kind: "file", size: 10 },
    { name: "file2.txt", kind: "file", size: 14 },
    { name: "file10.txt", kind: "file", size: 15 },
  ])
  const root = await ok("opfs_list", {})
  assert.ok(root.some((e: any) => e.name === "sort" && e.kind === "directory"))
  assert.deepEqual(await ok("opfs_list", { path: "/" }), root)
})

test("opfs_delete removes a file, and a folder with everything in it", async () => {
  await ok("opfs_write", { path: "trash/one.txt", content: "1" })
  await ok("opfs_write", { path: "trash/deep/two.txt", content: "2" })
  assert.deepEqual(await ok("opfs_delete", { path: "/trash/one.txt" }), { path: "trash/one.txt", deleted: true })
  assert.deepEqual(await ok("opfs_list", { path: "trash" }), [{ name: "deep", kind: "directory" }])
  assert.deepEqual(await ok("opfs_delete", { path: "trash" }), { path: "trash", deleted: true })
  assert.ok(!(await ok("opfs_list", {})).some((e: any) => e.name === "trash"))
  const root = await fails("opfs_delete", { path: "/" })
  assert.equal(root.code, "invalid_input")
  assert.equal(root.parameter, "path")
})

test("a missing path is not_found in every tool, naming the path and pointing to opfs_list", async () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["opfs_read", { path: "nowhere/missing.txt" }, "nowhere/missing.txt"],
    ["opfs_read", { path: "/missing.txt" }, "missing.txt"],
    ["opfs_list", { path: "no-such-folder" }, "no-such-folder"],
    ["opfs_delete", { path: "missing.txt" }, "missing.txt"],
    ["opfs_delete", { path: "nowhere/missing.txt" }, "nowhere/missing.txt"],
  ]
  for (const [tool, params, path] of cases) {
    const error = await fails(tool, params)
    assert.equal(error.code, "not_found", `${tool} ${JSON.stringify(params)}: ${error.message}`)
    assert.ok(error.message!.includes(`"${path}"`), String(error.message))
    assert.match(error.message!, /opfs_list/)
  }
})

test("files and folders are not confused: writing over a folder, into a file, reading or listing the wrong kind", async () => {
  await ok("opfs_write", { path: "kinds/folder/inside.txt", content: "x" })
  await ok("opfs_write", { path: "kinds/file.txt", content: "x" })
  const overFolder = await fails("opfs_write", { path: "kinds/folder", content: "x" })
  assert.equal(overFolder.code, "is_a_directory")
  assert.match(overFolder.message!, /"kinds\/folder" is a folder/)
  const intoFile = await fails("opfs_write", { path: "kinds/file.txt/new.txt", content: "x" })
  assert.equal(intoFile.code, "not_a_directory")
  assert.match(intoFile.message!, /"kinds\/file.txt" is a file/)
  assert.equal((await fails("opfs_read", { path: "kinds/folder" })).code, "is_a_directory")
  assert.equal((await fails("opfs_list", { path: "kinds/file.txt" })).code, "not_a_directory")
  assert.deepEqual(await ok("opfs_list", { path: "kinds/folder" }), [{ name: "inside.txt", kind: "file", size: 1 }])
})

test("paths that could leave the workspace or hide a name are refused with invalid_input on path", async () => {
  const bad = [
    "../x.txt",
    "a/../../x.txt",
    "..",
    "./a.txt",
    "a/./b.txt",
    "a//b.txt",
    "a/",
    "//a.txt",
    "a\\b.txt",
    "a\u0000b.txt",
    "a\nb.txt",
    "%2e%2e/x.txt",
    "a%2Fb.txt",
    `${"n".repeat(256)}.txt`,
  ]
  for (const path of bad) {
    for (const [tool, params] of [
      ["opfs_write", { path, content: "x" }],
      ["opfs_read", { path }],
      ["opfs_list", { path }],
      ["opfs_delete", { path }],
    ] as const) {
      const error = await fails(tool, params)
      assert.equal(error.code, "invalid_input", `${tool} ${JSON.stringify(path)}: ${JSON.stringify(error)}`)
      assert.equal(error.parameter, "path", `${tool} ${JSON.stringify(path)}`)
    }
  }
  const root = await fails("opfs_read", { path: "/" })
  assert.equal(root.code, "invalid_input")
  assert.equal(root.parameter, "path")
})

test("the workspace is a folder of its own: the rest of the origin-private file system is out of reach", async () => {
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory()
    const outside = await (await root.getFileHandle("outside.txt", { create: true })).createWritable()
    await outside.write("extension data")
    await outside.close()
    await root.getDirectoryHandle("private", { create: true })
  })
  const names = (await ok("opfs_list", {})).map((e: any) => e.name)
  assert.ok(!names.includes("outside.txt") && !names.includes("private") && !names.includes("workspace"), names.join(", "))
  assert.equal((await fails("opfs_read", { path: "/outside.txt" })).code, "not_found")
  assert.equal((await fails("opfs_delete", { path: "private" })).code, "not_found")
  assert.equal((await fails("opfs_read", { path: "../outside.txt" })).code, "invalid_input")
  await ok("opfs_write", { path: "/outside.txt", content: "workspace copy" })
  const outside = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory()
    const own = await (await root.getFileHandle("outside.txt")).getFile()
    const names: string[] = []
    for await (const name of (root as any).keys()) names.push(name)
    return { text: await own.text(), names: names.sort() }
  })
  assert.equal(outside.text, "extension data")
  assert.ok(outside.names.includes("private"))
  assert.equal((await ok("opfs_read", { path: "outside.txt" })).content, "workspace copy")
})
