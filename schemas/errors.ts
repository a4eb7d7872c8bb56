/**
 * Every way a tool call can fail, as one union of tagged errors. The mesh, the workers and the
 * developer API all speak this union; `toWire` is the single place where an error becomes the
 * `{ code, message }` that the model and the API see.
 */
import * as Data from "effect/Data"

export class InvalidInput extends Data.TaggedError("InvalidInput")<{
  readonly tool: string
  readonly parameter?: string
  readonly message: string
}> {}

export class Timeout extends Data.TaggedError("Timeout")<{
  readonly tool: string
  readonly ms: number
}> {}

export class Cancelled extends Data.TaggedError("Cancelled")<{
  readonly tool: string
  readonly reason?: string
}> {}

export class WorkerCrashed extends Data.TaggedError("WorkerCrashed")<{
  readonly group: string
  readonly message: string
}> {}

export class PermissionDenied extends Data.TaggedError("PermissionDenied")<{
  readonly message: string
}> {}

export class NotFound extends Data.TaggedError("NotFound")<{
  readonly message: string
}> {}

export class NotImplemented extends Data.TaggedError("NotImplemented")<{
  readonly tool: string
}> {}

export class UnknownTool extends Data.TaggedError("UnknownTool")<{
  readonly tool: string
}> {}

/**
 * A tool ran and failed for a reason of its own; `code` is one its definition declares
 * (`errors` in schemas/tools/<group>.ts), or a mesh code below. A handler's error type only
 * admits those (`ToolErrorOf`, schemas/tool-definition.ts).
 */
export class ToolFailed<Code extends string = string> extends Data.TaggedError("ToolFailed")<{
  readonly code: Code
  readonly message: string
  /** The values the UI's wording of `code` takes (`error_<code>_params`), in order. */
  readonly params?: ReadonlyArray<string>
}> {}

/** The mesh itself could not be reached (offscreen document gone, service worker unreachable). */
export class Unavailable extends Data.TaggedError("Unavailable")<{
  readonly message: string
}> {}

export type ToolError =
  InvalidInput | Timeout | Cancelled | WorkerCrashed | PermissionDenied | NotFound | NotImplemented | UnknownTool | ToolFailed | Unavailable

/**
 * The codes any call may fail with, whatever the tool: the mesh's own (validation, time limits,
 * workers, consent, lookups). What each means for the model is in ./mesh-error-codes.ts, which
 * only the docs and the tool reference load. A tool's own codes are declared on its definition;
 * none of them repeats one of these.
 */
export const MESH_CODES = [
  "invalid_input",
  "timeout",
  "cancelled",
  "worker_crashed",
  "permission_denied",
  "not_found",
  "not_implemented",
  "unknown_tool",
  "unavailable",
  "tool_failed",
  "invalid_result",
  "send_failed",
] as const
export type MeshErrorCode = (typeof MESH_CODES)[number]

const meshCodes: ReadonlySet<string> = new Set(MESH_CODES)
export const isMeshErrorCode = (code: string): code is MeshErrorCode => meshCodes.has(code)

/**
 * The error as it crosses a boundary (worker → supervisor → page → model); its schema, which
 * receiving boundaries decode with, is `WireError` in schemas/wire-error.ts. This module has no
 * schema of its own, so a tool worker that only builds errors loads no Schema (docs/architecture.md).
 */
export interface WireError {
  readonly code: string
  /** English, for the model and developers; a person reads the code, worded by the UI. */
  readonly message: string
  readonly parameter?: string
  /** The values the UI's wording of `code` takes (`error_<code>`), in order. */
  readonly params?: ReadonlyArray<string>
}

/** What any call across a boundary answers: its value, or the error it failed with. */
export type Outcome<A, E = WireError> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: E }

/**
 * Input quoted in an error message, cut to a readable length: the message goes to the model,
 * and a megabyte of its own input back would only fill its context.
 */
export const quoteInput = (text: string, max = 120): string =>
  text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`

export const toWire = (error: ToolError): WireError => {
  switch (error._tag) {
    case "InvalidInput":
      return error.parameter === undefined
        ? { code: "invalid_input", message: `${error.tool}: ${error.message}` }
        : { code: "invalid_input", message: `${error.tool}: ${error.message}`, parameter: error.parameter }
    case "Timeout":
      return {
        code: "timeout",
        message: `${error.tool} did not finish within ${error.ms / 1000} s and was stopped.`,
        params: [String(error.ms / 1000)],
      }
    case "Cancelled":
      return { code: "cancelled", message: `${error.tool} was cancelled${error.reason ? `: ${error.reason}` : "."}` }
    case "WorkerCrashed":
      return {
        code: "worker_crashed",
        message: `The ${error.group} worker stopped unexpectedly (${error.message}); it has been restarted, so the call can be tried again.`,
      }
    case "PermissionDenied":
      return { code: "permission_denied", message: error.message }
    case "NotFound":
      return { code: "not_found", message: error.message }
    case "NotImplemented":
      return { code: "not_implemented", message: `${error.tool} is part of the contract but is not implemented in this build yet.` }
    case "UnknownTool":
      return {
        code: "unknown_tool",
        message: `There is no tool named "${error.tool}". Call agent.tools.list() (or look at the tool list) for the available tools.`,
      }
    case "ToolFailed":
      return error.params === undefined
        ? { code: error.code, message: error.message }
        : { code: error.code, message: error.message, params: error.params }
    case "Unavailable":
      return { code: "unavailable", message: error.message }
  }
}

/**
 * The inverse of `toWire`, for an error that arrives over a boundary as plain data. Errors
 * whose tag drives control flow come back as themselves; the rest keep their wire form as is.
 */
export const fromWire = (tool: string, wire: WireError): ToolError => {
  switch (wire.code) {
    case "invalid_input":
      return new InvalidInput({
        tool,
        message: stripToolPrefix(tool, wire.message),
        ...(wire.parameter === undefined ? {} : { parameter: wire.parameter }),
      })
    case "permission_denied":
      return new PermissionDenied({ message: wire.message })
    case "not_found":
      return new NotFound({ message: wire.message })
    case "not_implemented":
      return new NotImplemented({ tool })
    case "cancelled":
      return new Cancelled({ tool })
    default:
      return new ToolFailed({ code: wire.code, message: wire.message, ...(wire.params === undefined ? {} : { params: wire.params }) })
  }
}

const stripToolPrefix = (tool: string, message: string) => (message.startsWith(`${tool}: `) ? message.slice(tool.length + 2) : message)

/** An Error object for promise-based APIs (the developer API rejects with one of these). */
export class AgentError extends Error {
  readonly code: string
  readonly parameter: string | undefined
  /** The values of the code's wording (WireError.params). */
  readonly params: ReadonlyArray<string> | undefined
  constructor(wire: WireError) {
    super(wire.message)
    this.name = "AgentError"
    this.code = wire.code
    this.parameter = wire.parameter
    this.params = wire.params
  }
  toJSON(): WireError {
    return {
      code: this.code,
      message: this.message,
      ...(this.parameter === undefined ? {} : { parameter: this.parameter }),
      ...(this.params === undefined ? {} : { params: this.params }),
    }
  }
}
