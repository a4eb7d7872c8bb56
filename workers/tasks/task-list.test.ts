import { expect } from "chai"
import { TaskLists } from "./task-list.ts"

describe("TaskLists", () => {
  it("keeps one list per conversation, with short ids counted per conversation", () => {
    const lists = new TaskLists()
    expect(lists.create("a", "one")).to.deep.equal({ task_id: "t1", subject: "one", status: "pending" })
    expect(lists.create("a", "two", "details")).to.deep.equal({ task_id: "t2", subject: "two", description: "details", status: "pending" })
    expect(lists.create("b", "other").task_id).to.equal("t1")
    expect(lists.list("a").map((t) => t.subject)).to.deep.equal(["one", "two"])
    expect(lists.list("b").map((t) => t.subject)).to.deep.equal(["other"])
    expect(lists.list("c")).to.deep.equal([])
  })

  it("updates only the fields given, and tells a missing task apart", () => {
    const lists = new TaskLists()
    lists.create("a", "one", "first")
    expect(lists.update("a", "t1", { status: "completed" })).to.deep.equal({
      task_id: "t1",
      subject: "one",
      description: "first",
      status: "completed",
    })
    expect(lists.update("a", "t1", { subject: "renamed", description: undefined })?.description).to.equal("first")
    expect(lists.update("a", "t9", { status: "completed" })).to.equal(undefined)
    expect(lists.update("b", "t1", { status: "completed" })).to.equal(undefined)
    expect(lists.ids("a")).to.deep.equal(["t1"])
  })
})
