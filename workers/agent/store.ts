/**
 * Saved conversations in IndexedDB (through `idb`). Every message is a record of its own, added
 * in a transaction that also picks its sequence number and touches the conversation, so two
 * contexts writing at once lose nothing, and a crash loses at most the step in flight. The
 * database has a version; `MIGRATIONS` takes an older database to the current one.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from "idb"
import type { Conversation, ConversationRecord, MessageRecord, Usage } from "../../schemas/conversation.ts"
import { CONVERSATION_FORMAT_VERSION } from "../../schemas/format-versions.ts"
import { IMAGE_LEFT_OUT } from "./images.ts"

export const DB_NAME = "agent-mesh"
export const DB_VERSION = 2

interface MeshDB extends DBSchema {
  conversations: { key: string; value: ConversationRecord; indexes: { updatedAt: number } }
  messages: { key: [string, number]; value: MessageRecord; indexes: { conversationId: string } }
}

type UpgradeTx = IDBPTransaction<MeshDB, ("conversations" | "messages")[], "versionchange">

/** MIGRATIONS[n] takes the database from version n to n + 1. */
const MIGRATIONS: Record<number, (db: IDBPDatabase<MeshDB>, tx: UpgradeTx) => void> = {
  0: (db) => {
    const conversations = db.createObjectStore("conversations", { keyPath: "id" })
    conversations.createIndex("updatedAt", "updatedAt")
    const messages = db.createObjectStore("messages", { keyPath: ["conversationId", "seq"] })
    messages.createIndex("conversationId", "conversationId")
  },
  // Format 2 adds branches (`superseded` messages): every message of a format-1 conversation is
  // on its one branch, so the records only change their version.
  1: (_db, tx) => {
    void tx
      .objectStore("conversations")
      .openCursor()
      .then(async function bump(cursor): Promise<void> {
        if (!cursor) return
        if (cursor.value.formatVersion < CONVERSATION_FORMAT_VERSION)
          await cursor.update({ ...cursor.value, formatVersion: CONVERSATION_FORMAT_VERSION })
        return bump(await cursor.continue())
      })
  },
}

export type NewMessage = Omit<MessageRecord, "seq" | "conversationId" | "at"> & { readonly at?: number }

/**
 * Aborts a transaction that found nothing to write to. The transaction's `done` then rejects with
 * an AbortError that nobody awaits: the refusal is thrown to the caller instead, so that
 * rejection is ours and is not left unhandled.
 */
const abandon = (tx: { abort(): void; readonly done: Promise<void> }): void => {
  tx.done.catch(() => undefined)
  tx.abort()
}

export class ConversationStore {
  private constructor(private readonly db: IDBPDatabase<MeshDB>) {}

  static async open(name = DB_NAME): Promise<ConversationStore> {
    const db = await openDB<MeshDB>(name, DB_VERSION, {
      upgrade(db, oldVersion, _newVersion, tx) {
        for (let v = oldVersion; v < DB_VERSION; v++) MIGRATIONS[v]?.(db, tx)
      },
      blocking() {
        // A newer build wants to upgrade: let it, and reopen on next use.
        db.close()
      },
    })
    return new ConversationStore(db)
  }

  close(): void {
    this.db.close()
  }

