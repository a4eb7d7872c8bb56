/**
 * Stands in for the MCP SDK's Ajv validator in the build (build.mjs): Ajv compiles schemas to
 * code with `new Function`, which the extension's CSP forbids, and the client is always given
 * the @cfworker/json-schema validator instead (workers/mcp/worker.ts), so Ajv would be dead
 * weight (about 40% of the MCP worker's bundle).
 */
export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error("The MCP client must be given a JSON Schema validator that needs no eval (CfWorkerJsonSchemaValidator).")
  }
}
