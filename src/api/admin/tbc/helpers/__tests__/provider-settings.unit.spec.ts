import fc from "fast-check"
import type { TbcProviderRegistration } from "../../../../../use-cases/tbc-providers"
import { callbackUrlOf, displayEnvironment, providerSettingsView } from "../provider-settings"

const checkout = (options: Record<string, unknown>): TbcProviderRegistration => ({
  kind: "tbc-checkout",
  identifier: "tbc-checkout",
  registrationId: "tbc",
  providerId: "pp_tbc-checkout_tbc",
  webhookSegment: "tbc-checkout_tbc",
  options,
})
const installments = (options: Record<string, unknown>): TbcProviderRegistration => ({
  kind: "tbc-installments",
  identifier: "tbc-installments",
  registrationId: "tbc",
  providerId: "pp_tbc-installments_tbc",
  webhookSegment: "tbc-installments_tbc",
  options,
})

/** Every substring of `secret` of length `n` (a leak of a 4+ character fragment counts). */
const fragments = (secret: string, n = 4): string[] =>
  Array.from({ length: Math.max(0, secret.length - n + 1) }, (_, i) => secret.slice(i, i + n))

describe("providerSettingsView", () => {
  it("shows the checkout settings and the callback URL, credentials only as set/missing", () => {
    const view = providerSettingsView(
      checkout({
        apiKey: "k-123456",
        clientId: "c-123456",
        clientSecret: "s-123456",
        environment: "http://127.0.0.1:4010/",
        storeUrl: "https://shop.example.ge/",
        returnUrl: "https://shop.example.ge/checkout/return",
        saveCards: true,
        methods: [5, 7],
        activatedMethods: [7],
        preauthExpiryAction: "complete",
      })
    )
    expect(view).toEqual({
      kind: "tbc-checkout",
      provider_id: "pp_tbc-checkout_tbc",
      registration_id: "tbc",
      environment: "http://127.0.0.1:4010",
      methods: [5, 7],
      // the provider's default
      pre_auth: true,
      save_cards: true,
      campaign_id: null,
      callback_url: "https://shop.example.ge/hooks/payment/tbc-checkout_tbc",
      preauth_expiry_action: "complete",
      credentials: { apiKey: "set", clientId: "set", clientSecret: "set" },
      options_error: null,
      // its per-method providers, each on when `methods` has its method
      method_providers: [
        { provider_id: "pp_tbc-card_tbc", method: 5, label: "Card", enabled: true },
        { provider_id: "pp_tbc-apple-pay_tbc", method: 9, label: "Apple Pay", enabled: false },
        { provider_id: "pp_tbc-google-pay_tbc", method: 14, label: "Google Pay", enabled: false },
        { provider_id: "pp_tbc-qr_tbc", method: 4, label: "Web QR", enabled: false },
        { provider_id: "pp_tbc-bnpl_tbc", method: 4, label: "Part-by-Part (BNPL)", enabled: false },
        { provider_id: "pp_tbc-internet-bank_tbc", method: 7, label: "Internet bank", enabled: true },
        { provider_id: "pp_tbc-installment-plan_tbc", method: 8, label: "Installment", enabled: false },
      ],
    })
  })

  it("applies the provider's defaults and reports invalid options by name, not value", () => {
    const defaults = providerSettingsView(
      checkout({
        apiKey: "a",
        clientId: "b",
        clientSecret: "c",
        environment: "test",
        storeUrl: "https://s.ge",
        returnUrl: "https://shop.example.ge/checkout/return",
      })
    )
    expect(defaults).toMatchObject({ methods: [5], pre_auth: true, save_cards: false, preauth_expiry_action: "none" })
    const broken = providerSettingsView(
      checkout({
        apiKey: "k-123456",
        clientId: "c-123456",
        clientSecret: "",
        environment: "test",
        storeUrl: "https://s.ge",
        returnUrl: "https://shop.example.ge/checkout/return",
        preauthExpiryAction: "explode",
      })
    )
    expect(broken.credentials.clientSecret).toBe("missing")
    expect(broken.options_error).toMatch(/clientSecret/)
    expect(broken.options_error).toMatch(/preauthExpiryAction/)
    expect(broken.options_error).not.toMatch(/k-123456|c-123456|explode/)
  })

  it("shows the installment campaign and has no callback URL (the feed is polled)", () => {
    const view = providerSettingsView(
      installments({
        apiKey: "a",
        apiSecret: "b",
        merchantKey: "m",
        campaignId: "C-77",
        environment: "test",
        storeUrl: "https://s",
      })
    )
    expect(view.campaign_id).toBe("C-77")
    expect(view.callback_url).toBeNull()
    expect(view.environment).toBe("test")
    expect(view.credentials).toEqual({ apiKey: "set", apiSecret: "set", merchantKey: "set" })
  })

  it("never lets a fragment of a credential into the view", () => {
    const secret = fc.string({ minLength: 8, maxLength: 40 }).filter((s) => s.trim().length >= 8)
    fc.assert(
      fc.property(secret, secret, secret, secret, secret, (apiKey, clientId, clientSecret, apiSecret, merchantKey) => {
        const json = JSON.stringify([
          providerSettingsView(
            checkout({
              apiKey,
              clientId,
              clientSecret,
              environment: "production",
              storeUrl: "https://shop.ge",
              returnUrl: "https://shop.example.ge/checkout/return",
            })
          ),
          providerSettingsView(installments({ apiKey, apiSecret, merchantKey, environment: "test" })),
        ])
        // Fragments of 6 characters: shorter ones can occur by chance in the fixed words of the view.
        for (const value of [apiKey, clientId, clientSecret, apiSecret, merchantKey]) {
          for (const fragment of fragments(value, 6)) {
            if (!/^[a-z_\-.:/"{},[\] ]*$/i.test(fragment)) {
              expect(json).not.toContain(fragment)
            }
          }
        }
      }),
      { numRuns: 200 }
    )
  })
})

describe("displayEnvironment / callbackUrlOf", () => {
  it("drops user:password from a URL environment", () => {
    expect(displayEnvironment("https://user:pa55word@bank.example/api")).toBe("https://bank.example/api")
    expect(displayEnvironment("nonsense value")).toBe("invalid")
    expect(displayEnvironment(undefined)).toBeNull()
  })

  it("has no callback URL without a storeUrl", () => {
    expect(callbackUrlOf(checkout({}))).toBeNull()
  })
})
