import { recordError } from "../ledger-store"

describe("recordError (an error's text in the ledger and the jobs' results)", () => {
  it("an Error by its message, on one line", () => {
    expect(recordError(new Error("the bank\n  answered 503"))).toBe("the bank answered 503")
  })

  it("a workflow's error, thrown by Medusa as a plain object, by its message too", () => {
    const thrown = {
      name: "Error",
      message: "The order was not canceled: TBC still holds its payment pay_1",
      stack: "…",
    }
    expect(recordError(thrown)).toBe("The order was not canceled: TBC still holds its payment pay_1")
  })

  it("anything else as its text, cut at 500 characters", () => {
    expect(recordError("timeout")).toBe("timeout")
    expect(recordError(undefined)).toBe("undefined")
    expect(recordError({ message: 42 })).toBe("[object Object]")
    expect(recordError("x".repeat(600))).toHaveLength(500)
  })
})
