import fc from "fast-check"
import {
  CHECKOUT_CHOICES,
  CHECKOUT_IDENTIFIERS,
  DEFAULT_METHOD_LIMITS,
  choiceAvailability,
  choiceOf,
  installmentsAvailability,
  gelText,
  isCheckoutProviderId,
  limitInMinor,
  methodsWithinLimits,
  pageLanguageFor,
  pageLanguageOf,
  pagePlan,
  parseCheckoutProviderId,
  sameCheckoutRegistration,
  type CheckoutChoice,
} from "../checkout-choices"
import { CHECKOUT_METHODS, type CheckoutMethod } from "../tbc/types"
import { propertyRuns } from "./property-runs"

const RUNS = { numRuns: propertyRuns(2000) }
const method = fc.constantFrom(...CHECKOUT_METHODS)
const methods = fc.uniqueArray(method, { minLength: 1, maxLength: CHECKOUT_METHODS.length })
const tetri = fc.integer({ min: 0, max: 10_000_000_00 })
const choice = fc.constantFrom(...CHECKOUT_CHOICES)
const byIdentifier = (identifier: string) => choiceOf(identifier) as CheckoutChoice

describe("the per-method choices", () => {
  it("are data: one identifier each, the wallets and BNPL as their own choices, BNPL under method 4", () => {
    expect(new Set(CHECKOUT_IDENTIFIERS).size).toBe(CHECKOUT_IDENTIFIERS.length)
    expect(byIdentifier("tbc-apple-pay").method).toBe(9)
    expect(byIdentifier("tbc-google-pay").method).toBe(14)
    expect(byIdentifier("tbc-bnpl")).toMatchObject({ method: 4, limitKey: "bnpl" })
    expect(byIdentifier("tbc-installment-plan")).toMatchObject({ method: 8, limitKey: "8" })
    expect(choiceOf("tbc-checkout")).toBeUndefined()
    expect(choiceOf("tbc-installments")).toBeUndefined()
  })

  it("recognise every checkout provider id and nothing else", () => {
    expect(parseCheckoutProviderId("pp_tbc-apple-pay_shop-2")).toEqual({
      identifier: "tbc-apple-pay",
      registrationId: "shop-2",
    })
    expect(parseCheckoutProviderId("tbc-installment-plan_my_id")).toEqual({
      identifier: "tbc-installment-plan",
      registrationId: "my_id",
    })
    for (const id of ["pp_tbc-installments_tbc", "pp_stripe_tbc", "pp_tbc-checkout", "pp_tbc-cardx_tbc", ""]) {
      expect(isCheckoutProviderId(id)).toBe(false)
    }
    expect(sameCheckoutRegistration("pp_tbc-card_tbc", "pp_tbc-checkout_tbc")).toBe(true)
    expect(sameCheckoutRegistration("pp_tbc-card_shop2", "pp_tbc-checkout_tbc")).toBe(false)
    expect(sameCheckoutRegistration("pp_tbc-installments_tbc", "pp_tbc-checkout_tbc")).toBe(false)
    fc.assert(
      fc.property(
        fc.constantFrom(...CHECKOUT_IDENTIFIERS),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
        (identifier, id) => {
          expect(parseCheckoutProviderId(`pp_${identifier}_${id}`)?.identifier).toBe(identifier)
        }
      ),
      RUNS
    )
  })
})

describe("pagePlan: purchase-only wallets never with a preauthorization", () => {
  it("a Google Pay or Apple Pay page alone is a purchase, whatever preAuth says", () => {
    expect(pagePlan([14], true)).toEqual({ methods: [14], preAuth: false, droppedPurchaseOnly: [] })
    expect(pagePlan([9], true)).toEqual({ methods: [9], preAuth: false, droppedPurchaseOnly: [] })
    expect(pagePlan([5, 9, 14], true)).toEqual({ methods: [5], preAuth: true, droppedPurchaseOnly: [9, 14] })
    expect(pagePlan([5, 14], false)).toEqual({ methods: [5, 14], preAuth: false, droppedPurchaseOnly: [] })
  })

  it("never holds with 9 or 14 on the page, never drops a method without preAuth, never empties the page", () => {
    fc.assert(
      fc.property(methods, fc.boolean(), (list, preAuth) => {
        const plan = pagePlan(list, preAuth)
        expect(plan.methods.length).toBeGreaterThan(0)
        if (plan.preAuth) expect(plan.methods.some((m) => m === 9 || m === 14)).toBe(false)
        if (!preAuth) expect(plan.methods).toEqual(list)
        expect([...plan.methods, ...plan.droppedPurchaseOnly].sort()).toEqual([...list].sort())
      }),
      RUNS
    )
  })
})

