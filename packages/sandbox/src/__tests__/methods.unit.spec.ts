/**
 * What the sandbox learnt of the bank's payment methods (docs/bank-behaviour.md): Google Pay (14)
 * and Apple Pay (9) never with a preauthorization, 14 never saves a card, installments (8) only
 * within 100–10,000 GEL, Part-by-Part (BNPL) as a choice of method 4's page within 100–5,000 GEL,
 * one method per request when asked, and the page in Georgian.
 */
import { TestBank, call } from "./helpers"

describe("sandbox payment methods", () => {
  const bank = TestBank.sharedPerSuite({ activatedMethods: [9] })
  const submit = (path: string, form: Record<string, string>) => call(`${bank.url}${path}`, { method: "POST", form })

  it("refuses preAuth with Google Pay or Apple Pay, and saveCard with Google Pay, naming the method", async () => {
    const googlePay = await bank.createPayment({ methods: [5, 14], preAuth: true })
    expect(googlePay.status).toBe(400)
    expect(googlePay.body.errors["methods.1"]).toEqual([
      "purchase_only: method 14 is a purchase only: not allowed together with preAuth",
    ])
    const applePay = await bank.createPayment({ methods: [9], preAuth: true })
    expect(applePay.body.errors["methods.0"]).toEqual([
      "purchase_only: method 9 is a purchase only: not allowed together with preAuth",
    ])
    const saving = await bank.createPayment({ methods: [14], saveCard: true })
    expect(saving.body.errors["methods.0"]).toEqual([
      "forbidden_with_save_card: method 14 is not allowed together with saveCard",
    ])
    // the same wallet as a purchase is fine, and offers only that method
    const purchase = await bank.createPayment({ methods: [14] })
    expect(purchase.status).toBe(200)
    expect((await call(purchase.body.links[1].uri)).text).toMatch(/id="method-14"[^]*Google Pay/)
    expect(bank.sandbox.state().payments.find((p) => p.payId === purchase.body.payId)?.methods).toEqual([14])
  })

  it("offers no wallet on a preauthorization that names no methods", async () => {
    const held = await bank.createPayment({ preAuth: true })
    expect(held.status).toBe(200)
    const methods = bank.sandbox.state().payments.find((p) => p.payId === held.body.payId)?.methods
    expect(methods).not.toContain(14)
    expect(methods).not.toContain(9)
    const bought = await bank.createPayment({})
    expect(bank.sandbox.state().payments.find((p) => p.payId === bought.body.payId)?.methods).toContain(14)
  })

  it("takes an installment only within 100–10,000 GEL", async () => {
    const products = (total: number) => [{ name: "Phone", price: total, quantity: 1 }]
    const small = await bank.createPayment({
      methods: [5, 8],
      amount: { currency: "GEL", total: 99.99 },
      installmentProducts: products(99.99),
    })
    const refused = await bank.control(`/payments/${small.body.payId}/pay`, { method: 8, outcome: "success" })
    expect(refused.status).toBe(400)
    expect(refused.text).toMatch(/an installment \(method 8\) is offered from 100\.00 GEL; this cart is 99\.99 GEL/)
    const fine = await bank.createPayment({
      methods: [8],
      amount: { currency: "GEL", total: 100 },
      installmentProducts: products(100),
    })
    expect((await bank.control(`/payments/${fine.body.payId}/pay`, { method: 8, outcome: "success" })).status).toBe(200)
  })

  it("offers Part-by-Part on method 4's page within 100–5,000 GEL; paying with it says isBnpl", async () => {
    const within = await bank.createPayment({ methods: [4], amount: { currency: "GEL", total: 150 } })
    const page = await call(within.body.links[1].uri)
    expect(page.text).toContain('id="method-4-bnpl"')
    const answer = await submit(`/checkout/${within.body.payId}`, { method: "4-bnpl", action: "pay" })
    expect(answer.status).toBe(303)
    expect((await bank.tpay(`/${within.body.payId}`)).body).toMatchObject({ paymentMethod: 4, isBnpl: true })

    const qr = await bank.createPayment({ methods: [4], amount: { currency: "GEL", total: 150 } })
    await submit(`/checkout/${qr.body.payId}`, { method: "4", action: "pay" })
    expect((await bank.tpay(`/${qr.body.payId}`)).body).toMatchObject({ paymentMethod: 4, isBnpl: false })

    for (const total of [99.99, 5000.01]) {
      const outside = await bank.createPayment({ methods: [4], amount: { currency: "GEL", total } })
      expect((await call(outside.body.links[1].uri)).text).not.toContain("method-4-bnpl")
    }
  })

  it("shows the page in Georgian for language KA, Part-by-Part in Georgian too", async () => {
    const created = await bank.createPayment({
      methods: [4, 5, 9],
      language: "KA",
      amount: { currency: "GEL", total: 150 },
    })
    const page = await call(created.body.links[1].uri)
    expect(page.text).toContain('<html lang="ka">')
    expect(page.text).toContain("გადაიხადეთ 150.00 GEL")
    expect(page.text).toContain("ნაწილ-ნაწილ")
    expect(page.text).toContain("Apple Pay")
  })
})
