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
})