  async create(init: {
    id?: string
    title?: string
    system?: string
    model?: ConversationRecord["model"]
    parent?: ConversationRecord["parent"]
    routine?: ConversationRecord["routine"]
  }): Promise<ConversationRecord> {
    const now = Date.now()
    const record: ConversationRecord = {
      formatVersion: CONVERSATION_FORMAT_VERSION,
      id: init.id ?? crypto.randomUUID(),
      title: init.title ?? "New conversation",
      createdAt: now,
      updatedAt: now,
      status: "idle",
      usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 },
      ...(init.system !== undefined ? { system: init.system } : {}),
      ...(init.model !== undefined ? { model: init.model } : {}),
      ...(init.parent !== undefined ? { parent: init.parent } : {}),
      ...(init.routine !== undefined ? { routine: init.routine } : {}),
    }
    await this.db.add("conversations", record)
    return record
  }

  meta(id: string): Promise<ConversationRecord | undefined> {
    return this.db.get("conversations", id)
  }

  async get(id: string): Promise<Conversation | undefined> {
    const tx = this.db.transaction(["conversations", "messages"], "readonly")
    const [record, messages] = await Promise.all([
      tx.objectStore("conversations").get(id),
      tx.objectStore("messages").getAll(IDBKeyRange.bound([id, -Infinity], [id, Infinity])),
    ])
    await tx.done
    return record ? { ...record, messages } : undefined
  }

  /** The conversation's current branch: what the model is sent and the panel shows. */
  async messages(id: string): Promise<ReadonlyArray<MessageRecord>> {
    return (await this.db.getAll("messages", IDBKeyRange.bound([id, -Infinity], [id, Infinity]))).filter((m) => m.superseded === undefined)
  }

  /**
   * Starts a new branch at `fromSeq`: the current branch's messages from there on are kept but
   * marked superseded by `runId`, so the next message continues from the one before. A summary
   * that covered any of them no longer holds and is dropped. Returns how many were set aside.
   */
  async branch(conversationId: string, fromSeq: number, runId: string): Promise<number> {
    const tx = this.db.transaction(["conversations", "messages"], "readwrite")
    const conversations = tx.objectStore("conversations")
    const conversation = await conversations.get(conversationId)
    if (conversation === undefined) {
      abandon(tx)
      throw new Error(`no conversation ${conversationId}`)
    }
    const at = Date.now()
    let count = 0
    let cursor = await tx.objectStore("messages").openCursor(IDBKeyRange.bound([conversationId, fromSeq], [conversationId, Infinity]))
    while (cursor) {
      if (cursor.value.superseded === undefined) {
        await cursor.update({ ...cursor.value, superseded: { at, byRunId: runId } })
        count++
      }
      cursor = await cursor.continue()
    }
    if (conversation.summary && conversation.summary.uptoSeq >= fromSeq) {
      const { summary: _dropped, ...rest } = conversation
      await conversations.put({ ...rest, updatedAt: at })
    }
    await tx.done
    return count
  }

  /** The user's conversations, newest first (sub-agents' transcripts are not among them). */
  async list(): Promise<ReadonlyArray<ConversationRecord>> {
    return (await this.db.getAllFromIndex("conversations", "updatedAt")).reverse().filter((c) => c.parent === undefined)
  }

  /** The sub-agents' transcripts that a conversation started, oldest first. */
  async subAgentsOf(conversationId: string): Promise<ReadonlyArray<Conversation>> {
    const all = await this.db.getAllFromIndex("conversations", "updatedAt")
    const children = all.filter((c) => c.parent?.conversationId === conversationId).sort((a, b) => a.createdAt - b.createdAt)
    return Promise.all(children.map(async (c) => ({ ...c, messages: await this.messages(c.id) })))
  }

  /** The conversation's id and those of its sub-agents, theirs included: what a delete removes. */
  async family(conversationId: string): Promise<ReadonlyArray<string>> {
    const all = await this.db.getAll("conversations")
    const ids = [conversationId]
    for (let i = 0; i < ids.length; i++) for (const c of all) if (c.parent?.conversationId === ids[i]) ids.push(c.id)
    return ids
  }

  /** Every conversation record, sub-agents' included (for housekeeping at start). */
  async all(): Promise<ReadonlyArray<ConversationRecord>> {
    return this.db.getAll("conversations")
  }

  async delete(id: string): Promise<boolean> {
    for (const child of await this.subAgentsOf(id)) await this.delete(child.id)
    const tx = this.db.transaction(["conversations", "messages"], "readwrite")
    const existed = (await tx.objectStore("conversations").get(id)) !== undefined
    await tx.objectStore("conversations").delete(id)
    await tx.objectStore("messages").delete(IDBKeyRange.bound([id, -Infinity], [id, Infinity]))
    await tx.done
    return existed
  }

  /** Adds one message at the end of the conversation, in one transaction with its bookkeeping. */
  async append(conversationId: string, message: NewMessage): Promise<MessageRecord> {
    const tx = this.db.transaction(["conversations", "messages"], "readwrite")
    const conversations = tx.objectStore("conversations")
    const messages = tx.objectStore("messages")
    const conversation = await conversations.get(conversationId)
    if (conversation === undefined) {
      abandon(tx)
      throw new Error(`no conversation ${conversationId}`)
    }
    const last = await messages.openCursor(IDBKeyRange.bound([conversationId, -Infinity], [conversationId, Infinity]), "prev")
    const seq = last ? (last.value.seq as number) + 1 : 1
    const record: MessageRecord = { ...message, conversationId, seq, at: message.at ?? Date.now() }
    await messages.add(record)
    await conversations.put({
      ...conversation,
      updatedAt: record.at,
      usage: addUsage(conversation.usage, message.usage),
      ...(conversation.title === "New conversation" && message.message.role === "user"
        ? { title: titleFrom(message.message.content) }
        : {}),
    })
    await tx.done
    return record
  }

  /**
   * Keeps the conversation's images (capture_tab's) within `maxBytes` all together: newest first,
   * and past the budget each older result loses its images, its text saying so. Returns how many
   * images were dropped.
   */
  async keepImagesWithin(conversationId: string, maxBytes: number): Promise<number> {
    const tx = this.db.transaction("messages", "readwrite")
    let kept = 0
    let dropped = 0
    let cursor = await tx.store.openCursor(IDBKeyRange.bound([conversationId, -Infinity], [conversationId, Infinity]), "prev")
    while (cursor) {
      const record = cursor.value
      if (record.message.role === "tool" && record.message.images?.length) {
        const bytes = record.message.images.reduce((n, image) => n + (image.data.length * 3) / 4, 0)
        if (kept + bytes <= maxBytes) kept += bytes
        else {
          dropped += record.message.images.length
          const { images: _dropped, ...message } = record.message
          await cursor.update({ ...record, message: { ...message, content: `${message.content}\n${IMAGE_LEFT_OUT}` } })
        }
      }
      cursor = await cursor.continue()
    }
    await tx.done
    return dropped
  }

  /** Changes a conversation's own fields (status, title, system prompt, model, summary). */
  async update(
    id: string,
    patch: Partial<Pick<ConversationRecord, "status" | "title" | "system" | "model" | "summary">>,
  ): Promise<ConversationRecord | undefined> {
    const tx = this.db.transaction("conversations", "readwrite")
    const current = await tx.store.get(id)
    if (current === undefined) return undefined
    const next = { ...current, ...patch, updatedAt: Date.now() }
    await tx.store.put(next)
    await tx.done
    return next
  }
}

const addUsage = (total: ConversationRecord["usage"], usage: Usage | undefined): ConversationRecord["usage"] =>
  usage === undefined
    ? total
    : {
        inputTokens: total.inputTokens + usage.inputTokens,
        outputTokens: total.outputTokens + usage.outputTokens,
        cachedInputTokens: total.cachedInputTokens + (usage.cachedInputTokens ?? 0),
      }

/** A conversation's title from its first message: its first line, cut at a word. */
export const titleFrom = (text: string): string => {
  const line = text.trim().split("\n")[0]?.trim() ?? ""
  if (line.length <= 60) return line || "New conversation"
  const cut = line.slice(0, 60)
  return `${cut.slice(0, cut.lastIndexOf(" ") > 30 ? cut.lastIndexOf(" ") : 60)}…`
}
