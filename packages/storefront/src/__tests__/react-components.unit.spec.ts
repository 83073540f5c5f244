/**
 * The kit's drop-in components (createTbcReact): the payment step's choices and saved-card box,
 * the pay button, the return page, My Account's saved cards and the order's payment lines — run
 * with a fake React (state and effects, no DOM) against a fake store, and rendered once with the
 * real React. Each of issue #35's defects of the storefront has its case here: the checkout's words
 * stay English in a Georgian store (5), "save this card" says nothing of the hold (6), internet bank
 * is shown as a card (8), the order page shows the button's label instead of the method and card,
 * and the return page shows no installment status.
 */
import * as React from "react"
import { renderToStaticMarkup } from "react-dom/server"
import {
  TBC_MERCHANT_CHARGES_WORDS_VERSION,
  tbcWords,
  type TbcOrderPayment,
  type TbcPaymentOption,
  type TbcPaymentStatus,
  type TbcStore,
} from ".."
import { createTbcReact, type TbcButtonProps, type UseTbcPaymentStepOptions } from "../react"
import { byTestId, fakeReact, flush, oneByTestId, textOf, type FakeElement } from "./fake-react"

const CHECKOUT = "pp_tbc-checkout_tbc"
const GOOGLE_PAY = "pp_tbc-google-pay_tbc"
const INSTALLMENTS = "pp_tbc-installments_tbc"
const BANK_PAGE = "https://tpay.test/pay/1"
const KA = tbcWords("ka")
const CARD = { id: "tbccard_1", card_mask: "4***********1111", expiry_date: "0527" }

const OPTIONS: TbcPaymentOption[] = [
  {
    provider_id: CHECKOUT,
    kind: "checkout",
    identifier: "tbc-checkout",
    method: null,
    methods: [5, 7],
    save_cards: true,
    holds_money: true,
    title: null,
    available: true,
  },
  {
    provider_id: GOOGLE_PAY,
    kind: "checkout",
    identifier: "tbc-google-pay",
    method: 14,
    methods: [14],
    save_cards: false,
    holds_money: false,
    title: null,
    available: true,
  },
]

/** A store of the kit's calls, each a jest mock with an answer. */
function fakeTbcStore(overrides: Partial<{ [K in keyof TbcStore]: jest.Mock }> = {}) {
  const store = {
    getPaymentOptions: jest.fn(async () => OPTIONS),
    listSavedCards: jest.fn(async () => [CARD]),
    deleteSavedCard: jest.fn(async () => undefined),
    getPaymentStatus: jest.fn(async (): Promise<TbcPaymentStatus> => ({ ...DECIDED })),
    completeCart: jest.fn(async () => ({ type: "order" as const, order: { id: "order_1" } })),
    getOrderPayment: jest.fn(async (): Promise<TbcOrderPayment | null> => null),
    ...overrides,
  }
  return store
}
const DECIDED: TbcPaymentStatus = {
  cart_id: "cart_1",
  status: "decided",
  reason: null,
  provider_id: CHECKOUT,
  order_id: null,
  result_code: null,
}

const navigations: string[] = []
const opened: string[] = []
const tab = new Map<string, string>()
beforeAll(() => {
  Object.assign(globalThis, {
    window: globalThis,
    location: { origin: "https://shop.ge", assign: (url: string) => navigations.push(url), reload: () => undefined },
    open: (url: string) => opened.push(url),
    sessionStorage: {
      getItem: (key: string) => tab.get(key) ?? null,
      setItem: (key: string, value: string) => tab.set(key, value),
    },
  })
})
afterAll(() => {
  for (const key of ["window", "location", "open", "sessionStorage"])
    delete (globalThis as Record<string, unknown>)[key]
})
beforeEach(() => {
  navigations.length = 0
  opened.length = 0
  tab.clear()
})

/** Renders, runs the effects, lets the store answer, renders again. */
async function settle<P, R>(fake: ReturnType<typeof fakeReact>, component: (props: P) => R, props: P): Promise<R> {
  fake.render(component, props)
  fake.runEffects()
  await flush()
  await flush()
  return fake.render(component, props)
}

/** The hook's arguments as one props object, for the fake React's render. */
type StepProps = UseTbcPaymentStepOptions & {
  cart: { id: string; locale?: string }
  selected: string
  onSelect: (id: string) => void
}

