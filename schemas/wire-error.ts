/**
 * The schema of an error as it crosses a boundary (`WireError`, schemas/errors.ts), for the
 * boundaries that decode one. It lives apart from the errors so that code which only builds
 * errors (a tool worker) does not load Schema.
 */
import * as Schema from "effect/Schema"
import type { WireError as WireErrorType } from "./errors.ts"

export const WireError = Schema.Struct({
  code: Schema.String,
  message: Schema.String,
  parameter: Schema.optionalKey(Schema.String),
  params: Schema.optionalKey(Schema.Array(Schema.String)),
}) satisfies Schema.Codec<WireErrorType, WireErrorType>
export type WireError = WireErrorType
