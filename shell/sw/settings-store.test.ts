import { expect } from "chai"
import { readSettings, updateSettings } from "./settings-store.ts"

/** chrome.storage.local as the service worker has it: each call answers in a later task. */
const fakeStorage = () => {
  const data: Record<string, unknown> = {}
  const later = <T>(value: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(value()), 0))
  return {
    get: (key: string) => later(() => (key in data ? { [key]: structuredClone(data[key]) } : {})),
    set: (items: Record<string, unknown>) => later(() => void Object.assign(data, structuredClone(items))),
  }
}

describe("the settings store", () => {
  const saved = (globalThis as { chrome?: unknown }).chrome
  /** What the offscreen document was told, in order; a test may hold its answer back. */
  let told: unknown[] = []
  let answer: () => Promise<unknown> = () => Promise.resolve(true)
  beforeEach(() => {
    told = []
    answer = () => Promise.resolve(true)
    ;(globalThis as { chrome?: unknown }).chrome = {
      storage: { local: fakeStorage() },
      runtime: { sendMessage: (message: unknown) => (told.push(message), answer()) },
    }
  })
  afterEach(() => {
    ;(globalThis as { chrome?: unknown }).chrome = saved
  })

  it("applies updates made at the same time one after another: none loses another's change", async () => {
    const outcomes = await Promise.all([
      updateSettings({ research: { researchers: 3 } }),
      updateSettings({ research: { steps: 37 } }),
      updateSettings({ research: { tokens: 50_000 } }),
      updateSettings({ stepLimit: 7 }),
    ])
    expect(outcomes.every((o) => o.ok)).to.equal(true)
    const settings = await readSettings()
    expect(settings.research).to.include({ researchers: 3, steps: 37, tokens: 50_000 })
    expect(settings.stepLimit).to.equal(7)
  })

  it("a refused update changes nothing and does not hold up the next", async () => {
    const [refused, next] = await Promise.all([updateSettings({ stepLimit: -1 }), updateSettings({ stepLimit: 9 })])
    expect(refused.ok).to.equal(false)
    expect(next.ok).to.equal(true)
    expect((await readSettings()).stepLimit).to.equal(9)
  })

  it("a read made while an update is under way answers once the offscreen document was told, with the new value", async () => {
    let release = () => {}
    // resolved when the update tells the offscreen document, whose answer is then held back
    const reached = new Promise<void>((toldNow) => {
      answer = () => {
        toldNow()
        return new Promise((resolve) => (release = () => resolve(true)))
      }
    })
    const events: string[] = []
    const update = updateSettings({ research: { wallMs: 180_000 } }).then(() => events.push("updated"))
    const read = readSettings().then((settings) => (events.push("read"), settings))
    // the update has read and written the store (two tasks, in which a read that did not wait would have answered)
    await reached
    expect(told).to.have.length(1)
    expect(events).to.deep.equal([])
    release()
    const settings = await read
    await update
    expect(events).to.deep.equal(["updated", "read"])
    expect(settings.research.wallMs).to.equal(180_000)
  })
})
