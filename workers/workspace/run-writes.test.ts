import { expect } from "chai"
import { RunWrites } from "./run-writes.ts"

const limits = { filesPerRun: 3, bytesPerRun: 100 }

describe("files and bytes written per run", () => {
  it("refuses the file past the limit, and counts a file written again once", () => {
    const writes = new RunWrites()
    for (const path of ["a", "b", "a", "c"]) expect(writes.admit("run", path, 1, limits)).to.equal(undefined)
    const refused = writes.admit("run", "d", 1, limits)
    expect(refused?.code).to.equal("run_limit")
    expect(refused?.message).to.match(/3 files/)
    // Another run has its own count; a file the run wrote may be written again.
    expect(writes.admit("other", "d", 1, limits)).to.equal(undefined)
    expect(writes.admit("run", "b", 1, limits)).to.equal(undefined)
  })

  it("refuses the bytes past the limit, and a write that did not happen is taken back", () => {
    const writes = new RunWrites()
    expect(writes.admit("run", "a", 60, limits)).to.equal(undefined)
    expect(writes.admit("run", "b", 50, limits)?.code).to.equal("run_limit")
    expect(writes.admit("run", "b", 40, limits)).to.equal(undefined)
    writes.undo("run", "b", 40, true)
    expect(writes.has("run", "b")).to.equal(false)
    expect(writes.admit("run", "c", 40, limits)).to.equal(undefined)
  })
})
