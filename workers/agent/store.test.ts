import { expect } from "chai"
import { CONVERSATION_FORMAT_VERSION } from "../../schemas/format-versions.ts"
import { ConversationStore, titleFrom } from "./store.ts"

const fresh = async () => ConversationStore.open(`agent-mesh-test-${crypto.randomUUID()}`)

describe("ConversationStore (IndexedDB)", () => {
  it("saves messages in order with their bookkeeping, and titles a conversation from its first message", async () => {
    const store = await fresh()
    const c = await store.create({ id: "c1" })
    await store.append(c.id, { runId: "r", message: { role: "user", content: "Find the cheapest flight to Lisbon\nin May" } })
    await store.append(c.id, {
      runId: "r",
      message: { role: "assistant", content: "On it." },
      usage: { inputTokens: 100, outputTokens: 7, cachedInputTokens: 40 },
    })
    const got = await store.get("c1")
    expect(got?.title).to.equal("Find the cheapest flight to Lisbon")
    expect(got?.messages.map((m) => m.seq)).to.deep.equal([1, 2])
    expect(got?.usage).to.deep.equal({ inputTokens: 100, outputTokens: 7, cachedInputTokens: 40 })
  })

  it("loses nothing when two writers append to one conversation at once", async () => {
    const name = `agent-mesh-test-${crypto.randomUUID()}`
    const a = await ConversationStore.open(name)
    const b = await ConversationStore.open(name)
    await a.create({ id: "shared" })
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).append("shared", { runId: "r", message: { role: "user", content: `m${i}` } })),
    )
    const messages = await a.messages("shared")
    expect(messages).to.have.length(40)
    expect(messages.map((m) => m.seq)).to.deep.equal(Array.from({ length: 40 }, (_, i) => i + 1))
    expect(new Set(messages.map((m) => (m.message as { content: string }).content)).size).to.equal(40)
  })

  it("lists newest first, updates status, and deletes a conversation with its messages", async () => {
    const store = await fresh()
    await store.create({ id: "old" })
    await new Promise((r) => setTimeout(r, 5))
    await store.create({ id: "new" })
    expect((await store.list()).map((c) => c.id)).to.deep.equal(["new", "old"])
    await store.append("old", { runId: "r", message: { role: "user", content: "hi" } })
    expect((await store.list()).map((c) => c.id)).to.deep.equal(["old", "new"])
    expect((await store.update("old", { status: "stopped" }))?.status).to.equal("stopped")
    expect(await store.delete("old")).to.equal(true)
    expect(await store.get("old")).to.equal(undefined)
    expect(await store.messages("old")).to.deep.equal([])
    expect(await store.delete("old")).to.equal(false)
  })

  it("names a conversation's family (its sub-agents, theirs included) for what is kept beside it", async () => {
    const store = await fresh()
    const [id, child, grandchild, other] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
    await store.create({ id })
    await store.create({ id: child, parent: { conversationId: id, callId: "c1", agentType: "researcher" } })
    await store.create({ id: grandchild, parent: { conversationId: child, callId: "c2", agentType: "researcher" } })
    await store.create({ id: other })
    expect(await store.family(id)).to.deep.equal([id, child, grandchild])
    expect(await store.family(other)).to.deep.equal([other])
  })

  it("refuses to append to a conversation that does not exist", async () => {
    const store = await fresh()
    let error: unknown
    try {
      await store.append("nope", { runId: "r", message: { role: "user", content: "x" } })
    } catch (e) {
      error = e
    }
    expect(String(error)).to.match(/no conversation nope/)
  })

  it("refuses without leaving its aborted transaction's rejection unhandled", async () => {
    const store = await fresh()
    const unhandled: unknown[] = []
    const listen = (event: PromiseRejectionEvent) => {
      unhandled.push(event.reason)
      event.preventDefault()
    }
    window.addEventListener("unhandledrejection", listen)
    try {
      for (const refused of [
        () => store.append("nope", { runId: "r", message: { role: "user", content: "x" } }),
        () => store.branch("nope", 1, "r2"),
      ])
        await refused().then(
          () => expect.fail("refused"),
          (e: unknown) => expect(String(e)).to.match(/no conversation nope/),
        )
      // transactions over the same stores wait for the aborted ones to end: by then their rejections are reported
      const c = await store.create({ id: "after" })
      await store.append(c.id, { runId: "r", message: { role: "user", content: "y" } })
      expect((await store.get("after"))?.messages).to.have.length(1)
    } finally {
      window.removeEventListener("unhandledrejection", listen)
    }
    expect(unhandled.map(String)).to.deep.equal([])
  })

  it("makes short titles", () => {
    expect(titleFrom("  ")).to.equal("New conversation")
    expect(titleFrom("a".repeat(10))).to.equal("a".repeat(10))
    expect(titleFrom("word ".repeat(30)).length).to.be.at.most(61)
  })

  it("branches: the messages from a point on are set aside, kept in the record, and no longer sent", async () => {
    const store = await fresh()
    await store.create({ id: "b" })
    for (const [role, content] of [
      ["user", "first"],
      ["assistant", "answer one"],
      ["user", "second"],
      ["assistant", "answer two"],
    ] as const)
      await store.append("b", { runId: "r1", message: { role, content } })
    await store.update("b", { summary: { uptoSeq: 3, text: "a summary of 1-3" } })
    expect(await store.branch("b", 3, "r2")).to.equal(2)
    await store.append("b", { runId: "r2", message: { role: "user", content: "second, edited" } })
    expect((await store.messages("b")).map((m) => m.message.content)).to.deep.equal(["first", "answer one", "second, edited"])
    const all = (await store.get("b"))!.messages
    expect(all.map((m) => [m.seq, m.message.content, m.superseded?.byRunId])).to.deep.equal([
      [1, "first", undefined],
      [2, "answer one", undefined],
      [3, "second", "r2"],
      [4, "answer two", "r2"],
      [5, "second, edited", undefined],
    ])
    expect((await store.meta("b"))?.summary, "a summary over a replaced message is dropped").to.equal(undefined)
    // A second branch leaves the first one's marks as they were.
    expect(await store.branch("b", 5, "r3")).to.equal(1)
    expect((await store.get("b"))!.messages.map((m) => m.superseded?.byRunId)).to.deep.equal([undefined, undefined, "r2", "r2", "r3"])
  })

  it("migrates a format-1 database: its conversations and messages are kept, at the current format", async () => {
    const name = `agent-mesh-test-${crypto.randomUUID()}`
    // A database as the first build wrote it (version 1, formatVersion 1), with raw IndexedDB.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, 1)
      request.onupgradeneeded = () => {
        const db = request.result
        const conversations = db.createObjectStore("conversations", { keyPath: "id" })
        conversations.createIndex("updatedAt", "updatedAt")
        const messages = db.createObjectStore("messages", { keyPath: ["conversationId", "seq"] })
        messages.createIndex("conversationId", "conversationId")
        conversations.add({
          formatVersion: 1,
          id: "old",
          title: "From the first build",
          createdAt: 1,
          updatedAt: 2,
          status: "completed",
          usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 },
        })
        messages.add({ conversationId: "old", seq: 1, runId: "r", at: 1, message: { role: "user", content: "hello" } })
        messages.add({ conversationId: "old", seq: 2, runId: "r", at: 2, message: { role: "assistant", content: "hi" } })
      }
      request.onsuccess = () => {
        request.result.close()
        resolve()
      }
      request.onerror = () => reject(request.error ?? new Error("open failed"))
    })
    const store = await ConversationStore.open(name)
    const got = await store.get("old")
    expect(got?.formatVersion).to.equal(CONVERSATION_FORMAT_VERSION)
    expect(got?.title).to.equal("From the first build")
    expect(got?.messages.map((m) => m.message.content)).to.deep.equal(["hello", "hi"])
    expect((await store.messages("old")).length).to.equal(2)
  })
})