describe("the payment step (useTbcPaymentStep)", () => {
  function paymentStep(selected: string, locale = "ka") {
    const fake = fakeReact()
    const store = fakeTbcStore()
    const { useTbcPaymentStep: hook } = createTbcReact(fake.react, { store, basePath: () => "/ge" })
    const useTbcPaymentStep = (p: StepProps) => hook(p.cart, p.selected, p.onSelect, p)
    const picked: string[] = []
    const props = {
      cart: { id: "cart_1", locale },
      selected,
      onSelect: (id: string) => picked.push(id),
      providers: [{ id: CHECKOUT }, { id: GOOGLE_PAY }, { id: "pp_system_default" }],
      abilities: { applePay: false, googlePay: true },
    }
    return { fake, store, useTbcPaymentStep, props, picked }
  }

  it("shows the store's TBC choices in the cart's language, with the hold said on the choice that holds the money", async () => {
    const { fake, useTbcPaymentStep, props, store, picked } = paymentStep(CHECKOUT)
    expect(fake.render(useTbcPaymentStep, props).choices).toBeNull() // nothing before the store answered
    const step = await settle(fake, useTbcPaymentStep, props)
    expect(store.getPaymentOptions).toHaveBeenCalledWith("cart_1")
    const card = oneByTestId(step.choices, `tbc-choice-${CHECKOUT}`)
    expect(textOf(card)).toContain(`${KA.methods["5"]}, ${KA.methods["7"]} (TBC ბანკი)`)
    expect(textOf(oneByTestId(card, "tbc-holds-money"))).toBe(KA.checkout.holdsMoney)
    const wallet = oneByTestId(step.choices, `tbc-choice-${GOOGLE_PAY}`)
    expect(byTestId(wallet, "tbc-holds-money")).toEqual([])
    // choosing Google Pay calls the storefront's setter
    const radio = (wallet.children[0] as FakeElement).children[0] as FakeElement
    ;(radio.props.onChange as () => void)()
    expect(picked).toEqual([GOOGLE_PAY])
    // the storefront's own list keeps the others
    expect(step.others(props.providers)).toEqual([{ id: "pp_system_default" }])
    expect(step.isTbc).toBe(true)
  })

  it.each(["en", "ka", "ru"])(
    "(defect 6) under 'save this card' of a held payment: the card pays once the shop has taken this payment (%s)",
    async (locale) => {
      const { fake, useTbcPaymentStep, props } = paymentStep(CHECKOUT, locale)
      const step = await settle(fake, useTbcPaymentStep, props)
      const box = oneByTestId(step.choices, "tbc-card-options")
      expect(textOf(box)).toContain(tbcWords(locale).checkout.saveCard)
      expect(textOf(oneByTestId(box, "tbc-save-card-caveat"))).toBe(tbcWords(locale).checkout.saveCardAfterCapture)
      // the saved card's label: last four digits and expiry, in the language
      expect(textOf(oneByTestId(box, "tbc-saved-card"))).toBe("")
      expect(textOf(box)).toContain(`•••• 1111 (${tbcWords(locale).checkout.expires} 05/27)`)
    }
  )

  it("no caveat where the money is taken at once; the store's extra statements have their place in the box", async () => {
    const fake = fakeReact()
    const purchase = OPTIONS.map((o) => ({ ...o, holds_money: false }))
    const store = fakeTbcStore({ getPaymentOptions: jest.fn(async () => purchase) })
    const { useTbcPaymentStep: hook } = createTbcReact(fake.react, { store })
    const useTbcPaymentStep = (p: StepProps) => hook(p.cart, p.selected, p.onSelect, p)
    const props = {
      cart: { id: "cart_1" },
      selected: CHECKOUT,
      onSelect: () => undefined,
      abilities: { applePay: false, googlePay: false },
      saveCardStatements: (context: { saveCard: boolean; holdsMoney: boolean }) =>
        fake.react.createElement(
          "p",
          { "data-testid": "consent" },
          `consent ${context.saveCard} ${context.holdsMoney}`
        ),
    }
    const step = await settle(fake, useTbcPaymentStep, props)
    expect(byTestId(step.choices, "tbc-save-card-caveat")).toEqual([])
    expect(textOf(oneByTestId(step.choices, "consent"))).toBe("consent false false")
    // Google Pay is left out: this browser cannot pay with it
    expect(byTestId(step.choices, `tbc-choice-${GOOGLE_PAY}`)).toEqual([])
  })

  it("the consent to charges by the store: offered only when the store asks, only under a ticked 'save this card', never ticked", async () => {
    const { fake, useTbcPaymentStep, props } = paymentStep(CHECKOUT)
    const withConsent = { ...props, offerMerchantCharges: true }
    let step = await settle(fake, useTbcPaymentStep, withConsent)
    expect(byTestId(step.choices, "tbc-merchant-charges")).toEqual([])
    ;(oneByTestId(step.choices, "tbc-save-card").props.onChange as (e: unknown) => void)({ target: { checked: true } })
    step = fake.render(useTbcPaymentStep, withConsent)
    const consent = oneByTestId(step.choices, "tbc-merchant-charges")
    expect(consent.props.checked).toBe(false)
    expect(textOf(step.choices)).toContain(tbcWords("ka").checkout.saveCardMerchantCharges)
    expect(step.sessionData()).not.toHaveProperty("merchant_charges_consent")
    ;(consent.props.onChange as (e: unknown) => void)({ target: { checked: true } })
    step = fake.render(useTbcPaymentStep, withConsent)
    expect(step.sessionData()).toMatchObject({
      save_card: true,
      merchant_charges_consent: { accepted: true, words_version: TBC_MERCHANT_CHARGES_WORDS_VERSION, locale: "ka" },
    })
    // unticking "save this card" takes the consent with it; a store that does not ask never shows it
    ;(oneByTestId(step.choices, "tbc-save-card").props.onChange as (e: unknown) => void)({ target: { checked: false } })
    step = fake.render(useTbcPaymentStep, withConsent)
    expect(step.sessionData()).not.toHaveProperty("merchant_charges_consent")
    expect(byTestId(fake.render(useTbcPaymentStep, props).choices, "tbc-merchant-charges")).toEqual([])
  })

  it("the session data: the return page with the cart, a saved card only for a card choice, 'save this card', the language", async () => {
    const { fake, useTbcPaymentStep, props } = paymentStep(CHECKOUT)
    let step = await settle(fake, useTbcPaymentStep, props)
    expect(step.sessionData()).toEqual({ return_url: "https://shop.ge/ge/tbc/return?cart=cart_1", locale: "ka" })
    // tick "save this card"
    const save = oneByTestId(step.choices, "tbc-save-card")
    ;(save.props.onChange as (e: unknown) => void)({ target: { checked: true } })
    step = fake.render(useTbcPaymentStep, props)
    expect(step.sessionData()).toMatchObject({ save_card: true })
    // choose the saved card: no bank page, nothing to save
    ;(oneByTestId(step.choices, "tbc-saved-card").props.onChange as () => void)()
    step = fake.render(useTbcPaymentStep, props)
    expect(step.sessionData()).toEqual({ saved_card_id: "tbccard_1" })
    expect(byTestId(step.choices, "tbc-save-card")).toEqual([])
    // Google Pay cannot pay with a saved card: the chosen card is not sent
    step = fake.render(useTbcPaymentStep, { ...props, selected: GOOGLE_PAY })
    expect(step.sessionData()).toEqual({ return_url: "https://shop.ge/ge/tbc/return?cart=cart_1", locale: "ka" })
    expect(byTestId(step.choices, "tbc-card-options")).toEqual([])
    // another provider: nothing of TBC's
    expect(fake.render(useTbcPaymentStep, { ...props, selected: "pp_system_default" }).sessionData()).toEqual({})
  })
})

