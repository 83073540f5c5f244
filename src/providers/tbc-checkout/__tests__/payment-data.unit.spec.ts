/** The pure rules behind the create-payment request: products for method 8, return URL origins, amounts. */
import fc from "fast-check"
import { MedusaError } from "@medusajs/framework/utils"
import { choiceOf } from "../../../lib/checkout-choices"
import { minorToMajor } from "../../../lib/money"
import { parseCheckoutOptions } from "../options"
import { buildCreateRequest, installmentProductsFor, returnUrlFor } from "../payment-data"
import { verifySessionSignature } from "../callbacks/callback-auth"

const options = (extra: Record<string, unknown> = {}) =>
  parseCheckoutOptions({
    apiKey: "k",
    clientId: "c",
    clientSecret: "secret",
    environment: "test",
    storeUrl: "https://api.shop.ge",
    returnUrl: "https://shop.ge/return",
    activatedMethods: [4, 7, 8, 9, 14],
    ...extra,
  })

const line = fc.record({
  name: fc.string({ minLength: 1, maxLength: 20 }).filter((name) => name.trim() !== ""),
  priceMinor: fc.integer({ min: 0, max: 10_000_00 }),
  quantity: fc.integer({ min: 1, max: 20 }),
})

describe("installmentProductsFor", () => {
  it("accepts products exactly when Σ price and Σ price × quantity both equal the amount in tetri", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.integer({ min: -3, max: 3 }), (lines, delta) => {
        const products = lines.map((l) => ({ name: l.name, price: minorToMajor(l.priceMinor), quantity: l.quantity }))
        const unitSum = lines.reduce((total, l) => total + l.priceMinor * l.quantity, 0)
        const lineSum = lines.reduce((total, l) => total + l.priceMinor, 0)
        const result = installmentProductsFor({ installmentProducts: products }, unitSum + delta)
        expect(result !== undefined).toBe(delta === 0 && lineSum === unitSum)
      })
    )
  })

  it("refuses unit prices with quantities (only Σ price × quantity fits), accepts line totals with quantity 1", () => {
    expect(
      installmentProductsFor({ installmentProducts: [{ name: "Set", price: 600, quantity: 2 }] }, 120_000)
    ).toBeUndefined()
    const lineTotals = [{ name: "Set \u00d7 2", price: 1200, quantity: 1 }]
    expect(installmentProductsFor({ installmentProducts: lineTotals }, 120_000)).toEqual(lineTotals)
  })

  it("refuses anything that is not a clean product list", () => {
    const ok = { name: "a", price: 1, quantity: 1 }
    for (const products of [
      undefined,
      [],
      "x",
      [{ ...ok, price: "1" }],
      [{ ...ok, quantity: 0 }],
      [{ ...ok, quantity: 1.5 }],
      [{ ...ok, price: -1 }],
      [{ ...ok, price: 0.001 }],
    ]) {
      expect(installmentProductsFor({ installmentProducts: products }, 100)).toBeUndefined()
    }
  })
})

describe("returnUrlFor", () => {
  it("allows only the configured origins (property over random URLs)", () => {
    const opts = options({ allowedReturnOrigins: ["https://m.shop.ge/anything"] })
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        const origin = new URL(url).origin
        const allowed = origin === "https://shop.ge" || origin === "https://m.shop.ge"
        if (allowed) {
          expect(returnUrlFor(opts, url)).toBe(url)
        } else {
          expect(() => returnUrlFor(opts, url)).toThrow(MedusaError)
        }
      }),
      { numRuns: 200 }
    )
    expect(returnUrlFor(opts, undefined)).toBe("https://shop.ge/return")
    expect(() => returnUrlFor(opts, "https://shop.ge.evil.example/x")).toThrow(/return_url/)
    expect(() => returnUrlFor(opts, "//evil.example/x")).toThrow(/return_url/)
  })

  it("requires returnUrl: the Medusa server's root is no page for shoppers", () => {
    const base = { apiKey: "k", clientId: "c", clientSecret: "s", environment: "test", storeUrl: "https://api.shop.ge" }
    expect(() => parseCheckoutOptions(base)).toThrow(/returnUrl: is required/)
    const opts = parseCheckoutOptions({ ...base, returnUrl: "https://shop.ge/checkout/return" })
    expect(returnUrlFor(opts, undefined)).toBe("https://shop.ge/checkout/return")
  })
})

