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
  beforeEach(() => {
    ;(globalThis as { chrome?: unknown }).chrome = { storage: { local: fakeStorage() } }
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
})
