import { expect } from "chai"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { issueLines, strictParse } from "../../schemas/primitives.ts"
import { mergeSettings, migrateSettings, Settings, SETTINGS_VERSION } from "../../schemas/settings.ts"

const decode = (input: unknown) => Schema.decodeUnknownExit(Settings)(input, strictParse)

describe("settings schema", () => {
  it("fills every default from an empty store", () => {
    const exit = decode({})
    expect(Exit.isSuccess(exit) && exit.value).to.deep.include({ stepLimit: 50, askUserTimeoutMs: 300_000, subAgentTimeLimitMs: 600_000 })
    expect(Exit.isSuccess(exit) && exit.value.search.engine).to.equal("duckduckgo")
  })

  it("gives a prompt's summary its own time limit: 120 s unless set, at most 30 minutes", () => {
    const empty = decode({})
    expect(Exit.isSuccess(empty) && empty.value.summaryTimeoutMs).to.equal(120_000)
    const set = decode({ summaryTimeoutMs: 300_000 })
    expect(Exit.isSuccess(set) && set.value.summaryTimeoutMs).to.equal(300_000)
    expect(Exit.isFailure(decode({ summaryTimeoutMs: 31 * 60_000 }))).to.equal(true)
    expect(Exit.isFailure(decode({ summaryTimeoutMs: 0 }))).to.equal(true)
  })

  it("names every bad value by its path", () => {
    const exit = decode({ stepLimit: 0, search: { engine: "altavista", bingEndpoint: "ftp://x" }, colour: "red" })
    expect(Exit.isFailure(exit)).to.equal(true)
    if (Exit.isSuccess(exit)) return
    const error = (exit.cause.reasons[0] as unknown as { error: Schema.SchemaError }).error
    const paths = issueLines(error.issue).map((l) => l.path)
    expect(paths).to.have.members(["stepLimit", "search.engine", "search.bingEndpoint", "colour"])
  })

  it("merges a patch key by key into nested objects, replacing arrays", () => {
    const merged = mergeSettings(
      { stepLimit: 10, search: { engine: "bing", bingApiKey: "k" }, providers: [{ id: "a" }] },
      { search: { engine: "google" }, providers: [] },
    )
    expect(merged).to.deep.equal({ stepLimit: 10, search: { engine: "google", bingApiKey: "k" }, providers: [] })
  })

  it("removes an optional setting given null", () => {
    expect(
      mergeSettings(
        { defaultModel: { providerId: "a", model: "m" }, search: { bingApiKey: "k" } },
        { defaultModel: null, search: { bingApiKey: null } },
      ),
    ).to.deep.equal({ search: {} })
  })
})

describe("settings migrations", () => {
  it("version 1: the rule for opfs_delete is dropped, the others kept, and the whole decodes strictly", () => {
    const stored = { version: 1, stepLimit: 12, confirmations: { opfs_delete: "never", close_tab: "never" } }
    const migrated = migrateSettings(stored)
    expect(migrated).to.deep.equal({ version: SETTINGS_VERSION, stepLimit: 12, confirmations: { close_tab: "never" } })
    const exit = decode(migrated)
    expect(Exit.isSuccess(exit) && exit.value.confirmations).to.deep.include({ close_tab: "never", execute_script: "always" })
    expect(Exit.isFailure(decode(stored)), "unmigrated, the old key is refused").to.equal(true)
  })

  it("a store without a version is version 1; the current version and what is not settings pass as they are", () => {
    expect(migrateSettings({})).to.deep.equal({ version: SETTINGS_VERSION })
    const current = { version: SETTINGS_VERSION, confirmations: { close_tab: "never" } }
    expect(migrateSettings(current)).to.equal(current)
    expect(migrateSettings("garbage")).to.equal("garbage")
  })
})