describe("the pay button (TbcPayButton)", () => {
  const cartWith = (provider_id: string, data: Record<string, unknown>, locale: string | null = "ka") => ({
    id: "cart_1",
    locale,
    payment_collection: { payment_sessions: [{ provider_id, status: "pending", data }] },
  })

  it("(defect 5) speaks the Georgian cart's language and sends the shopper to the bank's page", async () => {
    const fake = fakeReact()
    const redirects: string[] = []
    const { TbcPayButton } = createTbcReact(fake.react, { store: fakeTbcStore() })
    const props = {
      cart: cartWith(CHECKOUT, { redirect_url: BANK_PAGE }),
      onRedirect: (url: string) => redirects.push(url),
    }
    const button = oneByTestId(fake.render(TbcPayButton, props), "tbc-pay-button")
    expect(textOf(button)).toBe(KA.checkout.pay)
    await (button.props.onClick as () => Promise<void>)()
    expect(redirects).toEqual([BANK_PAGE])
    expect(oneByTestId(fake.render(TbcPayButton, props), "tbc-pay-button").props.disabled).toBe(true)
    const english = fakeReact()
    const { TbcPayButton: Button } = createTbcReact(english.react, { store: fakeTbcStore() })
    expect(textOf(english.render(Button, { cart: cartWith(CHECKOUT, { redirect_url: BANK_PAGE }, "en") }))).toBe(
      "Pay with TBC"
    )
  })

  it("installments: the bank's page in a new tab, then 'I have finished at TBC' to the return page, in Georgian", async () => {
    const fake = fakeReact()
    const { TbcPayButton } = createTbcReact(fake.react, { store: fakeTbcStore(), basePath: () => "/ge" })
    const props = { cart: cartWith(INSTALLMENTS, { redirect_url: BANK_PAGE }) }
    ;(oneByTestId(fake.render(TbcPayButton, props), "tbc-pay-button").props.onClick as () => void)()
    expect(opened).toEqual([BANK_PAGE])
    const after = fake.render(TbcPayButton, props)
    const done = oneByTestId(after, "tbc-installments-done")
    expect(done.props.href).toBe("/ge/tbc/return?cart=cart_1")
    expect(textOf(done)).toBe(KA.checkout.installmentsDone)
    expect(textOf(oneByTestId(after, "tbc-installments-opened"))).toBe(KA.checkout.installmentsOpened)
  })

  it("a saved card places the order at once, remembers its cart for the order page and opens it; the storefront's own button draws it", async () => {
    const fake = fakeReact()
    const store = fakeTbcStore()
    const { TbcPayButton } = createTbcReact(fake.react, { store, basePath: () => "/ge" })
    const props = {
      cart: cartWith(CHECKOUT, { saved_card_id: "tbccard_1" }),
      renderButton: (button: TbcButtonProps) => fake.react.createElement("starter-button", { ...button }),
    }
    const drawn = elementsNamed(fake.render(TbcPayButton, props), "starter-button")
    expect(drawn.props).toMatchObject({ children: KA.checkout.placeOrder, isLoading: false, disabled: false })
    await (drawn.props.onClick as () => Promise<void>)()
    expect(store.completeCart).toHaveBeenCalledWith("cart_1")
    expect(navigations).toEqual(["/ge/order/order_1/confirmed"])
    expect(tab.get("tbc-order-cart:order_1")).toBe("cart_1")
  })

  it("a refusal is shown under the button in the cart's language", async () => {
    const fake = fakeReact()
    const store = fakeTbcStore({
      completeCart: jest.fn(async () => ({
        type: "cart",
        cart: { id: "cart_1" },
        error: { message: "Your payment was declined by the bank." },
      })),
      getPaymentStatus: jest.fn(async () => ({ ...DECIDED, status: "failed", reason: "declined", result_code: "116" })),
    })
    const { TbcPayButton } = createTbcReact(fake.react, { store })
    let time = 0
    const props = {
      cart: cartWith(CHECKOUT, { saved_card_id: "tbccard_1" }),
      timing: { now: () => time, sleep: async (ms: number) => void (time += ms) },
    }
    await (oneByTestId(fake.render(TbcPayButton, props), "tbc-pay-button").props.onClick as () => Promise<void>)()
    expect(textOf(oneByTestId(fake.render(TbcPayButton, props), "tbc-payment-error"))).toBe(
      KA.declineReasons.insufficient_funds
    )
    expect(navigations).toEqual([])
  })
})

