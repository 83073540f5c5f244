import { findTbcProvider, listTbcProviders, providerKindOf } from "../tbc-providers"

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
    expect(listTbcProviders(configModule)).toEqual([
      {
        kind: "tbc-checkout",
        registrationId: "tbc",
        providerId: "pp_tbc-checkout_tbc",
        webhookSegment: "tbc-checkout_tbc",
        options: { apiKey: "k" },
      },
      {
        kind: "tbc-installments",
        registrationId: "main",
        providerId: "pp_tbc-installments_main",
        webhookSegment: "tbc-installments_main",
        options: {},
      },
    ])
    expect(findTbcProvider(configModule, "pp_tbc-installments_main")?.registrationId).toBe("main")
    expect(findTbcProvider(configModule, "pp_stripe_stripe")).toBeUndefined()
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