describe("min/max per method", () => {
  it("has TBC's terms by default: installments 100–10,000 GEL, BNPL 100–5,000 GEL; a store's key replaces them", () => {
    expect(DEFAULT_METHOD_LIMITS).toEqual({ "8": { min: 100, max: 10_000 }, bnpl: { min: 100, max: 5_000 } })
    expect(limitInMinor("8", undefined)).toEqual({ min: 10_000, max: 1_000_000 })
    expect(limitInMinor("8", { "8": {} })).toEqual({ min: undefined, max: undefined })
    expect(limitInMinor("9", { "9": { max: 500.5 } })).toEqual({ min: undefined, max: 50_050 })
    expect(gelText(9_999)).toBe("99.99 GEL")
  })

  it("names the method, the limit and the option when a cart is outside it", () => {
    const store = { activatedMethods: [8] }
    const installment = byIdentifier("tbc-installment-plan")
    expect(choiceAvailability(installment, store, { amountMinor: 9_999, currency: "GEL" })).toEqual({
      available: false,
      reason: "below_minimum",
      message:
        'Installment (method 8) is offered from 100.00 GEL; this cart is 99.99 GEL (option methodLimits["8"].min)',
    })
    expect(choiceAvailability(installment, store, { amountMinor: 1_000_001, currency: "GEL" })).toMatchObject({
      reason: "above_maximum",
      message: expect.stringMatching(/up to 10000\.00 GEL.*methodLimits\["8"\]\.max/),
    })
    expect(choiceAvailability(installment, store, { amountMinor: 10_000, currency: "GEL" }).available).toBe(true)
    expect(choiceAvailability(installment, store, { amountMinor: 20_000, currency: "USD" })).toMatchObject({
      reason: "currency_not_supported",
    })
    expect(
      choiceAvailability(byIdentifier("tbc-bnpl"), { activatedMethods: [4] }, { amountMinor: 500_001, currency: "GEL" })
    ).toMatchObject({ reason: "above_maximum", message: expect.stringMatching(/5000\.00 GEL/) })
    expect(choiceAvailability(byIdentifier("tbc-apple-pay"), store)).toMatchObject({
      available: false,
      reason: "method_not_enabled",
      message:
        "Apple Pay (method 9) is not activated for this store: list 9 in the provider option activatedMethods once the bank activated it",
    })
    // card is active for every merchant; `methods` (the all-methods page) is not asked
    expect(choiceAvailability(byIdentifier("tbc-card"), { activatedMethods: [] }).available).toBe(true)
    expect(choiceAvailability(byIdentifier("tbc-apple-pay"), { activatedMethods: [9], methods: [5] } as never)).toEqual(
      {
        available: true,
        reason: null,
        message: null,
      }
    )
  })

  it("a choice is available exactly when its method is card or activated and the GEL amount lies within [min, max] in tetri", () => {
    const limit = fc.record(
      { min: fc.integer({ min: 0, max: 100_000 }), max: fc.integer({ min: 0, max: 100_000 }) },
      { requiredKeys: [] }
    )
    fc.assert(
      fc.property(choice, methods, limit, tetri, (c, enabled, raw, amountMinor) => {
        const limits = { [c.limitKey]: { min: raw.min, max: raw.max } }
        const verdict = choiceAvailability(
          c,
          { activatedMethods: enabled, methodLimits: limits },
          { amountMinor, currency: "GEL" }
        )
        const inRange =
          (raw.min === undefined || amountMinor >= raw.min * 100) &&
          (raw.max === undefined || amountMinor <= raw.max * 100)
        expect(verdict.available).toBe((c.method === 5 || enabled.includes(c.method)) && inRange)
        expect(verdict.available ? verdict.message === null : Boolean(verdict.message)).toBe(true)
      }),
      RUNS
    )
  })

  it("installments are available exactly in GEL within [min, max] in tetri (the provider's amountLimit)", () => {
    const limit = fc.record(
      { min: fc.integer({ min: 0, max: 100_000 }), max: fc.integer({ min: 0, max: 100_000 }) },
      { requiredKeys: [] }
    )
    const currency = fc.constantFrom("GEL", "gel", "USD", "EUR")
    fc.assert(
      fc.property(limit, tetri, currency, (raw, amountMinor, cur) => {
        const verdict = installmentsAvailability(raw, { amountMinor, currency: cur })
        const inRange =
          (raw.min === undefined || amountMinor >= raw.min * 100) &&
          (raw.max === undefined || amountMinor <= raw.max * 100)
        expect(verdict.available).toBe(cur.toUpperCase() === "GEL" && inRange)
        if (!verdict.available) {
          expect(verdict.reason).toBe(
            cur.toUpperCase() !== "GEL"
              ? "currency_not_supported"
              : amountMinor < (raw.min ?? 0) * 100
                ? "below_minimum"
                : "above_maximum"
          )
        }
      }),
      RUNS
    )
    expect(installmentsAvailability(DEFAULT_METHOD_LIMITS["8"])).toMatchObject({ available: true })
  })

  it("the all-methods page keeps every method within its limit and leaves out only those outside", () => {
    fc.assert(
      fc.property(methods, tetri, (list, amountMinor) => {
        const { methods: kept, outOfRange } = methodsWithinLimits(list, undefined, amountMinor, "GEL")
        expect([...kept, ...outOfRange].sort()).toEqual([...list].sort())
        const installmentsFit = amountMinor >= 10_000 && amountMinor <= 1_000_000
        if (list.includes(8 as CheckoutMethod)) expect(kept.includes(8 as CheckoutMethod)).toBe(installmentsFit)
        expect(outOfRange.every((m) => m === 8)).toBe(true)
        // limits are in GEL: another currency is never compared
        expect(methodsWithinLimits(list, undefined, amountMinor, "USD").methods).toEqual(list)
      }),
      RUNS
    )
  })
})

