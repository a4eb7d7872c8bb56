/** A group's defaults (groupTools): what its tools get unless their definitions say otherwise. */
import { expect } from "chai"
import * as Schema from "effect/Schema"
import { destructiveAction, localRead } from "./tool-annotations.ts"
import { groupTools } from "./tool-definition.ts"

const groupTool = groupTools("tabs", {
  timeoutMs: 1_000,
  annotations: localRead("tabs"),
  subAgents: ["page_operator"],
  card: { subject: ["params.tab_id"], result: "data" },
  errors: { shared_failure: "Shared by the group." },
})

const common = { description: "A tool.", parameters: Schema.Struct({ tab_id: Schema.Number }), result: Schema.Number }

describe("groupTools", () => {
  it("gives a definition that names nothing the group's time limit, annotations, sub-agents and card", () => {
    const tool = groupTool({ name: "plain", card: { label: "Plain" }, ...common })
    expect(tool.group).to.equal("tabs")
    expect(tool.timeoutMs).to.equal(1_000)
    expect(tool.annotations).to.deep.equal(localRead("tabs"))
    expect(tool.subAgents).to.deep.equal(["page_operator"])
    expect(tool.card).to.deep.equal({ label: "Plain", subject: ["params.tab_id"], result: "data" })
    expect(Object.keys(tool.errors)).to.deep.equal(["shared_failure"])
  })

  it("keeps what a definition names itself, its card over the group's, its failures before the group's", () => {
    const tool = groupTool({
      name: "own",
      card: { label: "Own", result: "answer" },
      timeoutMs: 5,
      annotations: destructiveAction("tabs", { says: "would close" }),
      subAgents: ["researcher"],
      errors: { own_failure: "Its own." },
      ...common,
    })
    expect(tool.timeoutMs).to.equal(5)
    expect(tool.annotations.destructive).to.equal(true)
    expect(tool.annotations.confirm).to.deep.equal({ says: "would close" })
    expect(tool.subAgents).to.deep.equal(["researcher"])
    expect(tool.card).to.deep.equal({ label: "Own", subject: ["params.tab_id"], result: "answer" })
    expect(Object.keys(tool.errors)).to.deep.equal(["own_failure", "shared_failure"])
  })

  it("gives no sub-agents or card where neither the group nor the definition names them", () => {
    const bare = groupTools("tasks", { timeoutMs: 1_000, annotations: localRead("tasks") })({ name: "bare", ...common })
    expect(bare).to.not.have.property("subAgents")
    expect(bare).to.not.have.property("card")
  })
})
