/**
 * The service worker's generated decoders (sw-contracts.decoders.ts) against Effect's own decode
 * of the same schemas: on samples Effect's Arbitrary draws from each schema, on those samples
 * broken one place at a time (a key gone, a value of another type, out of range, a key too many),
 * and on hand-made ones, the verdict, the decoded value (defaults filled in) and the issue lines
 * must be the same, with excess keys ignored and refused (`strictParse`).
 */
import { expect } from "chai"
import * as Arbitrary from "effect/Arbitrary"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { decoderModule, planOf, UnsupportedSchema } from "../scripts/decoder-plans.ts"
import { expected, type Decoded, type Decoder } from "./decode-plan.ts"
import { issueLines, strictParse } from "./primitives.ts"
import * as contracts from "./sw-contracts.ts"
import * as decoders from "./sw-contracts.decoders.ts"

const effectDecode = (schema: Schema.Top, input: unknown, strict: boolean): Decoded<unknown> => {
  const exit = Schema.decodeUnknownExit(schema as Schema.Codec<unknown, unknown>)(input, strict ? strictParse : { errors: "all" })
  if (Exit.isSuccess(exit)) return { ok: true, value: exit.value }
  const error = exit.cause.reasons.find(Cause.isFailReason)?.error
  return { ok: false, issues: error ? issueLines(error.issue) : [] }
}

/** Samples of the schema's encoded side, and of its decoded side when Effect can draw them (a filter may defeat it). */
const samples = (schema: Schema.Top): Array<unknown> => {
  const draw = (s: Schema.Top) => {
    try {
      return [...Effect.runSync(Arbitrary.sampleEffect(Arbitrary.schema(s as never), { count: 25, seed: 30 }))]
    } catch {
      return []
    }
  }
  return [...draw(Schema.toEncoded(schema)), ...draw(schema)]
}

const OTHER_VALUES: ReadonlyArray<unknown> = [undefined, null, 0, -1, 1.5, Number.NaN, Infinity, "", "x", true, [], {}, [1], { a: 1 }]

/** Every path to a value inside a sample (at most a few levels down). */
const pathsOf = (value: unknown, depth = 4): Array<Array<string | number>> => {
  if (depth === 0 || typeof value !== "object" || value === null) return []
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value)
  return entries.flatMap(([key, child]) => [[key], ...pathsOf(child, depth - 1).map((rest) => [key, ...rest])])
}

/** The sample with the value at `path` replaced (or, `replacement === REMOVE`, gone). */
const REMOVE = Symbol("remove")
const changed = (value: unknown, path: ReadonlyArray<string | number>, replacement: unknown): unknown => {
  const copy = structuredClone(value) as Record<string | number, unknown>
  let at = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  if (replacement === REMOVE) delete at[last]
  else at[last] = replacement
  return copy
}

/** Each sample broken one place at a time: each value replaced by others, each key removed, a key added. */
const broken = (sample: unknown): Array<unknown> => {
  const out: Array<unknown> = OTHER_VALUES.map((other) => other)
  // The first paths only: a list of 500 sites is broken at its first few entries, as well as at all of them.
  for (const path of pathsOf(sample).slice(0, 60)) {
    for (const other of OTHER_VALUES) out.push(changed(sample, path, other))
    out.push(changed(sample, path, REMOVE))
    const parent = path.slice(0, -1)
    out.push(changed(sample, [...parent, "zz_excess"], 1))
  }
  if (typeof sample === "object" && sample !== null && !Array.isArray(sample)) out.push({ ...sample, zz_excess: 1 })
  return out
}

/** Hand-made inputs the samples may miss: settings with sites, providers and nested defaults half given. */
const HAND_MADE: Record<string, ReadonlyArray<unknown>> = {
  Settings: [
    {},
    { version: 1 },
    { version: 2, stepLimit: 1000, search: { engine: "bing" }, model: { maxRetries: 0 } },
    { stepLimit: 1001, askUserTimeoutMs: 0, sandbox: { maxMemoryBytes: 1 }, capture: { maxSide: 255 } },
    { allowedSites: ["https://example.com", "http://127.0.0.1:8080"], allowedSitesFrom: { "https://example.com": "c1" } },
    {
      allowedSites: ["https://example.com/path", "ftp://x", "HTTPS://EXAMPLE.COM"],
      allowedSitesFrom: { "not an origin": "c1", "https://a.b": 2 },
    },
    { publicOrigins: Array.from({ length: 501 }, (_, i) => `https://h${i}.test`) },
    {
      providers: [
        {
          id: "p",
          name: "P",
          kind: "openai",
          baseUrl: "https://api.test/v1",
          apiKey: "k",
          models: ["m"],
          quirks: { maxCompletionTokens: true },
        },
        { id: "", name: "Q", kind: "other", baseUrl: "file:///x", contextWindow: 0.5, vision: { m: "yes" } },
      ],
      defaultModel: { providerId: "p", model: "m" },
      search: { duckduckgoHtmlEndpoint: "not a url", zz: 1 },
      confirmations: { execute_script: "never", close_tab: "sometimes" },
    },
    { systemPrompt: 3, workspace: null, limits: [], research: { researchers: 9 }, model: { keepWholeResults: "no" } },
  ],
  "routines.put": [
    {
      id: "r1",
      name: "Daily",
      prompt: "Do",
      sites: ["https://a.test"],
      folder: "routines/daily",
      schedule: { kind: "daily", time: "08:30" },
      onConfirm: "pause",
      paused: false,
      createdAt: 1,
      updatedAt: 2,
    },
    { schedule: { kind: "every", hours: 0 } },
    { schedule: { kind: "nope" } },
    { schedule: { kind: "tab", urlPattern: "*://shop.test/*" }, folder: "../up" },
  ],
  "fence.set": [
    { conversationId: "c", tabs: [1, 2], allowed: null },
    { conversationId: "c", tabs: [1, "2"], allowed: [3] },
  ],
  "tabs.open": [{ url: "https://a.test" }, { url: "", tab_id: 1.5, active: "yes" }, { url: "https://a.test", fresh: true, window_id: -0 }],
  "notifications.show": [{ id: "n", title: "t".repeat(201), summary: "", status: "paused" }],
}

