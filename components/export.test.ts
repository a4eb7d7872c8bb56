import { expect } from "chai"
import type { Conversation } from "../schemas/conversation.ts"
import { conversationToJson, conversationToMarkdown, exportFileName } from "./export.ts"

const conversation: Conversation = {
  formatVersion: 2,
  id: "c1",
  title: "Trip: Lisbon/Porto?",
  createdAt: Date.UTC(2026, 0, 2),
  updatedAt: Date.UTC(2026, 0, 2),
  status: "completed",
  usage: { inputTokens: 10, outputTokens: 5, cachedInputTokens: 0 },
  messages: [
    { conversationId: "c1", seq: 1, runId: "r", at: 0, message: { role: "user", content: "Plan it" } },
    {
      conversationId: "c1",
      seq: 2,
      runId: "r",
      at: 0,
      model: "m1",
      message: {
        role: "assistant",
        content: "",
        reasoning: [{ text: "Think first." }],
        toolCalls: [{ id: "t", name: "create_task", arguments: { subject: "Fly" } }],
      },
    },
    {
      conversationId: "c1",
      seq: 3,
      runId: "r",
      at: 0,
      message: { role: "tool", toolCallId: "t", name: "create_task", content: "{}" },
      tool: { durationMs: 1, params: {}, result: { task_id: "t1", note: "```" } },
    },
    { conversationId: "c1", seq: 4, runId: "r", at: 0, message: { role: "assistant", content: "Done." } },
    {
      conversationId: "c1",
      seq: 5,
      runId: "r",
      at: 0,
      message: { role: "assistant", content: "" },
      notice: { status: "stopped", message: "Stopped by the user." },
    },
    {
      conversationId: "c1",
      seq: 6,
      runId: "r",
      at: 0,
      message: { role: "user", content: "Your reply was empty." },
      nudge: "empty_reply",
    },
  ],
}

describe("conversation export", () => {
  it("Markdown: title, each message under its author, reasoning folded, tool calls and results fenced", () => {
    const md = conversationToMarkdown(conversation)
    expect(md.startsWith("# Trip: Lisbon/Porto?\n\n_2026-01-02T00:00:00.000Z_")).to.equal(true)
    expect(md).to.include("## User\n\nPlan it")
    expect(md).to.include("## Assistant (m1)")
    expect(md).to.include("<details><summary>Reasoning</summary>\n\nThink first.")
    expect(md).to.include('**Tool: `create_task`**\n\n```json\n{\n  "subject": "Fly"\n}\n```')
    // A result holding a fence is wrapped in a longer one.
    expect(md).to.include('````json\n{\n  "task_id": "t1",\n  "note": "```"\n}\n````')
    expect(md).to.include("Done.")
    expect(md).to.include("> Stopped by the user.")
    expect(md, "the agent's nudge to the model is not the user's message").not.to.include("Your reply was empty.")
  })

  it("JSON: the conversation as saved, every field", () => {
    expect(JSON.parse(conversationToJson(conversation))).to.deep.equal(conversation)
  })

  it("file names are safe and never empty", () => {
    expect(exportFileName("Trip: Lisbon/Porto?", "md")).to.equal("Trip Lisbon Porto.md")
    expect(exportFileName(" \u0000 ", "json")).to.equal("conversation.json")
  })
})
