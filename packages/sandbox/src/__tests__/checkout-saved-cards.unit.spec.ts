import { TestBank, expectProblem, issueKeys } from "./helpers"

// the saved-card part of "sandbox checkout endpoints" (checkout.unit.spec.ts), on a bank of its own
const DAY = 24 * 60 * 60 * 1000

describe("sandbox checkout endpoints", () => {
  const bank = TestBank.sharedPerSuite({ activatedMethods: [9], tokenLifetimeMs: 365 * DAY })

  describe("saved cards", () => {
    it("saves the card on a successful card payment, capping saveCardToDate at the card expiry", async () => {
      const payId = await bank.paidPayment({ saveCard: true, saveCardToDate: "1299" })
      const details = (await bank.tpay(`/${payId}`)).body
      const card = bank.sandbox.state().savedCards[0]
      expect(details.recurringCard).toEqual({
        recId: card.recId,
        cardMask: "5***********1234",
        expiryDate: card.cardExpiry,
      })
      expect(card.active).toBe(true)
      const early = await bank.paidPayment({ saveCard: true, saveCardToDate: "0127" })
      expect((await bank.tpay(`/${early}`)).body.recurringCard.expiryDate).toBe("0127")
    })

    it("executes by recId: a new Succeeded payment with paymentMethod 11 (WaitingConfirm with preAuth)", async () => {
      const origin = await bank.paidPayment({ saveCard: true })
      const recId = bank.sandbox.state().savedCards[0].recId
      const executed = await bank.tpay("/execution", {
        recId,
        money: { amount: 9.99, currency: "GEL" },
        initiator: "merchant",
        merchantPaymentId: "sub-1",
        extra: "SUB",
      })
      expect(executed.status).toBe(200)
      expect(executed.body).toMatchObject({
        status: "Succeeded",
        amount: 9.99,
        confirmedAmount: 9.99,
        paymentMethod: 11,
        initiator: "merchant",
        extra: "SUB",
        recurringCard: { recId, cardMask: "5***********1234" },
      })
      expect(executed.body.payId).not.toBe(origin)
      const held = await bank.tpay("/execution", { recId, money: { amount: 5, currency: "GEL" }, preAuth: true })
      expect(held.body).toMatchObject({ status: "WaitingConfirm", confirmedAmount: 0 })
      expect((await bank.tpay(`/${held.body.payId}/completion`, { amount: 5 })).body.status).toBe("Succeeded")
    })

    it("with the processingExecutions fault an execution answers Processing until a control pay call ends it", async () => {
      await bank.paidPayment({ saveCard: true })
      const recId = bank.sandbox.state().savedCards[0].recId
      expect((await bank.control("/faults", { processingExecutions: { count: 1 } })).status).toBe(200)
      const deciding = await bank.tpay("/execution", { recId, money: { amount: 3, currency: "GEL" } })
      expect(deciding.body).toMatchObject({ status: "Processing", confirmedAmount: 0 })
      expect((await bank.tpay(`/${deciding.body.payId}`)).body.status).toBe("Processing")
      await bank.control(`/payments/${deciding.body.payId}/pay`, { method: 11, outcome: "success" })
      expect((await bank.tpay(`/${deciding.body.payId}`)).body).toMatchObject({
        status: "Succeeded",
        confirmedAmount: 3,
      })
      // only the armed count: the next execution is decided at once
      expect((await bank.tpay("/execution", { recId, money: { amount: 1, currency: "GEL" } })).body.status).toBe(
        "Succeeded"
      )
    })

    it("a preauth's saved card is usable only after completion", async () => {
      const payId = await bank.paidPayment({ saveCard: true, preAuth: true })
      const recId = bank.sandbox.state().savedCards[0].recId
      const early = await bank.tpay("/execution", { recId, money: { amount: 1, currency: "GEL" } })
      expectProblem(early, 409)
      await bank.tpay(`/${payId}/completion`, { amount: 25.5 })
      expect((await bank.tpay("/execution", { recId, money: { amount: 1, currency: "GEL" } })).status).toBe(200)
    })

    it("no card is saved when the customer unticks saving, or pays by a non-card method", async () => {
      const created = await bank.createPayment({ saveCard: true })
      await bank.control(`/payments/${created.body.payId}/pay`, { method: 5, outcome: "success", saveCard: false })
      const byBank = await bank.paidPayment({ saveCard: true }, 7)
      expect(bank.sandbox.state().savedCards).toHaveLength(0)
      expect((await bank.tpay(`/${byBank}`)).body.recurringCard).toBeNull()
      expectProblem(
        await bank.tpay("/execution", { recId: created.body.recId, money: { amount: 1, currency: "GEL" } }),
        404
      )
    })

    it("validates the execution body and deletes cards with POST /{recId}/delete", async () => {
      await bank.paidPayment({ saveCard: true })
      const recId = bank.sandbox.state().savedCards[0].recId
      const bad = await bank.tpay("/execution", { recId: "", money: { amount: 0, currency: "JPY" }, extra: "ü" })
      expect(issueKeys(bad)).toEqual(
        expect.arrayContaining(["recId:required", "money.amount:positive", "money.currency:enum", "extra:ans_only"])
      )
      const deleted = await bank.tpay(`/${recId}/delete`, {})
      expect(deleted.status).toBe(200)
      expect(deleted.body).toEqual({
        httpStatusCode: 200,
        developerMessage: "Card deleted",
        userMessage: expect.any(String),
      })
      expectProblem(await bank.tpay(`/${recId}/delete`, {}), 404)
      expectProblem(await bank.tpay("/execution", { recId, money: { amount: 1, currency: "GEL" } }), 404)
    })

    it("refuses execution once the card's save date has passed", async () => {
      await bank.paidPayment({ saveCard: true })
      const card = bank.sandbox.state().savedCards[0]
      await bank.control("/clock", { advanceMs: 4 * 366 * DAY })
      await bank.tokens() // the old ones expired with the years
      const late = await bank.tpay("/execution", { recId: card.recId, money: { amount: 1, currency: "GEL" } })
      expectProblem(late, 400)
      expect(late.body.title).toBe("Card expired")
    })
  })
})