interface Case {
  readonly name: string
  readonly schema: Schema.Top
  readonly decoder: Decoder<unknown, unknown>
}
const cases: Array<Case> = [
  ...Object.entries(contracts.routeParams).map(([name, schema]) => ({
    name,
    schema,
    decoder: decoders.routeParams[name as keyof typeof decoders.routeParams] as Decoder<unknown, unknown>,
  })),
  { name: "Settings", schema: contracts.Settings, decoder: decoders.Settings as Decoder<unknown, unknown> },
  ...Object.entries(contracts.stored).map(([name, schema]) => ({
    name: `stored.${name}`,
    schema,
    decoder: decoders.stored[name as keyof typeof decoders.stored] as Decoder<unknown, unknown>,
  })),
]

const inputsOf = ({ name, schema }: Case): Array<unknown> => {
  const drawn = samples(schema)
  return [...drawn, ...(HAND_MADE[name] ?? []), ...[...drawn.slice(0, 6), ...(HAND_MADE[name] ?? [])].flatMap(broken)]
}

describe("the service worker's generated decoders decode as Effect does", function () {
  // Thousands of inputs a schema, each decoded by Effect too.
  this.timeout(120_000)
  for (const test of cases) {
    it(`${test.name}: the same verdict, value and issues`, () => {
      const inputs = inputsOf(test)
      let valid = 0
      for (const input of inputs) {
        for (const strict of [false, true]) {
          const effect = effectDecode(test.schema, input, strict)
          const actual = test.decoder(input, strict ? { onExcessProperty: "error" } : undefined)
          expect(actual, `${test.name} ${strict ? "(strict) " : ""}of ${JSON.stringify(input)}`).to.deep.equal(effect)
          if (effect.ok) valid++
        }
      }
      // Both kinds were tried: some inputs decode, some do not (a schema of Unknown takes them all).
      expect(valid, `${test.name}: inputs that decode`).to.be.greaterThan(0)
      if (!["unknown", "unknown | undefined"].includes(expected(planOf(test.name, test.schema))))
        expect(valid, `${test.name}: inputs that fail`).to.be.lessThan(inputs.length * 2)
    })
  }

  it("the stored lists' decoders say what Schema.is says", () => {
    for (const [name, schema] of Object.entries(contracts.stored)) {
      const is = Schema.is(schema)
      const decoder = decoders.stored[name as keyof typeof decoders.stored] as Decoder<unknown, unknown>
      for (const input of inputsOf({ name, schema, decoder }))
        expect(decoder(input).ok, `${name} of ${JSON.stringify(input)}`).to.equal(is(input))
    }
  })

  it("the settings encode as they decode, so the service worker stores the decoded value", () => {
    for (const input of [...samples(contracts.Settings), ...(HAND_MADE.Settings ?? [])]) {
      const decoded = decoders.Settings(input)
      if (decoded.ok) expect(Schema.encodeSync(contracts.Settings)(decoded.value)).to.deep.equal(decoded.value)
    }
  })
})

describe("the decoder generator", () => {
  const refusal = (schema: Schema.Top): string => {
    try {
      planOf("Example", schema)
    } catch (error) {
      expect(error).to.be.instanceOf(UnsupportedSchema)
      return (error as Error).message
    }
    throw new Error("the generator accepted it")
  }

  it("refuses a node kind it does not know, naming the schema, where and the node", () => {
    expect(refusal(Schema.Struct({ a: Schema.Struct({ b: Schema.BigInt }) }))).to.equal(
      "Example.a.b: the node BigInt is not supported by the generated decoders (scripts/decoder-plans.ts)",
    )
    expect(refusal(Schema.Tuple([Schema.String]))).to.contain("Arrays with elements (a tuple)")
  })

  it("refuses a transformation other than a decoding default, and a filter it cannot name", () => {
    expect(refusal(Schema.Struct({ n: Schema.NumberFromString }))).to.match(/^Example\.n: .*transformation/)
    expect(refusal(Schema.String.check(Schema.makeFilter((s: string) => s.length > 2, { expected: "long" })))).to.contain(
      'the check "long"',
    )
    expect(refusal(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1, exclusiveMaximum: true })))).to.contain("exclusive")
  })

  it("refuses a decoding default in a schema read with Schema.is (the stored lists)", () => {
    const withDefault = Schema.Struct({ a: Schema.Number.pipe(Schema.withDecodingDefaultKey(Effect.succeed(1))) })
    expect(() => decoderModule({ from: "./x.ts", module: { stored: { withDefault } }, guards: ["stored"] })).to.throw(
      UnsupportedSchema,
      'stored["withDefault"].a',
    )
    expect(decoderModule({ from: "./x.ts", module: { withDefault } })).to.contain("export const withDefault")
  })
})
