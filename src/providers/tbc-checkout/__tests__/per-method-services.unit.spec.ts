/**
 * The per-method services (../services) against the local sandbox bank: each sends only its
 * method, Google Pay and Apple Pay never hold the money whatever `preAuth` says, and a method the
 * store has not enabled or a cart outside its limits is refused before the bank is asked.
 */
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import TbcCheckoutProviderService from "../service"
import {
  TBC_CHECKOUT_SERVICES,
  TbcApplePayService,
  TbcBnplService,
  TbcCardService,
  TbcGooglePayService,
  TbcInstallmentPlanService,
} from ".."
import { CHECKOUT_CHOICES, CHECKOUT_IDENTIFIERS } from "../../../lib/checkout-choices"
import { CALLS, caught, harnessPerSuite } from "./provider-harness"
import { startPayment } from "./provider-payment-steps"

jest.setTimeout(30_000)

const h = harnessPerSuite()

describe("the per-method services", () => {
  it("are registered beside tbc-checkout, one per choice, each with its own identifier", () => {
    const identifiers = TBC_CHECKOUT_SERVICES.map((service) => service.identifier)
    expect(identifiers).toEqual([...CHECKOUT_IDENTIFIERS])
    expect(identifiers).toHaveLength(1 + CHECKOUT_CHOICES.length)
    expect(TbcCheckoutProviderService.identifier).toBe("tbc-checkout")
  })

  it("Google Pay: only method 14, a purchase although preAuth is on; the order's payment is captured", async () => {
    const provider = h.provider({ preAuth: true, methods: [5, 14] }, {}, TbcGooglePayService)
    const { payId, data } = await startPayment(provider, 54.99)
    const atBank = h.payment(payId)
    expect(atBank).toMatchObject({ methods: [14], preAuth: false })
    expect(new URL(atBank.callbackUrl!).pathname).toBe("/hooks/payment/tbc-google-pay_tbc")
    expect(data).toMatchObject({ preAuth: false })
    await h.pay(payId, "success", 14)
    const paid = await provider.authorizePayment({ data })
    expect(paid.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(paid.data).toMatchObject({ status: "Succeeded", preAuth: false })
  })

  it("card: only method 5, held when preAuth is on", async () => {
    const provider = h.provider({ preAuth: true, methods: [5, 14] }, {}, TbcCardService)
    const { payId, data } = await startPayment(provider, 54.99)
    expect(h.payment(payId)).toMatchObject({ methods: [5], preAuth: true })
    await h.pay(payId, "success")
    expect((await provider.authorizePayment({ data })).status).toBe(PaymentSessionStatus.AUTHORIZED)
  })

  it("Apple Pay paid by an activated merchant, with no second list to edit; refused before the bank when 9 is not activated", async () => {
    // `methods` lists card only: enabling the Apple Pay provider (in a region) is the choice of 9
    const enabled = h.provider({ preAuth: true, methods: [5] }, {}, TbcApplePayService)
    const { payId, data } = await startPayment(enabled, 54.99)
    expect(h.payment(payId)).toMatchObject({ methods: [9], preAuth: false })
    await h.pay(payId, "success", 9)
    expect((await enabled.authorizePayment({ data })).status).toBe(PaymentSessionStatus.CAPTURED)

    const creates = h.calls(CALLS.create)
    const off = h.provider({ methods: [5], activatedMethods: [] }, {}, TbcApplePayService)
    const refused = await caught(startPayment(off, 54.99))
    expect(refused.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(refused.message).toBe(
      "Apple Pay (method 9) is not activated for this store: list 9 in the provider option activatedMethods once the bank activated it."
    )
    expect(h.calls(CALLS.create)).toBe(creates)
  })

  it("installments and BNPL outside their limits are refused naming the limit; within them they start", async () => {
    const creates = h.calls(CALLS.create)
    const installment = h.provider({ methods: [5, 8] }, {}, TbcInstallmentPlanService)
    const small = await caught(startPayment(installment, 99.99))
    expect(small.message).toMatch(/Installment \(method 8\) is offered from 100\.00 GEL; this cart is 99\.99 GEL/)
    const bnpl = h.provider({ methods: [4] }, {}, TbcBnplService)
    const large = await caught(startPayment(bnpl, 5000.01))
    expect(large.message).toMatch(/Part-by-Part \(BNPL\) \(method 4\) is offered up to 5000\.00 GEL/)
    expect(h.calls(CALLS.create)).toBe(creates)
    const products = [{ name: "Phone", price: 150, quantity: 1 }]
    const ok = await startPayment(installment, 150, { installmentProducts: products })
    expect(h.payment(ok.payId).methods).toEqual([8])
    const bnplOk = await startPayment(bnpl, 150)
    expect(h.payment(bnplOk.payId).methods).toEqual([4])
  })

  it("a saved card pays through card or the all-methods page only", async () => {
    const wallet = h.provider({ saveCards: true, methods: [5, 14] }, {}, TbcGooglePayService)
    const refused = await caught(startPayment(wallet, 54.99, { saved_card_id: "tbccard_1", tbc_saved_card_seal: "x" }))
    expect(refused.message).toMatch(/A saved card pays through the card or the all-methods TBC provider/)
  })
})