const elementsNamed = (tree: unknown, type: string): FakeElement => {
  const stack = [tree]
  while (stack.length > 0) {
    const node = stack.shift() as FakeElement
    if (node && typeof node === "object" && "type" in node) {
      if (node.type === type) return node
      stack.push(...node.children)
    }
  }
  throw new Error(`no ${type}`)
}

describe("the return page (TbcReturn)", () => {
  it("names the installment application's status while it waits, in the page's language", async () => {
    const fake = fakeReact()
    const pending: TbcPaymentStatus = {
      ...DECIDED,
      status: "pending",
      reason: "installment_pending",
      provider_id: INSTALLMENTS,
      installment_status_id: 1,
    }
    const store = fakeTbcStore({ getPaymentStatus: jest.fn(async () => pending) })
    const { TbcReturn } = createTbcReact(fake.react, { store })
    let time = 0
    const props = {
      cartId: "cart_1",
      locale: "ka",
      basePath: "/ge",
      timing: {
        now: () => time,
        sleep: async (ms: number) => void (time += ms),
        timeoutMs: 1_000,
        waitTimeoutMs: 2_000,
      },
    }
    const view = await settle(fake, TbcReturn, props)
    expect(textOf(oneByTestId(view, "tbc-return-detail"))).toBe(
      `${KA.orderPayment.installment}: ${KA.installmentStatuses.InProgress}`
    )
    expect(textOf(oneByTestId(view, "tbc-return-message"))).toBe(KA.errors.installment_pending)
    expect(oneByTestId(view, "tbc-back_to_shop").props.href).toBe("/ge/")
    expect(store.completeCart).not.toHaveBeenCalled()
  })

  it("opens the placed order (remembering its cart) and a bad cart id asks nothing", async () => {
    const fake = fakeReact()
    const store = fakeTbcStore()
    const { TbcReturn } = createTbcReact(fake.react, { store })
    const props = { cartId: "cart_1", basePath: "/ge" }
    await settle(fake, TbcReturn, props)
    fake.runEffects()
    expect(navigations).toEqual(["/ge/order/order_1/confirmed"])
    expect(tab.get("tbc-order-cart:order_1")).toBe("cart_1")

    const other = fakeReact()
    const { TbcReturn: Return } = createTbcReact(other.react, { store: fakeTbcStore() })
    const view = await settle(other, Return, { cartId: "javascript:alert(1)", basePath: "/ge", locale: "ru" })
    expect(textOf(view)).toContain(tbcWords("ru").errors.cart_not_found)
  })
})

