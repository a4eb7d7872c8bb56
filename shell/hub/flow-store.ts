/**
 * What each conversation's runs have read (their flow labels and the user's sources), the grants
 * given in it, and the tabs its agents opened, kept in IndexedDB so that a restart of the
 * offscreen document forgets nothing mid-conversation. Every record is checked against its schema
 * when read; one that does not decode counts as holding everything (the safe side).
 */
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { openDB, type DBSchema, type IDBPDatabase } from "idb"
import { FlowSource } from "../../schemas/events.ts"
import { countCodec } from "../../schemas/codec-count.ts"

export const FLOW_DB_NAME = "agent-mesh-flow"
const FLOW_DB_VERSION = 1

/** Bounds on one conversation's record: the sources shown to the user and the grants kept. */
export const MAX_SOURCES = 20
export const MAX_GRANTS = 200
export const MAX_OPENED_TABS = 200

export const FlowRecord = Schema.Struct({
  conversationId: Schema.String,
  labels: Schema.Array(Schema.Literals(["private", "untrusted"])),
  sources: Schema.Array(FlowSource).check(Schema.isMaxLength(MAX_SOURCES)),
  /** rule → sites approved for this conversation (send_read_data: origins the data may go to). */
  approved: Schema.Record(Schema.String, Schema.Array(Schema.String).check(Schema.isMaxLength(MAX_GRANTS))),
  /** "Allow everything in this conversation". */
  allowAll: Schema.Boolean,
  /** Tabs the conversation's agents opened (they may navigate them without asking). */
  openedTabs: Schema.Array(Schema.Number).check(Schema.isMaxLength(MAX_OPENED_TABS)),
  /** The user's tabs its agents navigated (with their yes): inside its fence, like the tabs it opened. */
  drivenTabs: Schema.optionalKey(Schema.Array(Schema.Number).check(Schema.isMaxLength(MAX_OPENED_TABS))),
  updatedAt: Schema.Number,
})
export type FlowRecord = typeof FlowRecord.Type

export const emptyFlow = (conversationId: string): FlowRecord => ({
  conversationId,
  labels: [],
  sources: [],
  approved: {},
  allowAll: false,
  openedTabs: [],
  updatedAt: Date.now(),
})

interface FlowDB extends DBSchema {
  flows: { key: string; value: unknown }
}

export class FlowStore {
  private dbPromise: Promise<IDBPDatabase<FlowDB>> | undefined

  constructor(private readonly name = FLOW_DB_NAME) {}

  private db(): Promise<IDBPDatabase<FlowDB>> {
    return (this.dbPromise ??= openDB<FlowDB>(this.name, FLOW_DB_VERSION, {
      upgrade(db) {
        db.createObjectStore("flows", { keyPath: "conversationId" })
      },
      blocking: () => {
        void this.dbPromise?.then((db) => db.close())
        this.dbPromise = undefined
      },
    }))
  }

  async get(conversationId: string): Promise<FlowRecord> {
    const raw = await (await this.db()).get("flows", conversationId)
    if (raw === undefined) return emptyFlow(conversationId)
    countCodec("offscreen:flow.decode")
    const decoded = Schema.decodeUnknownExit(FlowRecord)(raw)
    if (Exit.isSuccess(decoded)) return decoded.value
    // A damaged record must not open the gate: assume the run read everything.
    return { ...emptyFlow(conversationId), labels: ["private", "untrusted"] }
  }

  /**
   * Saves a record as it is: its encoded form is its type (the schema has no transformations),
   * and what the keeper saves is its own record, decoded when read or made by `emptyFlow` and
   * changed by typed code that keeps the bounds, so encoding it would only check this context's
   * own work again. The next read decodes it, as every read does.
   */
  async put(record: FlowRecord): Promise<void> {
    await (await this.db()).put("flows", record)
  }

  /** Every record that decodes, newest first (a damaged one holds no grant to list). */
  async all(): Promise<FlowRecord[]> {
    const raw = await (await this.db()).getAll("flows")
    return raw
      .map((r) => Schema.decodeUnknownExit(FlowRecord)(r))
      .filter(Exit.isSuccess)
      .map((e) => e.value)
      .sort((a, b) => b.updatedAt - a.updatedAt)
  }

  async delete(conversationId: string): Promise<void> {
    await (await this.db()).delete("flows", conversationId)
  }
}