describe("buildCreateRequest", () => {
  it("sends the exact amount in GEL with a signed callback URL for any session and amount", () => {
    const opts = options()
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_99 }),
        fc.stringMatching(/^payses_[A-Z0-9]{1,26}$/),
        (minor, sessionId) => {
          const { request, amountMinor } = buildCreateRequest({
            options: opts,
            sessionId,
            amount: { value: minorToMajor(minor).toFixed(2), precision: 20 },
            currencyCode: "gel",
          })
          expect(amountMinor).toBe(minor)
          expect(request.amount).toEqual({ currency: "GEL", total: minorToMajor(minor) })
          expect(request.merchantPaymentId).toBe(sessionId)
          const callback = new URL(request.callbackUrl!)
          expect(callback.origin + callback.pathname).toBe("https://api.shop.ge/hooks/payment/tbc-checkout_tbc")
          expect(
            verifySessionSignature("secret", "tbc", callback.searchParams.get("s"), callback.searchParams.get("sig"))
          ).toBe(true)
          expect(verifySessionSignature("other-secret", "tbc", sessionId, callback.searchParams.get("sig"))).toBe(false)
          expect(verifySessionSignature("secret", "tbc2", sessionId, callback.searchParams.get("sig"))).toBe(false)
        }
      )
    )
  })

  it("takes a payment link's money at once with preAuth on (the server's key purchaseOnly)", () => {
    const build = (data?: Record<string, unknown>) =>
      buildCreateRequest({
        options: options({ preAuth: true }),
        sessionId: "payses_1",
        amount: { value: "10.00", precision: 20 },
        currencyCode: "gel",
        data,
      }).request.preAuth
    expect([build(), build({ tbc_purchase_only: true }), build({ tbc_purchase_only: "yes" })]).toEqual([
      true,
      false,
      true,
    ])
  })

  it("passes preAuth, methods, language, expiration and description from the options", () => {
    const { request } = buildCreateRequest({
      options: options({
        preAuth: false,
        methods: [5, 7],
        language: "ru",
        expirationMinutes: 30,
        description: "Khinkali",
      }),
      sessionId: "payses_1",
      amount: 10,
      currencyCode: "GEL",
    })
    expect(request).toMatchObject({
      preAuth: false,
      methods: [5, 7],
      language: "RU",
      expirationMinutes: 30,
      description: "Khinkali",
    })
  })

  it("sends statementText then the cart's reference as the bank's extra; the reference alone when it is unset or empty", () => {
    const data = { tbc_cart_id: "cart_01JDQ8Z3N9X7K2M4P6R8T0V1W3" }
    const build = (extra: Record<string, unknown>) =>
      buildCreateRequest({ options: options(extra), sessionId: "payses_1", amount: 10, currencyCode: "GEL", data })
        .request
    expect(build({ statementText: "SHOP.GE ORDER" }).extra).toBe("SHOP.GE ORDER 4P6R8T0V1W3")
    expect(build({}).extra).toBe("M4P6R8T0V1W3")
    expect(build({ statementText: "" }).extra).toBe("M4P6R8T0V1W3")
  })

  it("refuses a statementText the bank would refuse: over 25 characters or not printable ASCII", () => {
    expect(() => options({ statementText: "x".repeat(26) })).toThrow(/statementText: must be at most 25 characters/)
    expect(() => options({ statementText: "შეკვეთა" })).toThrow(/statementText: may contain only printable ASCII/)
    expect(options({ statementText: "x".repeat(25) }).statementText).toHaveLength(25)
  })
})

