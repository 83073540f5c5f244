/** Which TBC choices a checkout shows for a cart and a browser, and how each is named (payment-choices.ts). */
import fc from "fast-check"
import {
  TBC_CHOICE_METHODS,
  TBC_CHECKOUT_IDENTIFIERS,
  tbcBrowserAbilities,
  tbcChoiceTitle,
  tbcChoices,
  tbcPaymentInfo,
  tbcWords,
  type TbcPaymentOption,
} from ".."
import { CHECKOUT_CHOICES, CHECKOUT_IDENTIFIERS } from "../../../../src/lib/checkout-choices"

const option = (provider_id: string, extra: Partial<TbcPaymentOption> = {}): TbcPaymentOption => ({
  provider_id,
  kind: "checkout",
  identifier: /^pp_(tbc-[a-z-]+?)_/.exec(provider_id)?.[1],
  method: null,
  methods: [5],
  save_cards: true,
  available: true,
  ...extra,
})
const ALL_METHODS = option("pp_tbc-checkout_tbc", { methods: [5, 7], holds_money: true })
const APPLE_PAY = option("pp_tbc-apple-pay_tbc", { method: 9, methods: [9], save_cards: false })
const GOOGLE_PAY = option("pp_tbc-google-pay_tbc", { method: 14, methods: [14], save_cards: false })
const INTERNET_BANK = option("pp_tbc-internet-bank_tbc", { method: 7, methods: [7] })
const INSTALLMENTS = option("pp_tbc-installments_tbc", { kind: "installments", methods: [], save_cards: false })
const NO_WALLETS = { applePay: false, googlePay: false }
const ids = (list: Array<{ providerId: string }>) => list.map((choice) => choice.providerId)

