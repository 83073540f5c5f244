import { TestBank, expectProblem, issueKeys } from "./helpers"

// completion, cancel and refund of "sandbox checkout endpoints" (checkout.unit.spec.ts), on a bank of their own
const DAY = 24 * 60 * 60 * 1000

describe("sandbox checkout endpoints", () => {
  const bank = TestBank.sharedPerSuite({ activatedMethods: [9], tokenLifetimeMs: 365 * DAY })

  describe("completion", () => {
    it("completes a preauthorization for less, returning the rest, on both paths", async () => {
      for (const path of ["/v1/tpay/payments", "/v1/pay/payments"]) {
        const payId = await bank.paidPayment({ preAuth: true })
        const answer = await fetch(`${bank.url}${path}/${payId}/completion`, {
          method: "POST",
          headers: { ...bank.checkoutHeaders(), "content-type": "application/json" },
          body: JSON.stringify({ amount: 20.25 }),
        })
        expect(answer.status).toBe(200)
        expect(await answer.json()).toMatchObject({
          payId,
          status: "Succeeded",
          amount: 25.5,
          confirmedAmount: 20.25,
          httpStatusCode: 200,
        })
        expect((await bank.tpay(`/${payId}`)).body).toMatchObject({
          status: "Succeeded",
          confirmedAmount: 20.25,
          returnedAmount: 5.25,
        })
      }
      expect(bank.sandbox.state().calls["POST /v1/pay/payments/{payId}/completion"]).toBe(1)
    })

    it("refuses more than authorized, a bad amount, a non-preauth payment, and a second completion (409)", async () => {
      const payId = await bank.paidPayment({ preAuth: true })
      const over = await bank.tpay(`/${payId}/completion`, { amount: 25.51 })
      expectProblem(over, 400)
      expect(issueKeys(over)).toEqual(["amount:max_amount"])
      expect(issueKeys(await bank.tpay(`/${payId}/completion`, { amount: -1 }))).toEqual(["amount:non_negative"])
      expect(issueKeys(await bank.tpay(`/${payId}/completion`, {}))).toEqual(["amount:required"])
      expect((await bank.tpay(`/${payId}/completion`, { amount: 25.5 })).status).toBe(200)
      const again = await bank.tpay(`/${payId}/completion`, { amount: 25.5 })
      expectProblem(again, 409)
      expect(again.body.detail).toContain("already completed")
      const plain = await bank.paidPayment()
      expectProblem(await bank.tpay(`/${plain}/completion`, { amount: 1 }), 409)
    })

    it("refuses completion after 30 days on the sandbox clock", async () => {
      const payId = await bank.paidPayment({ preAuth: true })
      await bank.control("/clock", { advanceMs: 30 * DAY - 60_000 })
      const okId = await bank.paidPayment({ preAuth: true })
      await bank.control("/clock", { advanceMs: 120_000 })
      const late = await bank.tpay(`/${payId}/completion`, { amount: 1 })
      expectProblem(late, 400)
      expect(late.body.detail).toContain("30 days")
      expect((await bank.tpay(`/${okId}/completion`, { amount: 1 })).status).toBe(200)
    })
  })

  describe("cancel / refund", () => {
    it("after a smaller completion, the whole confirmed amount is refundable (the released rest is not)", async () => {
      const payId = await bank.paidPayment({ preAuth: true })
      await bank.tpay(`/${payId}/completion`, { amount: 20 })
      expect(issueKeys(await bank.tpay(`/${payId}/cancel`, { amount: 20.01 }))).toEqual(["amount:max_amount"])
      expect((await bank.tpay(`/${payId}/cancel`, { amount: 20 })).status).toBe(200)
      expect((await bank.tpay(`/${payId}`)).body).toMatchObject({
        status: "Returned",
        confirmedAmount: 20,
        returnedAmount: 25.5,
      })
    })

    it("cancels a preauthorization in full only", async () => {
      const payId = await bank.paidPayment({ preAuth: true })
      expectProblem(await bank.tpay(`/${payId}/cancel`, { amount: 5 }), 400)
      const full = await bank.tpay(`/${payId}/cancel`, {})
      expect(full.status).toBe(200)
      expect(full.body).toEqual({
        httpStatusCode: 200,
        developerMessage: expect.any(String),
        userMessage: expect.any(String),
      })
      expect((await bank.tpay(`/${payId}`)).body).toMatchObject({ status: "Returned", returnedAmount: 25.5 })
    })

    it("partial refunds accumulate, one partial per transaction day, never more than is left", async () => {
      const payId = await bank.paidPayment()
      expect((await bank.tpay(`/${payId}/cancel`, { amount: 5.5 })).status).toBe(200)
      expect((await bank.tpay(`/${payId}`)).body).toMatchObject({ status: "PartialReturned", returnedAmount: 5.5 })
      const secondToday = await bank.tpay(`/${payId}/cancel`, { amount: 1 })
      expectProblem(secondToday, 400)
      expect(secondToday.body.detail).toContain("only once")
      await bank.control("/clock", { advanceMs: DAY })
      const tooMuch = await bank.tpay(`/${payId}/cancel`, { amount: 20.01 })
      expect(issueKeys(tooMuch)).toEqual(["amount:max_amount"])
      expect((await bank.tpay(`/${payId}/cancel`, { amount: 10 })).status).toBe(200)
      expect((await bank.tpay(`/${payId}/cancel`, { amount: 10 })).status).toBe(200)
      expect((await bank.tpay(`/${payId}`)).body).toMatchObject({ status: "Returned", returnedAmount: 25.5 })
      expectProblem(await bank.tpay(`/${payId}/cancel`, {}), 409)
    })

    it("returns everything that is left with an empty body, also after a same-day partial", async () => {
      const payId = await bank.paidPayment()
      await bank.tpay(`/${payId}/cancel`, { amount: 0.5 })
      expect((await bank.tpay(`/${payId}/cancel`, {})).status).toBe(200)
      expect((await bank.tpay(`/${payId}`)).body).toMatchObject({ status: "Returned", returnedAmount: 25.5 })
    })

    it("refuses to cancel Created, Failed or Expired payments", async () => {
      const created = (await bank.createPayment()).body.payId
      expectProblem(await bank.tpay(`/${created}/cancel`, {}), 409)
    })
  })
})
