import { expect } from "chai"
import * as Option from "effect/Option"
import { after, answersWithin, settledWithin, startAgain, withDeadline } from "./lifetime.ts"

const never = () => new Promise<never>(() => undefined)

describe("lifetime", () => {
  it("withDeadline gives the value of what settles in time, and fails with the message otherwise", async () => {
    expect(await withDeadline(() => Promise.resolve(7), 1000, "late")).to.equal(7)
    const error = await withDeadline(never, 5, "no answer").catch((e: unknown) => e)
    expect((error as Error).message).to.equal("no answer")
    const thrown = await withDeadline(() => Promise.reject(new Error("boom")), 1000, "late").catch((e: unknown) => e)
    expect((thrown as Error).message).to.equal("boom")
  })

  it("answersWithin: an answer is alive, a failure or silence is not", async () => {
    expect(await answersWithin(() => Promise.resolve(), 1000)).to.equal(true)
    expect(await answersWithin(() => Promise.reject(new Error("x")), 1000)).to.equal(false)
    expect(await answersWithin(never, 5)).to.equal(false)
  })

  it("settledWithin: the value, or none when it is still going", async () => {
    expect(Option.getOrUndefined(await settledWithin(() => Promise.resolve("done"), 1000))).to.equal("done")
    expect(Option.isNone(await settledWithin(never, 5))).to.equal(true)
  })

  it("a cancelled delayed action never runs; one not cancelled does", async () => {
    const ran: string[] = []
    after(5, () => ran.push("cancelled")).cancel()
    await new Promise<void>((resolve) => after(30, () => (ran.push("kept"), resolve())))
    expect(ran).to.deep.equal(["kept"])
  })

  it("startAgain tries a failing start again under the restart policy, and gives up after three more", async () => {
    let calls = 0
    await startAgain(async () => {
      calls++
      if (calls < 3) throw new Error("not yet")
    })
    expect(calls).to.equal(3)
    calls = 0
    await startAgain(async () => {
      calls++
      throw new Error("never")
    })
    expect(calls).to.equal(4)
  })
})
