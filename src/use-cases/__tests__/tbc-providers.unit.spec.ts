import { findTbcProvider, listTbcProviders, listTbcRegistrations, providerKindOf } from "../tbc-providers"

const configModule = {
  modules: {
    payment: {
      options: {
        providers: [
          { resolve: "./src/providers/tbc-checkout", id: "tbc", options: { apiKey: "k" } },
          { resolve: "medusa-payment-tbc/providers/tbc-installments", id: "main", options: {} },
          { resolve: "@medusajs/medusa/payment-stripe", id: "stripe", options: {} },
          { resolve: "./src/providers/tbc-checkout", options: {} },
        ],
      },
    },
  },
}

describe("listTbcProviders", () => {
  it("finds TBC registrations by their resolve path and builds Medusa's ids", () => {
    const [checkout, ...rest] = listTbcProviders(configModule)
    expect(checkout).toEqual({
      kind: "tbc-checkout",
      identifier: "tbc-checkout",
      registrationId: "tbc",
      providerId: "pp_tbc-checkout_tbc",
      webhookSegment: "tbc-checkout_tbc",
      // registrationId follows from the id: the app side parses the same options the provider does
      options: { apiKey: "k", registrationId: "tbc" },
    })
    // the checkout registration's per-method providers, with its options, then installments
    expect(rest.map((r) => [r.providerId, r.webhookSegment, r.choice?.method ?? null])).toEqual([
      ["pp_tbc-card_tbc", "tbc-card_tbc", 5],
      ["pp_tbc-apple-pay_tbc", "tbc-apple-pay_tbc", 9],
      ["pp_tbc-google-pay_tbc", "tbc-google-pay_tbc", 14],
      ["pp_tbc-qr_tbc", "tbc-qr_tbc", 4],
      ["pp_tbc-bnpl_tbc", "tbc-bnpl_tbc", 4],
      ["pp_tbc-internet-bank_tbc", "tbc-internet-bank_tbc", 7],
      ["pp_tbc-installment-plan_tbc", "tbc-installment-plan_tbc", 8],
      ["pp_tbc-installments_main", "tbc-installments_main", null],
    ])
    expect(rest.slice(0, -1).every((r) => r.kind === "tbc-checkout" && r.options === checkout.options)).toBe(true)
    expect(rest[rest.length - 1]).toMatchObject({ kind: "tbc-installments", identifier: "tbc-installments" })
    expect(findTbcProvider(configModule, "pp_tbc-installments_main")?.registrationId).toBe("main")
    expect(findTbcProvider(configModule, "pp_tbc-installments_main")?.options).toEqual({ registrationId: "main" })
    expect(findTbcProvider(configModule, "pp_tbc-apple-pay_tbc")?.choice?.method).toBe(9)
    expect(findTbcProvider(configModule, "pp_stripe_stripe")).toBeUndefined()
    expect(listTbcRegistrations(configModule).map((r) => r.providerId)).toEqual([
      "pp_tbc-checkout_tbc",
      "pp_tbc-installments_main",
    ])
  })

  it("tolerates configs without a payment module", () => {
    expect(listTbcProviders({})).toEqual([])
    expect(listTbcProviders(undefined)).toEqual([])
  })

  it("reads the provider kind from built and source paths alike", () => {
    expect(
      providerKindOf("/x/node_modules/medusa-payment-tbc/.medusa/server/src/providers/tbc-checkout/index.js")
    ).toBe("tbc-checkout")
    expect(providerKindOf("./src/providers/tbc-installments/")).toBe("tbc-installments")
    expect(providerKindOf("./src/providers/tbc-checkout-extra")).toBeUndefined()
    expect(providerKindOf(42)).toBeUndefined()
  })
})
