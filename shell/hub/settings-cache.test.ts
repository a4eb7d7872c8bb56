import { expect } from "chai"
import type { RouterReply } from "../../schemas/router.ts"
import { routerFake } from "../../workers/runtime/test-support/router-fake.ts"
import { cacheSettings } from "./settings-cache.ts"

/** A router that counts its calls and answers settings.get with the current stored value. */
const fakeRouter = () => {
  const calls: string[] = []
  let stored: RouterReply = { ok: true, value: { stepLimit: 1 } }
  const router = routerFake((method) => {
    calls.push(method)
    return Promise.resolve(method === "settings.get" ? stored : { ok: true, value: method })
  })
  return { router, calls, set: (reply: RouterReply) => void (stored = reply) }
}

describe("the offscreen document's settings cache", () => {
  it("reads the settings once, and again only after they changed", async () => {
    const fake = fakeRouter()
    const cache = cacheSettings(fake.router)
    expect(await cache.router("settings.get")).to.deep.equal({ ok: true, value: { stepLimit: 1 } })
    expect(await cache.router("settings.get")).to.deep.equal({ ok: true, value: { stepLimit: 1 } })
    expect(fake.calls).to.deep.equal(["settings.get"])
    fake.set({ ok: true, value: { stepLimit: 2 } })
    cache.invalidate()
    expect(await cache.router("settings.get")).to.deep.equal({ ok: true, value: { stepLimit: 2 } })
    expect(fake.calls).to.deep.equal(["settings.get", "settings.get"])
  })

  it("does not keep a failed read, and passes every other method through", async () => {
    const fake = fakeRouter()
    fake.set({ ok: false, error: { code: "unavailable", message: "asleep" } })
    const cache = cacheSettings(fake.router)
    expect((await cache.router("settings.get")).ok).to.equal(false)
    fake.set({ ok: true, value: { stepLimit: 3 } })
    expect(await cache.router("settings.get")).to.deep.equal({ ok: true, value: { stepLimit: 3 } })
    expect(await cache.router("tabs.query", {})).to.deep.equal({ ok: true, value: "tabs.query" })
    expect(await cache.router("tabs.query", {})).to.deep.equal({ ok: true, value: "tabs.query" })
    expect(fake.calls).to.deep.equal(["settings.get", "settings.get", "tabs.query", "tabs.query"])
  })
})
