import { expect } from "chai"
import * as Effect from "effect/Effect"
import { answersWithin, startAgain } from "./lifetime.ts"

const never = () => new Promise<never>(() => undefined)

describe("lifetime", () => {
  it("answersWithin: an answer is alive, a failure or silence is not", async () => {
    expect(await Effect.runPromise(answersWithin(() => Promise.resolve(), 1000))).to.equal(true)
    expect(await Effect.runPromise(answersWithin(() => Promise.reject(new Error("x")), 1000))).to.equal(false)
    expect(await Effect.runPromise(answersWithin(never, 5))).to.equal(false)
  })

  it("startAgain tries a failing start again under the restart policy, and gives up after three more", async () => {
    let calls = 0
    await Effect.runPromise(
      startAgain(
        Effect.suspend(() => {
          calls++
          return calls < 3 ? Effect.fail(new Error("not yet")) : Effect.void
        }),
      ),
    )
    expect(calls).to.equal(3)
    calls = 0
    await Effect.runPromise(
      startAgain(
        Effect.suspend(() => {
          calls++
          return Effect.fail(new Error("never"))
        }),
      ),
    )
    expect(calls).to.equal(4)
  })
})
