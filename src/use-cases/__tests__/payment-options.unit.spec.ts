import { paymentOptionsOf } from "../payment-options"
import { listTbcProviders } from "../tbc-providers"

const checkoutOptions = {
  apiKey: "k",
  clientId: "c",
  clientSecret: "s",
  environment: "test",
  storeUrl: "https://api.shop.ge",
  returnUrl: "https://shop.ge/return",
  methods: [5, 8, 14],
  activatedMethods: [8, 14],
  saveCards: true,
  preAuth: true,
}
const installmentOptions = { apiKey: "k", apiSecret: "s", merchantKey: "m", environment: "test" }
const config = (options: Record<string, unknown> = {}) =>
  listTbcProviders({
    modules: {
      payment: {
        options: {
          providers: [
            { resolve: "./src/providers/tbc-checkout", id: "tbc", options: { ...checkoutOptions, ...options } },
            { resolve: "./src/providers/tbc-installments", id: "tbc", options: installmentOptions },
          ],
        },
      },
    },
  })
const byId = (list: ReturnType<typeof paymentOptionsOf>) => Object.fromEntries(list.map((o) => [o.provider_id, o]))

describe("GET /store/tbc/payment-options (paymentOptionsOf)", () => {
  it("without a cart: the per-method providers of card and the activated methods available, the others named not activated", () => {
    const options = byId(paymentOptionsOf(config()))
    expect(options["pp_tbc-checkout_tbc"]).toMatchObject({
      identifier: "tbc-checkout",
      method: null,
      // the page holds the money, so Google Pay is left out of it
      methods: [5, 8],
      save_cards: true,
      available: true,
    })
    expect(options["pp_tbc-google-pay_tbc"]).toMatchObject({
      kind: "checkout",
      method: 14,
      methods: [14],
      save_cards: false,
      available: true,
    })
    expect(options["pp_tbc-card_tbc"]).toMatchObject({ method: 5, save_cards: true, available: true })
    expect(options["pp_tbc-apple-pay_tbc"]).toMatchObject({
      available: false,
      unavailable_reason: "method_not_enabled",
      unavailable_message: expect.stringMatching(/list 9 in the provider option activatedMethods/),
    })
    // `methods` only narrows the all-methods page: an activated method's own provider offers it
    const narrowed = byId(paymentOptionsOf(config({ methods: [5], activatedMethods: [8, 9, 14] })))
    expect(narrowed["pp_tbc-checkout_tbc"]).toMatchObject({ methods: [5], available: true })
    for (const [id, method] of [
      ["pp_tbc-apple-pay_tbc", 9],
      ["pp_tbc-google-pay_tbc", 14],
      ["pp_tbc-installment-plan_tbc", 8],
    ] as const) {
      expect(narrowed[id]).toMatchObject({ method, methods: [method], available: true, unavailable_reason: null })
    }
    expect(narrowed["pp_tbc-internet-bank_tbc"]).toMatchObject({ available: false })
    expect(options["pp_tbc-installments_tbc"]).toMatchObject({ kind: "installments", available: true })
  })

  it("with a cart: a method outside its min/max is unavailable on its own and left out of the page", () => {
    const small = byId(paymentOptionsOf(config(), { amountMinor: 5_499, currency: "GEL" }))
    expect(small["pp_tbc-installment-plan_tbc"]).toMatchObject({
      available: false,
      unavailable_reason: "below_minimum",
      unavailable_message: expect.stringMatching(/from 100\.00 GEL; this cart is 54\.99 GEL/),
    })
    expect(small["pp_tbc-checkout_tbc"]).toMatchObject({ methods: [5], available: true })
    // the installments provider has the same 100 GEL floor (TBC's Online Installments terms)
    expect(small["pp_tbc-installments_tbc"]).toMatchObject({
      available: false,
      unavailable_reason: "below_minimum",
      unavailable_message: expect.stringMatching(
        /from 100\.00 GEL; this cart is 54\.99 GEL \(option amountLimit\.min\)/
      ),
    })
    const within = byId(paymentOptionsOf(config(), { amountMinor: 123_456, currency: "GEL" }))
    expect(within["pp_tbc-installments_tbc"]).toMatchObject({ available: true, unavailable_reason: null })
    const dollars = byId(paymentOptionsOf(config(), { amountMinor: 123_456, currency: "USD" }))
    expect(dollars["pp_tbc-installments_tbc"]).toMatchObject({
      available: false,
      unavailable_reason: "currency_not_supported",
    })
    expect(within["pp_tbc-installment-plan_tbc"]).toMatchObject({ available: true, unavailable_reason: null })
    expect(within["pp_tbc-checkout_tbc"].methods).toEqual([5, 8])
    const limited = byId(
      paymentOptionsOf(config({ methods: [8], methodLimits: { "8": { max: 200 } } }), {
        amountMinor: 123_456,
        currency: "GEL",
      })
    )
    expect(limited["pp_tbc-checkout_tbc"]).toMatchObject({
      methods: [],
      available: false,
      unavailable_reason: "no_method_for_amount",
    })
  })

  it("says which choices only hold the money (preauthorization in force; never a purchase-only wallet or installments); no store title yet", () => {
    const held = byId(paymentOptionsOf(config()))
    expect(held["pp_tbc-checkout_tbc"]).toMatchObject({ holds_money: true, title: null })
    expect(held["pp_tbc-card_tbc"]).toMatchObject({ holds_money: true, title: null })
    expect(held["pp_tbc-installment-plan_tbc"]).toMatchObject({ holds_money: true })
    // Google Pay and Apple Pay are purchases whatever the store's preAuth
    expect(held["pp_tbc-google-pay_tbc"]).toMatchObject({ holds_money: false })
    expect(held["pp_tbc-apple-pay_tbc"]).toMatchObject({ holds_money: false })
    expect(held["pp_tbc-installments_tbc"]).toMatchObject({ holds_money: false, title: null })
    // a page of wallets alone is a purchase; so is every choice once preAuth is off (the admin's switch)
    expect(byId(paymentOptionsOf(config({ methods: [14] })))["pp_tbc-checkout_tbc"]).toMatchObject({
      methods: [14],
      holds_money: false,
    })
    const purchase = paymentOptionsOf(config({ preAuth: false }))
    expect(purchase.filter((option) => option.holds_money)).toEqual([])
    // no method left for the cart: nothing to hold
    const none = paymentOptionsOf(config({ methods: [8], methodLimits: { "8": { max: 200 } } }), {
      amountMinor: 123_456,
      currency: "GEL",
    })
    expect(byId(none)["pp_tbc-checkout_tbc"]).toMatchObject({ available: false, holds_money: false })
  })

  it("with a cart: a provider its region does not enable is unavailable (not_in_region), whatever else holds", () => {
    const cart = {
      amountMinor: 123_456,
      currency: "GEL",
      regionProviderIds: ["pp_tbc-checkout_tbc", "pp_system_default"],
    }
    const options = byId(paymentOptionsOf(config(), cart))
    expect(options["pp_tbc-checkout_tbc"]).toMatchObject({ available: true, unavailable_reason: null })
    expect(options["pp_tbc-card_tbc"]).toMatchObject({
      available: false,
      unavailable_reason: "not_in_region",
      unavailable_message: expect.stringMatching(/pp_tbc-card_tbc is not enabled in the cart's region/),
    })
    expect(options["pp_tbc-installments_tbc"]).toMatchObject({ available: false, unavailable_reason: "not_in_region" })
    // a reason of its own comes first (the bank has not activated Apple Pay for this store)
    expect(options["pp_tbc-apple-pay_tbc"]).toMatchObject({ unavailable_reason: "method_not_enabled" })
    // a region that enables every TBC provider changes nothing
    const all = paymentOptionsOf(config()).map((o) => o.provider_id)
    expect(paymentOptionsOf(config(), { ...cart, regionProviderIds: all })).toEqual(
      paymentOptionsOf(config(), { amountMinor: 123_456, currency: "GEL" })
    )
  })

  it("answers the store's own title of a choice (methodTitles), null where it set none", () => {
    const titled = byId(
      paymentOptionsOf(config({ methodTitles: { "tbc-card": "Visa / Mastercard", "tbc-checkout": " Pay at TBC " } }))
    )
    expect(titled["pp_tbc-card_tbc"].title).toBe("Visa / Mastercard")
    expect(titled["pp_tbc-checkout_tbc"].title).toBe("Pay at TBC")
    expect(titled["pp_tbc-bnpl_tbc"].title).toBeNull()
    expect(() => paymentOptionsOf(config({ methodTitles: { "tbc-nope": "X" } }))).toThrow(
      /methodTitles\.tbc-nope: must be one of tbc-checkout, tbc-card/
    )
    expect(() => paymentOptionsOf(config({ methodTitles: { "tbc-card": "X".repeat(61) } }))).toThrow(
      /methodTitles\.tbc-card: must be at most 60 characters/
    )
  })
})