describe("buildCreateRequest for a per-method provider and the bank's rules", () => {
  const choice = (identifier: string) => choiceOf(identifier)!
  const request = (extra: Record<string, unknown>, input: Partial<Parameters<typeof buildCreateRequest>[0]> = {}) =>
    buildCreateRequest({ options: options(extra), sessionId: "payses_1", amount: 54.99, currencyCode: "GEL", ...input })

  it("sends only its method, never holds a wallet, and is called back on its own path", () => {
    const { request: googlePay } = request(
      { preAuth: true, methods: [5, 14] },
      { choice: choice("tbc-google-pay"), identifier: "tbc-google-pay" }
    )
    expect(googlePay).toMatchObject({ methods: [14], preAuth: false })
    expect(new URL(googlePay.callbackUrl!).pathname).toBe("/hooks/payment/tbc-google-pay_tbc")
    const { request: card } = request(
      { preAuth: true, methods: [5, 14] },
      { choice: choice("tbc-card"), identifier: "tbc-card" }
    )
    expect(card).toMatchObject({ methods: [5], preAuth: true })
    const { request: plain } = request(
      { preAuth: true, methods: [5, 14], signCallbackUrl: false },
      { identifier: "tbc-card", choice: choice("tbc-card") }
    )
    expect(plain.callbackUrl).toBe("https://api.shop.ge/hooks/payment/tbc-card_tbc")
  })

  it("the all-methods page leaves wallets out while it holds, and methods outside their limits", () => {
    const held = request({ preAuth: true, methods: [5, 9, 14] })
    expect(held.request).toMatchObject({ methods: [5], preAuth: true })
    expect(held.droppedPurchaseOnly).toEqual([9, 14])
    expect(request({ preAuth: false, methods: [5, 9, 14] }).request.methods).toEqual([5, 9, 14])
    const small = request(
      { methods: [5, 8] },
      { data: { installmentProducts: [{ name: "x", price: 54.99, quantity: 1 }] } }
    )
    expect(small.request.methods).toEqual([5])
    expect(small.outOfRange).toEqual([8])
  })

  it("refuses a method the bank has not activated, or outside its range, naming the method and the option", () => {
    const notActivated = () => request({ methods: [5], activatedMethods: [] }, { choice: choice("tbc-apple-pay") })
    expect(notActivated).toThrow(MedusaError)
    expect(notActivated).toThrow(
      /Apple Pay \(method 9\) is not activated for this store: list 9 in the provider option activatedMethods/
    )
    // `methods` narrows the all-methods page only: an activated method's own provider takes it
    expect(request({ methods: [5] }, { choice: choice("tbc-apple-pay") }).request.methods).toEqual([9])
    const tooSmall = () => request({ methods: [5, 8] }, { choice: choice("tbc-installment-plan") })
    expect(tooSmall).toThrow(
      /Installment \(method 8\) is offered from 100\.00 GEL; this cart is 54\.99 GEL \(option methodLimits\["8"\]\.min\)/
    )
    const bnpl = () => request({ methods: [4], methodLimits: { bnpl: { max: 50 } } }, { choice: choice("tbc-bnpl") })
    expect(bnpl).toThrow(/Part-by-Part \(BNPL\) \(method 4\) is offered up to 50\.00 GEL/)
    expect(request({ methods: [4] }, { choice: choice("tbc-qr") }).request.methods).toEqual([4])
  })

  it("writes the page's language from the session, else the cart, else the option", () => {
    const language = (data: Record<string, unknown>, configured?: string) =>
      request(configured ? { language: configured } : {}, { data }).request.language
    expect(language({ locale: "ru-RU", tbc_cart_locale: "ka" }, "EN")).toBe("RU")
    expect(language({ tbc_cart_locale: "ka-GE" }, "EN")).toBe("KA")
    expect(language({ locale: "de" }, "en")).toBe("EN")
    expect(language({})).toBeUndefined()
  })
})
