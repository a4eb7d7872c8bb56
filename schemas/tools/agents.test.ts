import { expect } from "chai"
import { subAgentMayUse, type AgentType } from "./agents.ts"
import { builtinTools } from "./index.ts"

const toolsOf = (type: AgentType) =>
  builtinTools
    .filter((tool) => subAgentMayUse(type, tool))
    .map((tool) => tool.name)
    .sort()

describe("sub-agent tool sets (the contract's table under `agent`)", () => {
  it("a researcher searches, fetches and reads pages, and may list tabs to find one", () => {
    expect(toolsOf("researcher")).to.deep.equal(["get_tab_content", "list_tabs", "web_fetch", "web_search"])
  })

  it("a page operator manages tabs and works in their pages, nothing else", () => {
    expect(toolsOf("page_operator")).to.deep.equal(
      ["activate_tab", "close_tab", "execute_script", "get_tab_content", "list_tabs", "open_tab"].sort(),
    )
  })

  it("a general sub-agent has every tool but ask_user and agent", () => {
    const all = builtinTools.map((tool) => tool.name).filter((name) => name !== "ask_user" && name !== "agent")
    expect(toolsOf("general")).to.deep.equal(all.sort())
  })

  it("a custom tool goes to a general sub-agent only", () => {
    const custom = { name: "my_tool", annotations: { worksOn: "custom", readOnly: true, destructive: false, openWorld: false } } as const
    expect((["researcher", "page_operator", "general"] as const).map((type) => subAgentMayUse(type, custom))).to.deep.equal([
      false,
      false,
      true,
    ])
  })
})
