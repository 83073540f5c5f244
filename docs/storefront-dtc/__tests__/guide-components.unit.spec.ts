/**
 * The dtc-starter guide's components (docs/storefront-dtc/src, included verbatim by
 * docs/storefront-nextjs.md) rendered with React against the kit's source and stubs of the
 * starter's modules (./starter): every return state ends in the shopper's words with a way forward,
 * the payment step offers "save this card" only where the bank can save one, and the order page's
 * TBC payment has a title and its card digits. The type-check against the packed kit with React 19
 * types is packages/storefront/__tests__/package.integration.spec.ts; the return route in Chromium
 * against the app is integration-tests/http/storefront-guide.app.ts.
 */
import * as React from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { TbcPaymentError, tbcWords, type TbcReturnState } from "../../../packages/storefront/src"
import { guideConfig } from "./starter/guide-config"
import fs from "fs"
import path from "path"

/* eslint-disable @typescript-eslint/no-require-imports -- the starter's module aliases, mapped as its tsconfig does */
jest.mock("@lib/config", () => require("./starter/lib/config"), { virtual: true })
jest.mock("@lib/data/cookies", () => require("./starter/lib/data/cookies"), { virtual: true })
jest.mock("@lib/data/locale-actions", () => require("./starter/lib/data/locale-actions"), { virtual: true })
jest.mock("@lib/util/env", () => require("./starter/lib/util/env"), { virtual: true })
jest.mock("@lib/data/tbc", () => require("../src/lib/data/tbc"), { virtual: true })
jest.mock("@modules/common/components/ui", () => require("./starter/modules/common/components/ui"), { virtual: true })
jest.mock(
  "@modules/common/components/localized-client-link",
  () => require("./starter/modules/common/components/localized-client-link"),
  { virtual: true }
)
jest.mock(
  "@modules/checkout/components/error-message",
  () => require("./starter/modules/checkout/components/error-message"),
  { virtual: true }
)
jest.mock("@modules/checkout/components/tbc-return", () => require("../src/modules/checkout/components/tbc-return"), {
  virtual: true,
})
jest.mock("next/navigation", () => require("./starter/next/navigation"), { virtual: true })
jest.mock("next/cache", () => require("./starter/next/cache"), { virtual: true })
jest.mock("next", () => require("./starter/next"), { virtual: true })
jest.mock("medusa-payment-tbc-storefront", () => require("../../../packages/storefront/src"), { virtual: true })
jest.mock("medusa-payment-tbc-storefront/react", () => require("../../../packages/storefront/src/react"), {
  virtual: true,
})
/* eslint-enable @typescript-eslint/no-require-imports */

import TbcReturnView from "../src/modules/checkout/components/tbc-return/view"
import TbcPaymentButton from "../src/modules/checkout/components/tbc-payment-button"
import { TbcCardOptions, isOffered, useTbcPaymentStep } from "../src/modules/checkout/components/tbc-card-options"
import { listTbcPaymentOptions } from "../src/lib/data/tbc"
import TbcReturnPage from "../src/app/[countryCode]/(checkout)/tbc/return/page"
import { cardLineOf, paymentInfoOf, tbcPaymentInfo } from "../src/lib/tbc-payment-info"
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of its own (it rewrites the guide)
const { GUIDE, ROOT, includesOf, readFromRoot } = require("./guide-includes")

const h = React.createElement
const render = (element: React.ReactElement) => renderToStaticMarkup(element)
const failed = (code: TbcPaymentError["code"], resultCode?: string): TbcReturnState => ({
  status: "failed",
  error: new TbcPaymentError(code, { resultCode }),
})

beforeEach(() => Object.assign(guideConfig(), { countryCode: "ge", locale: null, navigations: [] }))

describe("the guide's return page", () => {
  it("a decline says why in the shopper's language, with 'pay again' and 'back to cart' links", () => {
    for (const locale of ["en", "ka", "ru"]) {
      const words = tbcWords(locale)
      const html = render(h(TbcReturnView, { state: failed("declined", "116"), locale }))
      expect(html).toContain(words.declineReasons.insufficient_funds)
      expect(html).toContain(`href="/ge/checkout?step=payment"`)
      expect(html).toContain(`>${words.actions.pay_again}</button>`)
      expect(html).toContain(`href="/ge/cart"`)
      expect(html).toContain(`>${words.actions.back_to_cart}</button>`)
    }
  })

  it("waiting, an unknown cart and the cart changed at the bank each end in words and a way forward", () => {
    const waiting: TbcReturnState = { status: "waiting", error: new TbcPaymentError("installment_pending") }
    const cases: Array<[TbcReturnState, string, string, string]> = [
      [waiting, "ka", tbcWords("ka").errors.installment_pending, `href="/ge/"`],
      [{ status: "idle" }, "en", tbcWords("en").errors.cart_not_found, `href="/ge/"`],
      [failed("cart_changed"), "ru", tbcWords("ru").errors.cart_changed, `href="/ge/checkout?step=payment"`],
      [failed("store_unreachable"), "en", tbcWords("en").errors.store_unreachable, `href="/ge/cart"`],
    ]
    for (const [state, locale, words, link] of cases) {
      const html = render(h(TbcReturnView, { state, locale }))
      expect(html).toContain(words)
      expect(html).toContain(link)
    }
  })

  it("the route reads the cart from the URL and the locale from the starter's cookie, and starts confirming", async () => {
    guideConfig().locale = "ka-GE"
    const page = await TbcReturnPage({
      params: Promise.resolve({ countryCode: "ge" }),
      searchParams: Promise.resolve({ cart: "cart_01ABC" }),
    })
    expect(render(page)).toContain(tbcWords("ka").confirming)
    const noCart = await TbcReturnPage({
      params: Promise.resolve({ countryCode: "ge" }),
      searchParams: Promise.resolve({ cart: "javascript:alert(1)" }),
    })
    expect(render(noCart)).toContain(tbcWords("ka").errors.cart_not_found)
  })
})

