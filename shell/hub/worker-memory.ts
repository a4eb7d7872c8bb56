/**
 * The memory the hub lends the tool workers (HostMemory): a worker is replaced when it crashes or
 * hangs, and what it kept here is still there for the next one. Held in the offscreen document's
 * memory only, never in storage, and forgotten with its conversation.
 */
import type { HostMemory } from "../../workers/runtime/protocol.ts"

export class WorkerMemory {
  private readonly groups = new Map<string, Map<string, Map<string, unknown>>>()

  /** The memory of one group, as its workers see it. */
  of(group: string): HostMemory {
    const conversations = this.groups.get(group) ?? new Map<string, Map<string, unknown>>()
    this.groups.set(group, conversations)
    return {
      put: async (conversationId, key, value) => {
        const kept = conversations.get(conversationId) ?? new Map<string, unknown>()
        conversations.set(conversationId, kept.set(key, value))
      },
      entries: async (conversationId) => [...(conversations.get(conversationId) ?? [])],
    }
  }

  /** Drops what every group kept for these conversations. */
  forget(conversationIds: Iterable<string>): void {
    for (const id of conversationIds) for (const conversations of this.groups.values()) conversations.delete(id)
  }
}
