import fc from "fast-check"
import {
  createTbcStoreClient,
  isTbcCheckout,
  offeredTbcOptions,
  TBC_CHECKOUT_IDENTIFIERS,
  tbcSessionData,
  type TbcPaymentOption,
} from ".."
import { CHECKOUT_IDENTIFIERS } from "../../../../src/lib/checkout-choices"
import type { FetchLike } from "../store-client"

const option = (provider_id: string, available: boolean): TbcPaymentOption => ({
  provider_id,
  kind: "checkout",
  methods: [5],
  save_cards: false,
  available,
  unavailable_reason: available ? null : "below_minimum",
})

describe("each payment method as its own choice in the kit", () => {
  it("knows every checkout provider of the plugin, per-method ones included", () => {
    expect([...TBC_CHECKOUT_IDENTIFIERS]).toEqual([...CHECKOUT_IDENTIFIERS])
    expect(isTbcCheckout("pp_tbc-apple-pay_tbc")).toBe(true)
    expect(isTbcCheckout("pp_tbc-installment-plan_shop")).toBe(true)
    expect(isTbcCheckout("pp_tbc-installments_tbc")).toBe(false)
    expect(isTbcCheckout("pp_stripe-apple-pay_stripe")).toBe(false)
  })

  it("passes the shopper's locale to a checkout session only", () => {
    expect(tbcSessionData({ providerId: "pp_tbc-google-pay_tbc", locale: "ka-GE" })).toEqual({ locale: "ka-GE" })
    expect(tbcSessionData({ providerId: "pp_tbc-installments_tbc", locale: "ka" })).toEqual({})
    expect(tbcSessionData({ providerId: "pp_tbc-card_tbc", locale: null })).toEqual({})
  })

  it("hides what the store reports unavailable, keeps the rest in order", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean()), (flags) => {
        const list = flags.map((available, index) => option(`pp_tbc-card_${index}`, available))
        expect(offeredTbcOptions(list)).toEqual(list.filter((o) => o.available))
      })
    )
    // an answer from an older store (no `available`) is offered
    expect(offeredTbcOptions([{ ...option("pp_tbc-checkout_tbc", true), available: undefined }])).toHaveLength(1)
  })

  it("asks the store about the cart and leaves out the unavailable ones unless asked for all", async () => {
    const urls: string[] = []
    const answer = [option("pp_tbc-checkout_tbc", true), option("pp_tbc-installment-plan_tbc", false)]
    const fetch: FetchLike = async (url) => {
      urls.push(url)
      return { ok: true, status: 200, text: async () => JSON.stringify({ payment_options: answer }) }
    }
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk_1", fetch })
    expect((await client.getPaymentOptions("cart_01AB")).map((o) => o.provider_id)).toEqual(["pp_tbc-checkout_tbc"])
    expect(await client.getPaymentOptions("cart_01AB", { includeUnavailable: true })).toHaveLength(2)
    expect(await client.getPaymentOptions()).toHaveLength(1)
    expect(urls).toEqual([
      "http://api.test/store/tbc/payment-options?cart_id=cart_01AB",
      "http://api.test/store/tbc/payment-options?cart_id=cart_01AB",
      "http://api.test/store/tbc/payment-options",
    ])
  })
})
