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
    await history.keepVersion("a.txt", await write("a.txt", "eight days old"), retention, now - 8 * DAY)
    await history.keepVersion("a.txt", await write("a.txt", "six days old"), retention, now - 6 * DAY)
    const kept = await history.versions("a.txt", retention, now)
    expect(kept.map((v) => v.size)).to.deep.equal(["six days old".length])
  })

  it("prunes oldest first past the size budget, but always keeps the newest copy", async () => {
    const { history, write } = await fresh()
    const small = { days: 7, maxBytes: 10 }
    await history.keepVersion("b.txt", await write("b.txt", "12345"), small, 1_000)
    await history.keepVersion("b.txt", await write("b.txt", "678901"), small, 2_000)
    expect((await history.versions("b.txt", small, 2_000)).map((v) => v.size)).to.deep.equal([6])
    await history.keepVersion("b.txt", await write("b.txt", "x".repeat(50)), small, 3_000)
    expect((await history.versions("b.txt", small, 3_000)).map((v) => v.size)).to.deep.equal([50])
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
