import {
  actionConfirmation,
  actionLabel,
  actionResultText,
  actorText,
  amountText,
  kindText,
  ledgerEventText,
  stateText,
} from "../attention-words"

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

describe("actions that ask first", () => {
  const entry = {
    state: "uncertain",
    kind: "execution",
    amount: 2_550,
    currency: "gel",
    pay_id: null,
    merchant_payment_id: "payses_01ABC",
  }

  it("'Mark not charged' warns that it ends the entry for good and names what to look up first", () => {
    const asked = actionConfirmation(entry, "not_charged")
    expect(asked).toEqual({
      title: "Mark not charged: 25.50 GEL?",
      description: expect.stringMatching(/^This ends the entry for good: .*cannot be undone here/),
      confirmText: "Mark not charged",
      cancelText: "Keep it",
    })
    expect(asked?.description).toContain("merchantPaymentId payses_01ABC")
    expect(actionConfirmation({ ...entry, kind: "refund" }, "not_charged")?.confirmText).toBe("Mark not done")
  })

  it("a release asks too; re-check and attach do not", () => {
    expect(actionConfirmation({ ...entry, state: "held", kind: "web", pay_id: "P1" }, "release")).toMatchObject({
      title: "Release hold",
      description: "25.50 GEL of payment P1 goes back to the card. No order owns it.",
    })
    expect(actionConfirmation(entry, "recheck")).toBeNull()
    expect(actionConfirmation(entry, "attach")).toBeNull()
  })
})

describe("the ledger's history in words", () => {
  it("names moves and who made them: an admin by email, the bank, a job", () => {
    expect(ledgerEventText("admin_not_charged")).toBe("Marked not charged")
    expect(ledgerEventText("something_new")).toBe("something_new")
    expect(actorText("admin:user_1", "nino@shop.ge")).toBe("nino@shop.ge")
    expect(actorText("admin:user_gone", null)).toBe("user_gone")
    expect(actorText("bank:callback", null)).toBe("The bank")
    expect(actorText("job:reconcile", null)).toBe("Background job")
    expect(actorText("someone:else", null)).toBe("someone:else")
    expect(actorText(null, null)).toBe("—")
  })
})
