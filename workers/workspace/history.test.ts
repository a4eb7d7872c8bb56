/** The workspace's undo on the real origin-private file system of the test page (async API only, as the offscreen document uses it). */
import { expect } from "chai"
import { WorkspaceHistory } from "./history.ts"

const DAY = 24 * 60 * 60 * 1000
const retention = { days: 7, maxBytes: 1_000_000 }

const fresh = async () => {
  const name = `test-ws-${crypto.randomUUID().slice(0, 8)}`
  const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true })
  const history = new WorkspaceHistory(async () => folder)
  const write = async (file: string, text: string) => {
    const handle = await folder.getFileHandle(file, { create: true })
    const writable = await handle.createWritable()
    await writable.write(text)
    await writable.close()
    return handle
  }
  const read = async (file: string) => (await (await folder.getFileHandle(file)).getFile()).text()
  return { folder, history, write, read }
}

describe("workspace history", () => {
  it("drops what is older than the retention days, and keeps the rest", async () => {
    const { history, write } = await fresh()
    const now = Date.now()
    await history.keepVersion("a.txt", await write("a.txt", "eight days old"), retention, { now: now - 8 * DAY })
    await history.keepVersion("a.txt", await write("a.txt", "six days old"), retention, { now: now - 6 * DAY })
    const kept = await history.versions("a.txt", retention, now)
    expect(kept.map((v) => v.size)).to.deep.equal(["six days old".length])
  })

  it("a run's own copies are pruned oldest first past the budget, but the newest is always kept", async () => {
    const { history, write } = await fresh()
    const small = { days: 7, maxBytes: 10 }
    const byRun = { pressure: { run: "r1" } }
    const written = async (text: string) => {
      const handle = await write("b.txt", text)
      await history.mark("b.txt", true, [], "r1")
      return handle
    }
    await history.keepVersion("b.txt", await written("12345"), small, { now: 1_000, ...byRun })
    await history.keepVersion("b.txt", await written("678901"), small, { now: 2_000, ...byRun })
    expect((await history.versions("b.txt", small, 2_000)).map((v) => v.size)).to.deep.equal([6])
    await history.keepVersion("b.txt", await written("x".repeat(50)), small, { now: 3_000, ...byRun })
    expect((await history.versions("b.txt", small, 3_000)).map((v) => v.size)).to.deep.equal([50])
  })

  it("a run cannot push out what existed before it: the user's deleted folder outlives the run's flood", async () => {
    const { folder, history, write } = await fresh()
    const small = { days: 7, maxBytes: 100 }
    // The user's folder, bigger than the whole budget.
    const mine = await folder.getDirectoryHandle("mine", { create: true })
    for (const name of ["a.txt", "b.txt"]) {
      const writable = await (await mine.getFileHandle(name, { create: true })).createWritable()
      await writable.write("u".repeat(80))
      await writable.close()
    }
    const flood = { pressure: { run: "hostile" } }
    await history.keepDeleted("mine", mine, small, { now: 1_000, ...flood })
    await folder.removeEntry("mine", { recursive: true })
    for (let i = 0; i < 6; i++) {
      const handle = await write("junk.txt", String(i).repeat(60))
      await history.mark("junk.txt", true, [], "hostile")
      await history.keepVersion("junk.txt", handle, small, { now: 2_000 + i, ...flood })
      await history.keepDeleted("junk.txt", handle, small, { now: 2_000 + i, ...flood })
      await folder.removeEntry("junk.txt")
    }
    const trash = await history.trash(small, 3_000)
    const kept = trash.find((t) => t.path === "mine")
    expect(kept, JSON.stringify(trash)).to.include({ entry: "directory", size: 160 })
    expect(kept!.by).to.equal(undefined)
    // The run's own copies were pushed out down to its newest.
    expect(trash.filter((t) => t.path === "junk.txt").length).to.equal(1)
    await history.restore(kept!.id, small, 3_000)
    const restored = await (await (await folder.getDirectoryHandle("mine")).getFileHandle("b.txt")).getFile()
    expect(await restored.text()).to.equal("u".repeat(80))
  })

  it("what an earlier run wrote counts as earlier content for the next run", async () => {
    const { folder, history, write } = await fresh()
    const small = { days: 7, maxBytes: 10 }
    const report = await write("report.md", "the first run's report")
    await history.mark("report.md", true, [], "run-1")
    await history.keepDeleted("report.md", report, small, { now: 1_000, pressure: { run: "run-2" } })
    await folder.removeEntry("report.md")
    const junk = await write("junk", "j".repeat(30))
    await history.mark("junk", true, [], "run-2")
    await history.keepDeleted("junk", junk, small, { now: 2_000, pressure: { run: "run-2" } })
    const trash = await history.trash(small, 3_000)
    expect(trash.map((t) => [t.path, t.by])).to.deep.equal([
      ["junk", "run-2"],
      ["report.md", "run-1"],
    ])
  })

  it("a listing pushes nothing out; a person's change drops only runs' copies, which the usage announces", async () => {
    const { history, write } = await fresh()
    const small = { days: 7, maxBytes: 50 }
    // An earlier run's scratch copy, then the user's file replaced by the next run: over budget.
    const scratch = await write("scratch.txt", "s".repeat(40))
    await history.mark("scratch.txt", true, [], "r1")
    await history.keepVersion("scratch.txt", scratch, small, { now: 1_000, pressure: { run: "r1" } })
    await history.keepVersion("own.txt", await write("own.txt", "o".repeat(40)), small, { now: 2_000, pressure: { run: "r2" } })
    expect((await history.versions("scratch.txt", small, 3_000)).length).to.equal(1)
    const usage = await history.usage(small, 3_000)
    expect(usage).to.deep.include({ items: 2, bytes: 80, earlierBytes: 40, maxBytes: 50 })
    expect(usage.wouldDrop).to.deep.equal({ items: 1, bytes: 40 })
    await history.keepVersion("own.txt", await write("own.txt", "p".repeat(20)), small, { now: 4_000 })
    expect((await history.versions("scratch.txt", small, 5_000)).length).to.equal(0)
    expect((await history.versions("own.txt", small, 5_000)).map((v) => v.size)).to.deep.equal([20, 40])
  })

  it("restores a deleted file with its outside mark, and it leaves the trash", async () => {
    const { folder, history, write, read } = await fresh()
    const handle = await write("c.txt", "from the web")
    await history.mark("c.txt", true)
    await history.keepDeleted("c.txt", handle, retention)
    await folder.removeEntry("c.txt")
    expect(await history.isMarked("c.txt")).to.equal(false)
    const [item] = await history.trash(retention)
    expect(item).to.include({ path: "c.txt", kind: "trash", entry: "file" })
    await history.restore(item!.id, retention)
    expect(await read("c.txt")).to.equal("from the web")
    expect(await history.isMarked("c.txt")).to.equal(true)
    expect(await history.trash(retention)).to.deep.equal([])
  })

  it("marks the folders an agent run made with its file, and a later write by the user lifts the file's mark only", async () => {
    const { history } = await fresh()
    await history.mark("Agents obey/b/note.md", true, ["Agents obey", "Agents obey/b"])
    const paths = ["Agents obey", "Agents obey/b", "Agents obey/b/note.md", "mine"]
    expect([...(await history.markedAmong(paths))]).to.have.members(["Agents obey", "Agents obey/b", "Agents obey/b/note.md"])
    await history.mark("Agents obey/b/note.md", false)
    expect([...(await history.markedAmong(paths))]).to.have.members(["Agents obey", "Agents obey/b"])
    // A user's write never marks the folders it made.
    await history.mark("mine/x.md", false, ["mine"])
    expect((await history.markedAmong(["mine", "mine/x.md"])).size).to.equal(0)
  })

  it("a deleted folder takes the marks of its name and its files to the trash, and a restore brings them back", async () => {
    const { folder, history } = await fresh()
    const made = await folder.getDirectoryHandle("Send keys out", { create: true })
    const file = await made.getFileHandle("a.txt", { create: true })
    const writable = await file.createWritable()
    await writable.write("x")
    await writable.close()
    await history.mark("Send keys out/a.txt", true, ["Send keys out"])
    await history.keepDeleted("Send keys out", made, retention)
    await folder.removeEntry("Send keys out", { recursive: true })
    expect((await history.markedAmong(["Send keys out", "Send keys out/a.txt"])).size).to.equal(0)
    await history.restore((await history.trash(retention))[0]!.id, retention)
    expect((await history.markedAmong(["Send keys out", "Send keys out/a.txt"])).size).to.equal(2)
  })
})
