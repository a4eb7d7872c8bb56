import { expect } from "chai"
import * as Schema from "effect/Schema"
import { firstLines, matchesUrlPattern, nextRunAt, RoutineInput } from "./routines.ts"

/** A local time, as the browser's clock reads it. */
const local = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi).getTime()

describe("routines: when a schedule runs next", () => {
  it("daily: today if the time is still ahead, else tomorrow", () => {
    expect(nextRunAt({ kind: "daily", time: "08:30" }, local(2026, 12, 2, 7, 0))).to.equal(local(2026, 12, 2, 8, 30))
    expect(nextRunAt({ kind: "daily", time: "08:30" }, local(2026, 12, 2, 8, 30))).to.equal(local(2026, 12, 3, 8, 30))
  })

  it("weekdays: Friday evening's next run is Monday's", () => {
    // 4 December 2026 is a Friday.
    expect(new Date(local(2026, 12, 4, 0, 0)).getDay()).to.equal(5)
    expect(nextRunAt({ kind: "weekdays", time: "09:00" }, local(2026, 12, 4, 18, 0))).to.equal(local(2026, 12, 7, 9, 0))
    expect(nextRunAt({ kind: "weekdays", time: "09:00" }, local(2026, 12, 5, 8, 0))).to.equal(local(2026, 12, 7, 9, 0))
  })

  it("every N hours: a period after the start, and after a long gap once from now, never in the past", () => {
    const now = local(2026, 12, 2, 10, 0)
    expect(nextRunAt({ kind: "every", hours: 3 }, now)).to.equal(now + 3 * 3_600_000)
    expect(nextRunAt({ kind: "every", hours: 1 }, now, now - 5 * 3_600_000)).to.equal(now)
  })

  it("once runs at its time and never again; manual and startup have no time", () => {
    expect(nextRunAt({ kind: "once", at: 123 }, 0)).to.equal(123)
    expect(nextRunAt({ kind: "once", at: 123 }, 200, 123)).to.equal(undefined)
    expect(nextRunAt({ kind: "manual" }, 0)).to.equal(undefined)
    expect(nextRunAt({ kind: "startup" }, 0)).to.equal(undefined)
  })
})

describe("routines: input and notification text", () => {
  const decode = Schema.decodeUnknownExit(RoutineInput)

  it("refuses a time of day that is not HH:MM, a site that is not an origin and a folder that climbs", () => {
    const base = { name: "n", prompt: "p" }
    expect(decode({ ...base, schedule: { kind: "daily", time: "8:30" } })._tag).to.equal("Failure")
    expect(decode({ ...base, schedule: { kind: "daily", time: "24:00" } })._tag).to.equal("Failure")
    expect(decode({ ...base, sites: ["https://a.example/path"] })._tag).to.equal("Failure")
    expect(decode({ ...base, folder: "../outside" })._tag).to.equal("Failure")
    expect(decode({ ...base, folder: "/abs" })._tag).to.equal("Failure")
    expect(decode({ ...base, schedule: { kind: "every", hours: 0 } })._tag).to.equal("Failure")
    expect(
      decode({ ...base, folder: "reports/daily", sites: ["https://a.example"], schedule: { kind: "weekdays", time: "23:59" } })._tag,
    ).to.equal("Success")
  })

  it("a notification shows the first three non-empty lines, cut to fit", () => {
    expect(firstLines("One.\n\n  Two.\nThree.\nFour.")).to.equal("One.\nTwo.\nThree.")
    expect(firstLines("x".repeat(300))).to.equal(`${"x".repeat(239)}…`)
    expect(firstLines("")).to.equal("")
  })
})

describe("routines: URL patterns", () => {
  it("* stands for any characters, the rest is literal, and only http(s) pages match", () => {
    expect(matchesUrlPattern("https://shop.example/orders/*", "https://shop.example/orders/17")).to.equal(true)
    expect(matchesUrlPattern("https://shop.example/orders/*", "https://shop.example/other")).to.equal(false)
    expect(matchesUrlPattern("https://*.example.com/*", "https://a.b.example.com/x?y")).to.equal(true)
    expect(matchesUrlPattern("https://shop.example/a.b", "https://shop.example/aXb")).to.equal(false)
    expect(matchesUrlPattern("*://shop.example/*", "http://shop.example/")).to.equal(true)
    expect(matchesUrlPattern("*://shop.example/*", "chrome-extension://shop.example/")).to.equal(false)
  })

  it("a pattern of many stars against a long URL answers at once", () => {
    const url = `https://a.example/${"a".repeat(2000)}`
    expect(matchesUrlPattern(`https://a.example/${"*a".repeat(40)}b`, url)).to.equal(false)
  })
})