describe("bound once for a Next.js starter", () => {
  it("the return page reads its cart from the URL and the language from Medusa's cookie, after an empty first frame", async () => {
    const location = globalThis.location as unknown as Record<string, unknown>
    location.href = "https://shop.ge/ge/tbc/return?cart=cart_7"
    Object.assign(globalThis, { document: { cookie: "theme=dark; _medusa_locale=ka" } })
    try {
      const fake = fakeReact()
      const store = fakeTbcStore({
        getPaymentStatus: jest.fn(async () => ({ ...DECIDED, status: "pending", reason: "payment_pending" })),
      })
      const { TbcReturn } = createTbcReact(fake.react, { store })
      const first = fake.render(TbcReturn, {})
      expect(first).toEqual({ type: "div", props: { className: undefined, "data-testid": "tbc-return" }, children: [] })
      fake.runEffects()
      const second = fake.render(TbcReturn, {})
      expect(textOf(byTestId(second, "tbc-return")[0].children[0])).toBe(KA.titles.confirming)
      fake.runEffects()
      await flush()
      expect(store.getPaymentStatus).toHaveBeenCalledWith("cart_7")
    } finally {
      delete (globalThis as Record<string, unknown>).document
    }
  })

  it("asks the store through the storefront's server action, and draws the pay button with the storefront's own", async () => {
    const calls: unknown[] = []
    const fake = fakeReact()
    const tbc = createTbcReact(fake.react, {
      serverAction: async (call) => {
        calls.push(call)
        return { ok: true, value: [CARD], placedOrder: false }
      },
      renderButton: (button) => fake.react.createElement("starter-button", { ...button }),
    })
    await settle(fake, tbc.TbcSavedCards, {})
    expect(calls).toEqual([{ op: "saved-cards" }])
    const other = fakeReact()
    const bound = createTbcReact(other.react, {
      store: fakeTbcStore(),
      renderButton: (button) => other.react.createElement("starter-button", { ...button }),
    })
    const cart = {
      id: "cart_1",
      payment_collection: { payment_sessions: [{ provider_id: CHECKOUT, data: { redirect_url: BANK_PAGE } }] },
    }
    expect(elementsNamed(other.render(bound.TbcPayButton, { cart }), "starter-button").props.children).toBe(
      "Pay with TBC"
    )
  })
})

