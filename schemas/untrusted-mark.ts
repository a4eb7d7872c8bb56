/**
 * What an agent run wrote, read back: its words may be a page's (the model's context may have
 * held anything the web said, and what it saved outlives the run), so a result carrying them
 * marks itself `untrusted: true`. A file's content, a file's or folder's name (opfs_list's
 * entries, opfs_read of a path through such a folder), a task's subject and description: each
 * is marked where it is read. The agent wraps a marked result in `<untrusted_data>`
 * (workers/agent/tool-results.ts) and the flow rule adds the *untrusted* label to the run
 * (shell/hub/flow.ts), whatever the tool usually reads. Plain code: tool and agent workers load
 * it, and they carry no schema library (the mark's schema is `UntrustedMark`, schemas/primitives.ts).
 */

const marked = (value: unknown): boolean =>
  typeof value === "object" && value !== null && (value as { untrusted?: unknown }).untrusted === true

/** A result that marks itself, or a list holding a marked item (a listing with one name an agent wrote). */
export const marksItselfUntrusted = (value: unknown): boolean => marked(value) || (Array.isArray(value) && value.some(marked))

/**
 * Whether a tool call was made by an agent run: the agent worker names its calls
 * `<runId>:<toolCallId>` and a research job `research:<id>`; calls through `agent.tools.call`
 * (the user's own) have no colon.
 */
export const madeByAgentRun = (callId: string): boolean => callId.includes(":")
