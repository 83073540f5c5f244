import { actionLabel, actionResultText, amountText, kindText, stateText } from "../attention-words"

describe("attention list words", () => {
  it("shows tetri as GEL with two decimals", () => {
    expect(amountText(12_345, "gel")).toBe("123.45 GEL")
    expect(amountText(5, "GEL")).toBe("0.05 GEL")
  })

  it("names states and kinds in words, unknown ones as they are", () => {
    expect(stateText("uncertain")).toBe("Answer unreadable")
    expect(stateText("held")).toBe("Amount held")
    expect(stateText("something_new")).toBe("something_new")
    expect(kindText("execution")).toBe("Saved card")
    expect(kindText("refund")).toBe("Refund")
  })

  it("labels release by what it does, and 'not charged' for an operation as 'not done'", () => {
    expect(actionLabel({ state: "held", kind: "web" }, "release")).toBe("Release hold")
    expect(actionLabel({ state: "paid", kind: "execution" }, "release")).toBe("Refund")
    expect(actionLabel({ state: "uncertain", kind: "execution" }, "not_charged")).toBe("Mark not charged")
    expect(actionLabel({ state: "uncertain", kind: "refund" }, "not_charged")).toBe("Mark not done")
    expect(actionLabel({ state: "uncertain", kind: "web" }, "attach")).toBe("Attach payId")
  })

  it("the toast says what was done and what happens next", () => {
    expect(
      actionResultText({ done: "Payment p1 attached.", next: "The order is placed on the next reconcile run." })
    ).toBe("Payment p1 attached. The order is placed on the next reconcile run.")
  })
})