describe("the bank page's language", () => {
  it("reads a locale in any case and form: ka, ka-GE, KA, ru_RU, en-US", () => {
    expect(pageLanguageOf("ka")).toBe("KA")
    expect(pageLanguageOf("ka-GE")).toBe("KA")
    expect(pageLanguageOf("KA")).toBe("KA")
    expect(pageLanguageOf(" ru_RU ")).toBe("RU")
    expect(pageLanguageOf("en-US")).toBe("EN")
    for (const other of ["de", "geo", "", "k", "ka GE", null, 5, undefined, "kat-GE"]) {
      expect(pageLanguageOf(other)).toBeUndefined()
    }
  })

  it("the session's locale, else the cart's, else the configured language, else none", () => {
    expect(pageLanguageFor("ru", "ka-GE", "EN")).toBe("RU")
    expect(pageLanguageFor(undefined, "ka-GE", "EN")).toBe("KA")
    expect(pageLanguageFor("xx", "de-DE", "EN")).toBe("EN")
    expect(pageLanguageFor(undefined, undefined, undefined)).toBeUndefined()
    fc.assert(
      fc.property(
        fc.constantFrom("ka", "en", "ru"),
        fc.constantFrom("", "-GE", "_RU", "-us"),
        fc.boolean(),
        (language, region, upper) => {
          const locale = upper ? (language + region).toUpperCase() : language + region
          expect(pageLanguageFor(undefined, locale, "EN")).toBe(language.toUpperCase())
        }
      ),
      RUNS
    )
  })
})
