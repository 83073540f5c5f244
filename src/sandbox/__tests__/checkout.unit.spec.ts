import { TestBank, expectProblem, issueKeys } from "./helpers"

const DAY = 24 * 60 * 60 * 1000

describe("sandbox checkout endpoints", () => {
  const bank = TestBank.sharedPerSuite({ activatedMethods: [9], tokenLifetimeMs: 365 * DAY })

  describe("create", () => {
    it("answers the live create shape with self and approval_url links", async () => {
      const created = await bank.createPayment({ expirationMinutes: 5, preAuth: true })
      expect(created.status).toBe(200)
      expect(created.body).toMatchObject({
        payId: expect.stringMatching(/^[a-z0-9]{18}$/),
        status: "Created",
        currency: "GEL",
        amount: 25.5,
        preAuth: true,
        expirationMinutes: 5,
        httpStatusCode: 200,
        developerMessage: expect.any(String),
        userMessage: expect.any(String),
      })
      expect(created.body.recId).toBeUndefined()
      const payId = created.body.payId
      expect(created.body.links).toEqual([
        { uri: `${bank.url}/v1/tpay/payments/${payId}`, method: "GET", rel: "self" },
        { uri: `${bank.url}/checkout/${payId}`, method: "REDIRECT", rel: "approval_url" },
      ])
    })

    it("accepts returnUrl and Name/Price/Quantity spellings and stores the normalised request", async () => {
      const created = await bank.tpay("", {
        amount: { currency: "GEL", total: 30, subtotal: 30 },
        returnUrl: "http://shop.test/back",
        methods: [5, 8],
        installmentProducts: [{ Name: "Chair × 3", Price: 30, Quantity: 1 }],
        language: "en",
      })
      expect(created.status).toBe(200)
      expect(created.body.links[1].uri).toBe(`${bank.url}/checkout/${created.body.payId}?lang=en`)
      const payment = bank.sandbox.state().payments[0]
      expect(payment.request).toMatchObject({
        returnurl: "http://shop.test/back",
        amount: { currency: "GEL", total: 30, subTotal: 30 },
        installmentProducts: [{ name: "Chair × 3", price: 30, quantity: 1 }],
        language: "EN",
      })
      expect(payment.methods).toEqual([5, 8])
    })

    it("issues a recId when saveCard is requested (a zero amount allowed)", async () => {
      const created = await bank.createPayment({ saveCard: true, amount: { currency: "GEL", total: 0 } })
      expect(created.status).toBe(200)
      expect(created.body.recId).toMatch(/^[0-9a-f]{32}$/)
    })

    it("reports every broken rule with field and rule, and creates nothing", async () => {
      const answer = await bank.tpay("", {
        amount: { currency: "USD", total: 10.005 },
        returnurl: "not a url",
        extra: "x".repeat(26),
        description: "d".repeat(31),
        methods: [5, 5, 6, 8],
        saveCard: true,
        saveCardToDate: "1327",
      })
      expectProblem(answer, 400)
      expect(issueKeys(answer)).toEqual(
        expect.arrayContaining([
          "amount.total:max_2_decimals",
          "returnurl:url",
          "extra:max_length",
          "description:max_length",
          "saveCardToDate:month_range",
          "methods.1:unique",
          "methods.2:not_activated",
          "methods.3:forbidden_with_save_card",
          "installmentProducts:required_with_method_8",
          "amount.currency:currency_gel_for_installment",
        ])
      )
      expect(answer.body.errors["amount.total"]).toEqual(["max_2_decimals: must have at most 2 decimals"])
      expect(answer.body.httpStatusCode).toBe(400)
      expect(bank.sandbox.state().payments).toHaveLength(0)
    })

    it("checks Σ products = total to the tetri and honours activated methods", async () => {
      const wrongSum = await bank.tpay("", {
        amount: { currency: "GEL", total: 0.3 },
        returnurl: "http://shop.test/r",
        methods: [8],
        installmentProducts: [{ name: "a", price: 0.1, quantity: 2 }],
      })
      expect(issueKeys(wrongSum)).toEqual(["installmentProducts:sum_equals_total"])
      const unitReadingOnly = await bank.tpay("", {
        amount: { currency: "GEL", total: 0.3 },
        returnurl: "http://shop.test/r",
        methods: [8],
        installmentProducts: [{ name: "a", price: 0.1, quantity: 3 }],
      })
      expect(issueKeys(unitReadingOnly)).toEqual(["installmentProducts:sum_equals_total"]) // strict: both readings
      const rightSum = await bank.tpay("", {
        amount: { currency: "GEL", total: 0.3 },
        returnurl: "http://shop.test/r",
        methods: [8, 9],
        installmentProducts: [{ name: "a × 3", price: 0.3, quantity: 1 }],
      })
      expect(rightSum.status).toBe(200) // 9 is activated in this sandbox
    })

    it("malformed JSON is a 400 problem", async () => {
      const answer = await bank.tpay("", "{not json")
      expectProblem(answer, 400)
      expect(answer.body.title).toBe("Malformed JSON")
    })

    it("returns the same payment for a retried create with the same merchantPaymentId, a new one otherwise", async () => {
      const first = await bank.createPayment({ merchantPaymentId: "order-1" })
      const retry = await bank.createPayment({ merchantPaymentId: "order-1" })
      expect(retry.body.payId).toBe(first.body.payId)
      const changed = await bank.createPayment({ merchantPaymentId: "order-1", amount: { currency: "GEL", total: 30 } })
      expect(changed.body.payId).not.toBe(first.body.payId)
      await bank.control(`/payments/${changed.body.payId}/pay`, { method: 5, outcome: "success" })
      const afterFinal = await bank.createPayment({
        merchantPaymentId: "order-1",
        amount: { currency: "GEL", total: 30 },
      })
      expect(afterFinal.body.payId).not.toBe(changed.body.payId)
      expect(bank.sandbox.state().payments).toHaveLength(3)
    })
  })

  describe("details and the customer's outcome", () => {
    it("GET answers every documented field; pay → Succeeded with method, transaction and rrn", async () => {
      const payId = (await bank.createPayment({ extra: "ORDER 1", extra2: "more" })).body.payId
      const before = await bank.tpay(`/${payId}`)
      expect(before.body).toMatchObject({
        payId,
        status: "Created",
        confirmedAmount: 0,
        returnedAmount: 0,
        paymentMethod: null,
        links: [],
        paymentCardNumber: null,
        resultCode: null,
      })
      await bank.control(`/payments/${payId}/pay`, { method: 5, outcome: "success" })
      const after = await bank.tpay(`/${payId}`)
      expect(after.body).toEqual({
        payId,
        status: "Succeeded",
        currency: "GEL",
        amount: 25.5,
        confirmedAmount: 25.5,
        returnedAmount: 0,
        links: [], // only the create answer carries the approval link, as the live API
        transactionId: expect.stringMatching(/^\d+$/),
        paymentMethod: 5,
        preAuth: false,
        recurringCard: null,
        rrn: expect.stringMatching(/^\d{12}$/),
        extra: "ORDER 1",
        extra2: "more",
        initiator: null,
        paymentCardNumber: "5***********1234",
        resultCode: "000",
        operationType: "Payment",
        isBnpl: false,
        httpStatusCode: 200,
        developerMessage: expect.any(String),
        userMessage: expect.any(String),
      })
    })

    it("decline → Failed; preAuth → WaitingConfirm; a method not offered is refused", async () => {
      const declined = (await bank.createPayment()).body.payId
      await bank.control(`/payments/${declined}/pay`, { method: 5, outcome: "decline" })
      expect((await bank.tpay(`/${declined}`)).body.status).toBe("Failed")
      const held = await bank.paidPayment({ preAuth: true })
      expect((await bank.tpay(`/${held}`)).body).toMatchObject({ status: "WaitingConfirm", confirmedAmount: 0 })
      const cardOnly = (await bank.createPayment({ methods: [5] })).body.payId
      expectProblem(await bank.control(`/payments/${cardOnly}/pay`, { method: 7, outcome: "success" }), 400)
      expectProblem(await bank.control(`/payments/${declined}/pay`, { method: 5, outcome: "success" }), 409)
      expectProblem(await bank.control(`/payments/${cardOnly}/pay`, { method: 5, outcome: "maybe" }), 400)
    })

    it("unknown payIds are 404 problems", async () => {
      expectProblem(await bank.tpay("/doesnotexist"), 404)
      expectProblem(await bank.tpay("/doesnotexist/completion", { amount: 1 }), 404)
      expectProblem(await bank.tpay("/doesnotexist/cancel", {}), 404)
    })

    it("expires a Created payment after expirationMinutes on the sandbox clock", async () => {
      const payId = (await bank.createPayment({ expirationMinutes: 2 })).body.payId
      await bank.control("/clock", { advanceMs: 60_000 })
      expect((await bank.tpay(`/${payId}`)).body.status).toBe("Created")
      await bank.control("/clock", { advanceMs: 60_000 })
      expect((await bank.tpay(`/${payId}`)).body.status).toBe("Expired")
      expectProblem(await bank.control(`/payments/${payId}/pay`, { method: 5, outcome: "success" }), 409)
      const defaultExpiry = (await bank.createPayment()).body
      expect(defaultExpiry.expirationMinutes).toBe(12)
    })
  })

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