describe("the guide's payment step", () => {
  const card = { id: "tbccard_1", card_mask: "4***********1111", expiry_date: "0527" }
  const options = (saveCard: boolean | null, savedCardId?: string) =>
    h(TbcCardOptions, {
      savedCards: [card],
      savedCardId,
      onSavedCardChange: () => undefined,
      saveCard,
      onSaveCardChange: () => undefined,
    })

  it("lists saved cards and shows 'save this card' only when the hook allows it", () => {
    expect(render(options(false))).toContain("Save this card for next time")
    expect(render(options(false))).toContain("4***********1111")
    expect(render(options(false))).toContain("(expires 05/27)")
    expect(render(options(null))).not.toContain("Save this card")
  })

  it("the hook sends the return route with the cart, and no save-card box before the store's options are known", () => {
    let step: ReturnType<typeof useTbcPaymentStep> | undefined
    const cart = { id: "cart_01ABC" } as Parameters<typeof useTbcPaymentStep>[0]
    const Probe = () => {
      step = useTbcPaymentStep(cart, "pp_tbc-checkout_tbc")
      return h("div", null, step.options)
    }
    const html = render(h(Probe))
    expect(step?.isTbc).toBe(true)
    expect(step?.sessionData()).toEqual({ return_url: "https://localhost:8000/ge/tbc/return?cart=cart_01ABC" })
    expect(html).toContain('data-testid="tbc-card-options"')
    expect(html).not.toContain("Save this card")
  })

  it("asks the store which TBC options the cart may have, and leaves out those it reports unavailable", async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same mapped module the data file uses
    const { sdk } = require("@lib/config") as { sdk: { client: { fetch: (...args: unknown[]) => Promise<unknown> } } }
    const option = (provider_id: string, available?: boolean) => ({
      provider_id,
      methods: [5],
      save_cards: false,
      available,
    })
    const reported = [option("pp_tbc-card_tbc", true), option("pp_tbc-installment-plan_tbc", false)]
    const fetch = jest.spyOn(sdk.client, "fetch").mockResolvedValue({ payment_options: reported })
    try {
      expect(await listTbcPaymentOptions("cart_01ABC")).toEqual(reported)
      expect(fetch).toHaveBeenCalledWith("/store/tbc/payment-options", { query: { cart_id: "cart_01ABC" } })
    } finally {
      fetch.mockRestore()
    }
    expect(isOffered(reported, "pp_tbc-card_tbc")).toBe(true)
    expect(isOffered(reported, "pp_tbc-installment-plan_tbc")).toBe(false)
    // not a TBC option (or not reported for the cart): the store's list decides
    expect(isOffered(reported, "pp_system_default")).toBe(true)
    expect(isOffered([option("pp_tbc-qr_tbc")], "pp_tbc-qr_tbc")).toBe(true)
  })

  it("the review button goes to the bank's page, or places the order for a saved card", () => {
    const cartWith = (data: Record<string, unknown>) =>
      ({
        id: "cart_1",
        payment_collection: { payment_sessions: [{ provider_id: "pp_tbc-checkout_tbc", data }] },
      }) as unknown as Parameters<typeof TbcPaymentButton>[0]["cart"]
    const toBank = render(
      h(TbcPaymentButton, { cart: cartWith({ redirect_url: "https://tpay.tbc/pay/1" }), notReady: false })
    )
    expect(toBank).toContain(">Pay with TBC</button>")
    expect(render(h(TbcPaymentButton, { cart: cartWith({}), notReady: false }))).toContain(">Place order</button>")
  })
})

describe("the guide's order page pieces", () => {
  it("a TBC payment has its title, any unknown provider a fallback, and the card's last four digits", () => {
    const map = { pp_system_default: { title: "Manual Payment", icon: h("span") }, ...tbcPaymentInfo }
    expect(paymentInfoOf(map, "pp_tbc-checkout_tbc").title).toBe("Card (TBC Bank)")
    expect(paymentInfoOf(map, "pp_something_else").title).toBe("pp_something_else")
    expect(cardLineOf({ data: { card_last4: "4444" } })).toBe("**** **** **** 4444")
    expect(cardLineOf({ data: { card_last4: "44444" } })).toBeNull()
    expect(cardLineOf({ data: null })).toBeNull()
  })
})

describe("docs/storefront-nextjs.md", () => {
  const filesUnder = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name)
      return entry.isDirectory() ? filesUnder(full) : [path.relative(ROOT, full).split(path.sep).join("/")]
    })

  it("shows every file of docs/storefront-dtc/src whole and exactly as it is (the files the tests run)", () => {
    const includes: Array<{ file: string; block: string }> = includesOf(fs.readFileSync(GUIDE, "utf8"))
    expect(includes.map((include) => include.file).sort()).toEqual(filesUnder(path.join(__dirname, "..", "src")).sort())
    for (const { file, block } of includes) expect({ file, block }).toEqual({ file, block: readFromRoot(file) })
  })
})
