import { TestBank, call, startReceiver, waitFor } from "./helpers"

describe("sandbox hosted pages", () => {
  const bank = TestBank.sharedPerSuite()

  const submit = (path: string, form: Record<string, string>) => call(`${bank.url}${path}`, { method: "POST", form })

  describe("checkout page at the approval URL", () => {
    it("shows amount, currency, description, the allowed methods and the buttons, self-contained", async () => {
      const created = await bank.createPayment({
        methods: [5, 7],
        description: "Order <42>",
        amount: { currency: "USD", total: 12.3 },
      })
      const page = await call(created.body.links[1].uri)
      expect(page.status).toBe(200)
      expect(page.headers.get("content-type")).toContain("text/html")
      expect(page.text).toContain("12.30 USD")
      expect(page.text).toContain("Order &#60;42&#62;")
      expect(page.text).toContain('id="method-5"')
      expect(page.text).toContain('id="method-7"')
      expect(page.text).not.toContain('id="method-4"')
      expect(page.text).toContain('id="pay"')
      expect(page.text).toContain('id="decline"')
      expect(page.text).not.toContain('id="save-card"')
      expect(page.text).not.toMatch(/(src|href)="https?:/)
      const saving = await bank.createPayment({ saveCard: true })
      expect((await call(saving.body.links[1].uri)).text).toContain('id="save-card"')
    })

    it("Pay applies the outcome and redirects (303) to returnurl; the callback follows", async () => {
      const receiver = await startReceiver()
      try {
        const created = await bank.createPayment({ methods: [5, 7], callbackUrl: receiver.url })
        const answer = await submit(`/checkout/${created.body.payId}`, { method: "7", action: "pay" })
        expect(answer.status).toBe(303)
        expect(answer.headers.get("location")).toBe("http://shop.test/return")
        expect((await bank.tpay(`/${created.body.payId}`)).body).toMatchObject({
          status: "Succeeded",
          paymentMethod: 7,
        })
        await waitFor(() => receiver.bodies.length === 1)
      } finally {
        await receiver.close()
      }
    })

    it("Decline → Failed; an unticked save-card box saves no card; a ticked one does", async () => {
      const declined = await bank.createPayment()
      await submit(`/checkout/${declined.body.payId}`, { method: "5", action: "decline" })
      expect((await bank.tpay(`/${declined.body.payId}`)).body.status).toBe("Failed")
      const unticked = await bank.createPayment({ saveCard: true })
      await submit(`/checkout/${unticked.body.payId}`, { method: "5", action: "pay" })
      expect(bank.sandbox.state().savedCards).toHaveLength(0)
      const ticked = await bank.createPayment({ saveCard: true })
      await submit(`/checkout/${ticked.body.payId}`, { method: "5", action: "pay", saveCard: "true" })
      expect(bank.sandbox.state().savedCards).toEqual([
        expect.objectContaining({ recId: ticked.body.recId, active: true }),
      ])
    })

    it("shows a clear message for expired, processed and unknown payments, and refuses to pay them", async () => {
      const created = await bank.createPayment({ expirationMinutes: 1 })
      await bank.control("/clock", { advanceMs: 61_000 })
      const expired = await call(`${bank.url}/checkout/${created.body.payId}`)
      expect(expired.text).toContain("Payment expired")
      expect(expired.text).not.toContain('id="pay"')
      const late = await submit(`/checkout/${created.body.payId}`, { method: "5", action: "pay" })
      expect(late.status).toBe(409)
      const paid = await bank.paidPayment()
      expect((await call(`${bank.url}/checkout/${paid}`)).text).toContain("already Succeeded")
      expect((await call(`${bank.url}/checkout/nope`)).status).toBe(404)
      const wrongMethod = await bank.createPayment({ methods: [5] })
      expect((await submit(`/checkout/${wrongMethod.body.payId}`, { method: "4", action: "pay" })).status).toBe(400)
    })
  })

  describe("installment page at the Location URL", () => {
    async function application(): Promise<{ sessionId: string; location: string }> {
      const answer = await bank.inst("/applications", {
        body: {
          merchantKey: "SandboxMerchant",
          priceTotal: 200,
          products: [{ name: "Lamp × 2", price: 200, quantity: 1 }],
        },
      })
      return { sessionId: answer.body.sessionId, location: answer.headers.get("location") as string }
    }

    it("shows amount, products and Approve/Decline; Approve → WaitingForMerchant (5) in the feed", async () => {
      const { sessionId, location } = await application()
      const page = await call(location)
      expect(page.text).toContain("200.00 GEL")
      expect(page.text).toContain("Lamp")
      expect(page.text).toContain('id="approve"')
      expect(page.text).toContain('id="decline"')
      const approved = await submit(`/installments/${sessionId}`, { action: "approve" })
      expect(approved.text).toContain("approved")
      expect(bank.sandbox.state().feed).toEqual([expect.objectContaining({ sessionId, statusId: 5 })])
      expect((await call(location)).text).toContain("WaitingForMerchant")
      expect((await submit(`/installments/${sessionId}`, { action: "approve" })).status).toBe(409)
    })

    it("Decline → Declined (6)", async () => {
      const { sessionId } = await application()
      await submit(`/installments/${sessionId}`, { action: "decline" })
      expect(bank.sandbox.state().applications[0].statusId).toBe(6)
    })
  })

  describe("language, shop name and test cards", () => {
    it("follows the payment's language (ka, ru, en) and shows the shop's name", async () => {
      const ka = await bank.createPayment({ language: "KA" })
      const kaPage = await call(ka.body.links[1].uri)
      expect(kaPage.text).toContain('<html lang="ka">')
      expect(kaPage.text).toContain("გადახდა")
      expect(kaPage.text).toContain('id="shop-name" data-testid="shop-name">Sandbox shop<')
      expect(kaPage.text).not.toContain("Merchant payment")
      const ru = await bank.createPayment({ language: "RU" })
      expect((await call(ru.body.links[1].uri)).text).toMatch(/<html lang="ru">[\s\S]*Оплатить/)
      const en = await bank.createPayment()
      expect((await call(`${bank.url}/checkout/${en.body.payId}?lang=ka`)).text).toContain('<html lang="ka">')
      expect((await call(`${bank.url}/checkout/${en.body.payId}`)).text).toContain('<html lang="en">')
    })

    it.each([
      ["4000 0000 0000 9995", "116", "4***********9995"],
      ["4000-0000-0000-0069", "101", "4***********0069"],
      ["4000000000000002", "100", "4***********0002"],
    ])(
      "a declining test card %s → Failed with resultCode %s and the masked number",
      async (cardNumber, resultCode, mask) => {
        const created = await bank.createPayment()
        const answer = await submit(`/checkout/${created.body.payId}`, { method: "5", action: "pay", cardNumber })
        expect(answer.status).toBe(303)
        expect((await bank.tpay(`/${created.body.payId}`)).body).toMatchObject({
          status: "Failed",
          resultCode,
          paymentCardNumber: mask,
        })
      }
    )

    it("a success card pays and saves its own mask; an unknown number is refused on the page", async () => {
      const created = await bank.createPayment({ saveCard: true })
      const unknown = await submit(`/checkout/${created.body.payId}`, {
        method: "5",
        action: "pay",
        cardNumber: "1234 5678",
      })
      expect(unknown.status).toBe(400)
      expect(unknown.text).toContain('id="card-error"')
      expect((await bank.tpay(`/${created.body.payId}`)).body.status).toBe("Created")
      await submit(`/checkout/${created.body.payId}`, {
        method: "5",
        action: "pay",
        cardNumber: "5555 5555 5555 4444",
        saveCard: "true",
      })
      expect((await bank.tpay(`/${created.body.payId}`)).body).toMatchObject({
        status: "Succeeded",
        resultCode: "000",
        paymentCardNumber: "5***********4444",
      })
      expect(bank.sandbox.state().savedCards[0]).toMatchObject({ cardMask: "5***********4444" })
    })

    it("the 3-D Secure card asks the shopper to confirm: confirm → Succeeded, cancel → Failed", async () => {
      for (const [action, status] of [
        ["confirm", "Succeeded"],
        ["cancel", "Failed"],
      ] as const) {
        const created = await bank.createPayment({ language: "RU" })
        const step = await submit(`/checkout/${created.body.payId}`, {
          method: "5",
          action: "pay",
          cardNumber: "4000 0000 0000 3220",
        })
        expect(step.status).toBe(200)
        expect(step.text).toContain('id="confirm-3ds"')
        expect(step.text).toContain("Подтвердить")
        expect((await bank.tpay(`/${created.body.payId}`)).body.status).toBe("Created")
        const answer = await submit(`/checkout/${created.body.payId}/3ds`, {
          method: "5",
          cardNumber: "4000000000003220",
          action,
        })
        expect(answer.status).toBe(303)
        expect((await bank.tpay(`/${created.body.payId}`)).body.status).toBe(status)
      }
    })
  })

  describe("a configured shop name (the demo passes the store's name)", () => {
    const named = TestBank.sharedPerSuite({ shopName: "Tbilisi <Kitchen>" })

    it("is on the checkout page, its 3-D Secure step and the installment page", async () => {
      const line = 'id="shop-name" data-testid="shop-name">Tbilisi &#60;Kitchen&#62;<'
      const created = await named.createPayment()
      expect((await call(created.body.links[1].uri)).text).toContain(line)
      const threeDs = await call(`${named.url}/checkout/${created.body.payId}`, {
        method: "POST",
        form: { method: "5", action: "pay", cardNumber: "4000 0000 0000 3220" },
      })
      expect(threeDs.text).toContain('id="three-ds"')
      expect(threeDs.text).toContain(line)
      const application = await named.inst("/applications", {
        body: {
          merchantKey: "SandboxMerchant",
          priceTotal: 200,
          products: [{ name: "Lamp", price: 200, quantity: 1 }],
        },
      })
      const installmentPage = await call(application.headers.get("location") as string)
      expect(installmentPage.text).toContain(line)
      expect(installmentPage.text).not.toContain("Sandbox shop")
    })
  })
})
