import { expect } from "chai"
import { NotFound, ToolFailed, toWire } from "../../schemas/errors.ts"
import { fileSystemError, Workspace } from "./opfs.ts"

describe("workspace file-system errors", () => {
  it("reports a full quota as quota_exceeded, naming the file and how to free space", () => {
    const wire = toWire(fileSystemError(new DOMException("quota", "QuotaExceededError"), "big/file.bin", "written"))
    expect(wire.code).to.equal("quota_exceeded")
    expect(wire.message).to.contain('"big/file.bin" was not written').and.contain("opfs_delete")
  })

  it("reports a missing entry as not_found, pointing to opfs_list", () => {
    const error = fileSystemError(new DOMException("gone", "NotFoundError"), "a/b.txt", "deleted")
    expect(error).to.be.instanceOf(NotFound)
    expect(toWire(error).message).to.contain('"a/b.txt"').and.contain("opfs_list")
  })

  it("reports a locked file as busy, and anything else as io_error with the browser's words", () => {
    expect(toWire(fileSystemError(new DOMException("locked", "NoModificationAllowedError"), "x", "read")).code).to.equal("busy")
    const other = toWire(fileSystemError(new DOMException("disk on fire", "UnknownError"), "x", "read"))
    expect(other.code).to.equal("io_error")
    expect(other.message).to.contain("disk on fire")
  })

  it("passes the tools' own errors through unchanged", () => {
    const own = new ToolFailed({ code: "is_a_directory", message: "m" })
    expect(fileSystemError(own, "x", "read")).to.equal(own)
  })
})

describe("Workspace.open", () => {
  it("opens (creates) the workspace folder ahead of any call", async () => {
    const folder = `open-test-${crypto.randomUUID()}`
    const root = await navigator.storage.getDirectory()
    const exists = () =>
      root.getDirectoryHandle(folder).then(
        () => true,
        () => false,
      )
    expect(await exists()).to.equal(false)
    await new Workspace(folder).open()
    expect(await exists()).to.equal(true)
    await root.removeEntry(folder, { recursive: true })
  })
})