describe("the TBC choices of a payment step", () => {
  it("leaves out what the cart cannot use (unavailable), what the region does not enable, and wallets this browser cannot pay with", () => {
    const options = [
      ALL_METHODS,
      APPLE_PAY,
      GOOGLE_PAY,
      INTERNET_BANK,
      { ...INSTALLMENTS, available: false, unavailable_reason: "below_minimum" },
    ]
    expect(ids(tbcChoices(options, { abilities: NO_WALLETS }))).toEqual([
      "pp_tbc-checkout_tbc",
      "pp_tbc-internet-bank_tbc",
    ])
    expect(ids(tbcChoices(options, { abilities: { applePay: true, googlePay: true } }))).toEqual([
      "pp_tbc-checkout_tbc",
      "pp_tbc-apple-pay_tbc",
      "pp_tbc-google-pay_tbc",
      "pp_tbc-internet-bank_tbc",
    ])
    // the region's providers (Medusa's list, as ids or as the starter's { id } objects)
    expect(
      ids(
        tbcChoices(options, {
          abilities: NO_WALLETS,
          providers: [{ id: "pp_tbc-internet-bank_tbc" }, "pp_system_default"],
        })
      )
    ).toEqual(["pp_tbc-internet-bank_tbc"])
    // the all-methods page keeps its card where its wallet cannot run; a page of wallets alone does not
    const walletPage = option("pp_tbc-checkout_tbc", { methods: [9, 14] })
    expect(
      ids(tbcChoices([option("pp_tbc-checkout_tbc", { methods: [5, 14] })], { abilities: NO_WALLETS }))
    ).toHaveLength(1)
    expect(tbcChoices([walletPage], { abilities: NO_WALLETS })).toEqual([])
    expect(ids(tbcChoices([walletPage], { abilities: { applePay: false, googlePay: true } }))).toHaveLength(1)
  })

  it("names each choice in the shopper's language, the store's title first, and says which only hold the money", () => {
    const ka = tbcWords("ka")
    const [page, bank, plan] = tbcChoices([ALL_METHODS, INTERNET_BANK, INSTALLMENTS], {
      abilities: NO_WALLETS,
      locale: "ka",
    })
    expect(page).toMatchObject({ title: `${ka.methods["5"]}, ${ka.methods["7"]} (TBC ბანკი)`, holdsMoney: true })
    expect(bank).toMatchObject({ title: ka.methods["7"], holdsMoney: false })
    expect(plan).toMatchObject({ title: ka.checkout.installmentsTitle, holdsMoney: false })
    expect(tbcChoiceTitle({ ...INTERNET_BANK, title: "Pay from your bank" }, "ka")).toBe("Pay from your bank")
    expect(tbcChoiceTitle(option("pp_tbc-bnpl_tbc", { method: 4, methods: [4] }), "ru")).toBe(
      tbcWords("ru").checkout.bnplTitle
    )
    expect(tbcChoiceTitle(option("pp_tbc-checkout_tbc", { methods: [] }), "en")).toBe("Card (TBC Bank)")
  })

  it("every choice shown is available, enabled in the region and payable here; every such option is shown", () => {
    const anyOption = fc.record({
      id: fc.constantFrom("checkout", "card", "apple-pay", "google-pay", "internet-bank", "qr"),
      registration: fc.constantFrom("tbc", "shop2"),
      methods: fc.subarray([4, 5, 7, 8, 9, 14]),
      available: fc.boolean(),
    })
    fc.assert(
      fc.property(
        fc.array(anyOption, { maxLength: 8 }),
        fc.record({ applePay: fc.boolean(), googlePay: fc.boolean() }),
        fc.option(fc.array(fc.constantFrom("checkout", "card", "apple-pay", "google-pay", "internet-bank", "qr")), {
          nil: undefined,
        }),
        (drawn, abilities, enabledIds) => {
          const options = drawn.map((o) =>
            option(`pp_tbc-${o.id}_${o.registration}`, { methods: o.methods, available: o.available })
          )
          const providers = enabledIds?.flatMap((id) => [`pp_tbc-${id}_tbc`, `pp_tbc-${id}_shop2`])
          const payable = (o: TbcPaymentOption) =>
            o.methods.length === 0 ||
            o.methods.some((m) => (m !== 9 || abilities.applePay) && (m !== 14 || abilities.googlePay))
          const expected = options.filter(
            (o) => o.available !== false && (!providers || providers.includes(o.provider_id)) && payable(o)
          )
          expect(ids(tbcChoices(options, { abilities, providers }))).toEqual(expected.map((o) => o.provider_id))
        }
      ),
      { numRuns: 200 }
    )
  })

  it("reads the browser's wallets without loading anything: ApplePaySession for Apple Pay, the Payment Request API for Google Pay", async () => {
    expect(await tbcBrowserAbilities({})).toEqual({ applePay: false, googlePay: false })
    expect((await tbcBrowserAbilities({ ApplePaySession: { canMakePayments: () => true } })).applePay).toBe(true)
    expect((await tbcBrowserAbilities({ ApplePaySession: { canMakePayments: () => false } })).applePay).toBe(false)
    const throwing = {
      canMakePayments: () => {
        throw new Error("InvalidAccessError: not https")
      },
    }
    expect((await tbcBrowserAbilities({ ApplePaySession: throwing })).applePay).toBe(false)
    // Node (jest) is no browser
    expect(await tbcBrowserAbilities()).toEqual({ applePay: false, googlePay: false })
  })

  describe("Google Pay: offered only where the browser's Payment Request API says it is ready", () => {
    /** A browser's PaymentRequest whose answer is `answer` (a function: called per request). */
    function browser(answer: () => Promise<boolean>, { enrolled = false, secure = true } = {}) {
      const made: Array<{ methods: unknown[]; details: unknown }> = []
      class PaymentRequest {
        constructor(methods: unknown[], details: unknown) {
          made.push({ methods, details })
        }
        canMakePayment = enrolled ? undefined : answer
        hasEnrolledInstrument = enrolled ? answer : undefined
      }
      return { scope: { PaymentRequest, isSecureContext: secure }, made }
    }
    const googlePayOf = async (scope: Parameters<typeof tbcBrowserAbilities>[0], amountTetri = 4050) =>
      (await tbcBrowserAbilities(scope, { amountTetri })).googlePay
    const offered = (googlePay: boolean) =>
      ids(tbcChoices([ALL_METHODS, GOOGLE_PAY], { abilities: { applePay: false, googlePay } }))

    afterEach(() => jest.useRealTimers())

    it("ready: offered; asked with Google Pay's method, a minimal Google Pay request and the cart's total in GEL", async () => {
      const { scope, made } = browser(async () => true)
      expect(await googlePayOf(scope)).toBe(true)
      expect(offered(true)).toContain("pp_tbc-google-pay_tbc")
      expect(made).toEqual([
        {
          methods: [
            {
              supportedMethods: "https://google.com/pay",
              data: {
                apiVersion: 2,
                apiVersionMinor: 0,
                allowedPaymentMethods: [
                  {
                    type: "CARD",
                    parameters: {
                      allowedAuthMethods: ["PAN_ONLY", "CRYPTOGRAM_3DS"],
                      allowedCardNetworks: ["VISA", "MASTERCARD"],
                    },
                  },
                ],
              },
            },
          ],
          details: { total: { label: "Total", amount: { currency: "GEL", value: "40.50" } } },
        },
      ])
      // asked once per page: the browser may refuse a page that asks again and again
      expect(await googlePayOf(scope, 100)).toBe(true)
      expect(made).toHaveLength(1)
    })

    it("hasEnrolledInstrument where the browser has it: a browser without a ready handler is not ready", async () => {
      expect(await googlePayOf(browser(async () => false, { enrolled: true }).scope)).toBe(false)
      expect(await googlePayOf(browser(async () => true, { enrolled: true }).scope)).toBe(true)
    })

    it("canMakePayment false: left out", async () => {
      const googlePay = await googlePayOf(browser(async () => false).scope)
      expect(googlePay).toBe(false)
      expect(offered(googlePay)).toEqual(["pp_tbc-checkout_tbc"])
    })

    it("a browser that throws or rejects: left out, and nothing is thrown to the storefront", async () => {
      const rejecting = browser(() => Promise.reject(new Error("NotAllowedError: too many requests")))
      expect(await googlePayOf(rejecting.scope)).toBe(false)
      const throwing = browser(() => {
        throw new Error("SecurityError")
      })
      expect(await googlePayOf(throwing.scope)).toBe(false)
      class Refusing {
        constructor() {
          throw new RangeError("unknown payment method")
        }
      }
      await expect(tbcBrowserAbilities({ PaymentRequest: Refusing, isSecureContext: true })).resolves.toEqual({
        applePay: false,
        googlePay: false,
      })
    })

    it("no answer: left out after 1.5 s, never holding the choices back", async () => {
      jest.useFakeTimers()
      const { scope } = browser(() => new Promise<boolean>(() => undefined))
      let found: boolean | undefined
      void googlePayOf(scope).then((googlePay) => (found = googlePay))
      await jest.advanceTimersByTimeAsync(1499)
      expect(found).toBeUndefined()
      await jest.advanceTimersByTimeAsync(1)
      expect(found).toBe(false)
      // a page's own timer where it has one
      const started: number[] = []
      const own = {
        ...browser(() => new Promise<boolean>(() => undefined)).scope,
        setTimeout: (run: () => void, ms: number) => {
          started.push(ms)
          run()
          return 1
        },
      }
      expect(await googlePayOf(own)).toBe(false)
      expect(started).toEqual([1500])
    })

    it("no PaymentRequest, or a page that is not secure: left out without asking", async () => {
      expect(await googlePayOf({ isSecureContext: true })).toBe(false)
      const insecure = browser(async () => true, { secure: false })
      expect(await googlePayOf(insecure.scope)).toBe(false)
      expect(insecure.made).toEqual([])
      expect(offered(false)).toEqual(["pp_tbc-checkout_tbc"])
    })
  })

  it("gives a storefront's provider map an entry per TBC provider: the all-methods page is 'TBC Bank', never 'Card'", () => {
    const map = tbcPaymentInfo("icon")
    expect(map["pp_tbc-checkout_tbc"]).toEqual({ title: "TBC Bank", icon: "icon" })
    expect(map["pp_tbc-internet-bank_tbc"].title).toBe("Internet bank")
    expect(map["pp_tbc-installments_tbc"].title).toBe("TBC installments")
    expect(map["pp_tbc-bnpl_tbc"].title).toBe("Part-by-Part (TBC Bank)")
    expect(Object.keys(tbcPaymentInfo(0, { id: "shop2" }))).toHaveLength(CHECKOUT_IDENTIFIERS.length + 1)
    expect(tbcPaymentInfo(0, { locale: "ka" })["pp_tbc-card_tbc"].title).toBe(tbcWords("ka").methods["5"])
  })

  it("knows the plugin's checkout providers and their methods (a copy: the kit depends on nothing)", () => {
    expect([...TBC_CHECKOUT_IDENTIFIERS].sort()).toEqual([...CHECKOUT_IDENTIFIERS].sort())
    expect(TBC_CHOICE_METHODS).toEqual(
      Object.fromEntries(
        CHECKOUT_CHOICES.filter((c) => c.identifier !== "tbc-bnpl").map((c) => [c.identifier, c.method])
      )
    )
  })
})