describe("after the checkout", () => {
  it("My Account lists the saved cards and removes one", async () => {
    const fake = fakeReact()
    let cards = [CARD, { ...CARD, id: "tbccard_2", card_mask: "5***********4444", expiry_date: "1128" }]
    const store = fakeTbcStore({
      listSavedCards: jest.fn(async () => cards),
      deleteSavedCard: jest.fn(async (id: string) => void (cards = cards.filter((card) => card.id !== id))),
    })
    const { TbcSavedCards } = createTbcReact(fake.react, { store })
    const props = { locale: "ka" }
    const panel = await settle(fake, TbcSavedCards, props)
    expect(byTestId(panel, "tbc-saved-card-row").map(textOf)).toEqual([
      `•••• 1111 (${KA.checkout.expires} 05/27)${KA.account.remove}`,
      `•••• 4444 (${KA.checkout.expires} 11/28)${KA.account.remove}`,
    ])
    await (byTestId(panel, "tbc-remove-card")[0].props.onClick as () => Promise<void>)()
    expect(store.deleteSavedCard).toHaveBeenCalledWith("tbccard_1")
    expect(byTestId(fake.render(TbcSavedCards, props), "tbc-saved-card-row")).toHaveLength(1)
    // a guest: nothing
    const guest = fakeReact()
    const { TbcSavedCards: GuestCards } = createTbcReact(guest.react, {
      store: fakeTbcStore({ listSavedCards: jest.fn(async () => null) }),
    })
    expect(await settle(guest, GuestCards, {})).toBeNull()
  })

  it("(defect 8, and the order page) shows the method actually used — internet bank, not 'Card' — and the card, for the remembered cart", async () => {
    tab.set("tbc-order-cart:order_1", "cart_1")
    const fake = fakeReact()
    const store = fakeTbcStore({
      getOrderPayment: jest.fn(async () => ({
        card_mask: null,
        card_last4: null,
        payment_method: 7,
        payment_method_label: "Internet bank",
        installment_status_id: null,
      })),
    })
    const { TbcOrderPayment } = createTbcReact(fake.react, { store, locale: () => "ka" })
    const lines = await settle(fake, TbcOrderPayment, { orderId: "order_1" })
    expect(store.getOrderPayment).toHaveBeenCalledWith("order_1", "cart_1")
    expect(byTestId(lines, "tbc-order-payment-line").map(textOf)).toEqual([
      `${KA.orderPayment.method} ${KA.methods["7"]}`,
    ])
    expect(textOf(lines)).not.toContain(KA.methods["5"])

    const installment = fakeReact()
    const { TbcOrderPayment: Lines } = createTbcReact(installment.react, {
      store: fakeTbcStore({
        getOrderPayment: jest.fn(async () => ({
          card_mask: null,
          card_last4: null,
          payment_method: 8,
          payment_method_label: "Installment",
          installment_status_id: 5,
        })),
      }),
    })
    expect(
      byTestId(await settle(installment, Lines, { orderId: "order_2", locale: "en" }), "tbc-order-payment-line").map(
        textOf
      )
    ).toEqual(["Paid with Installments", "Installment Approved; the store is confirming it"])
  })
})

describe("with the real React", () => {
  it("renders structure only, taking the storefront's class names", () => {
    const tbc = createTbcReact(React, { store: fakeTbcStore() })
    const page = renderToStaticMarkup(
      React.createElement(tbc.TbcReturn, { cartId: "cart_1", locale: "ka", classNames: { title: "text-3xl" } })
    )
    expect(page).toBe(
      `<div data-testid="tbc-return" data-tone="progress"><h1 class="text-3xl">${KA.titles.confirming}</h1><p data-testid="tbc-return-message">${KA.confirming}</p></div>`
    )
    const box = renderToStaticMarkup(
      React.createElement(tbc.TbcSavedCardBox, {
        cards: [CARD],
        savedCardId: undefined,
        onSavedCardChange: () => undefined,
        saveCard: false,
        onSaveCardChange: () => undefined,
        holdsMoney: true,
        locale: "en",
        classNames: { save: "flex gap-x-2" },
      })
    )
    expect(box).toContain(
      '<label class="flex gap-x-2"><input type="checkbox" data-testid="tbc-save-card"/><span>Save this card for next time</span></label>'
    )
    expect(box).toContain(`<p data-testid="tbc-save-card-caveat">${tbcWords("en").checkout.saveCardAfterCapture}</p>`)
    expect(box).not.toMatch(/style=/)
  })
})
