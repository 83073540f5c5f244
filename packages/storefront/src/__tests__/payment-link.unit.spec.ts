/**
 * The page a TBC payment link opens: which link a URL names (and the token kept for the way back
 * from the bank), amounts from tetri, and what the page says in each of the link's states in
 * English, Georgian and Russian. The kit's types are checked here against the plugin's contract
 * (src/lib/payment-links.ts), so the two cannot drift apart.
 */
import type {
  PaymentLinkClosedReason,
  PaymentLinkStatus,
  StorePaymentLinkView,
} from "../../../../src/lib/payment-links"
import { PAYMENT_LINK_CLOSED_REASONS, PAYMENT_LINK_STATUSES } from "../../../../src/lib/payment-links"
import {
  effectiveLinkStatus,
  formatTetri,
  linkBankLanguage,
  linkReadFailed,
  rememberLinkToken,
  StoreRequestError,
  tbcPaymentLinkFromUrl,
  tbcPaymentLinkPath,
  tbcPaymentLinkView,
  tbcWords,
  type TbcPaymentLink,
  type TbcPaymentLinkClosedReason,
  type TbcPaymentLinkStatus,
} from ".."

// compile-time: what the store answers is what the kit reads, and the kit names every status and reason
const _fromStore = (answer: StorePaymentLinkView): TbcPaymentLink => answer
const _status = (status: PaymentLinkStatus): TbcPaymentLinkStatus => status
const _statusBack = (status: TbcPaymentLinkStatus): PaymentLinkStatus => status
const _reason = (reason: PaymentLinkClosedReason): TbcPaymentLinkClosedReason => reason
const _reasonBack = (reason: TbcPaymentLinkClosedReason): PaymentLinkClosedReason => reason
void [_fromStore, _status, _statusBack, _reason, _reasonBack]

const ID = "tbcpl_01JLINK0000000000000000"
const TOKEN = "tok_3q2-Xb9aZ0dQ7mW1kL5pR8sT4uV6yN0c"
const NOW = new Date("2026-12-02T08:00:00Z")
const LINK: TbcPaymentLink = {
  id: ID,
  status: "open",
  amount: 125005,
  currency_code: "gel",
  expires_at: "2026-12-05T14:00:00Z",
  order: {
    display_id: 1042,
    items: [
      { title: "Khachapuri", quantity: 2, total: 3000 },
      { title: "Saperavi", quantity: 1, total: 122005 },
    ],
    total: 125005,
  },
}
const memory = () => {
  const kept = new Map<string, string>()
  return { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, v: string) => void kept.set(key, v) }
}

describe("the link a URL names", () => {
  it("reads the id from the path and the token from the query, as the plugin makes the URL", () => {
    const url = `https://shop.ge/ge${tbcPaymentLinkPath(ID, TOKEN)}`
    expect(url).toBe(`https://shop.ge/ge/tbc/pay/${ID}?token=${TOKEN}`)
    expect(tbcPaymentLinkFromUrl(url, memory())).toEqual({ linkId: ID, token: TOKEN, returned: false })
    // the demo storefront's URL (returnUrl http://localhost:8000/ → /pay/<id>)
    expect(tbcPaymentLinkFromUrl(`http://localhost:8000/pay/${ID}?token=${TOKEN}`, memory())?.token).toBe(TOKEN)
  })

  it("back from the bank (no token in the URL) uses the token this tab kept before leaving", () => {
    const tab = memory()
    const back = `https://shop.ge/ge/tbc/pay/${ID}?returned=1`
    expect(tbcPaymentLinkFromUrl(back, tab)).toEqual({ linkId: ID, token: null, returned: true })
    rememberLinkToken(ID, TOKEN, tab)
    expect(tbcPaymentLinkFromUrl(back, tab)).toEqual({ linkId: ID, token: TOKEN, returned: true })
  })

  it.each([
    ["no link id", `https://shop.ge/ge/tbc/pay/?token=${TOKEN}`],
    ["an order id instead", `https://shop.ge/ge/tbc/pay/order_01ABCDEFGH?token=${TOKEN}`],
    ["not a URL", "http://[::1"],
  ])("names no link with %s", (_why, url) => {
    expect(tbcPaymentLinkFromUrl(url, memory())).toBeNull()
  })

  it("drops a malformed token (the page then says the link is not valid)", () => {
    expect(tbcPaymentLinkFromUrl(`https://shop.ge/tbc/pay/${ID}?token=short`, memory())?.token).toBeNull()
  })

  it("asks the bank's page in the shopper's language", () => {
    expect([linkBankLanguage("ka-GE"), linkBankLanguage("ru"), linkBankLanguage("de"), linkBankLanguage(null)]).toEqual(
      ["KA", "RU", "EN", "EN"]
    )
  })
})

describe("amounts in tetri", () => {
  it.each([
    [125005, "en", "1,250.05\u00a0₾"],
    [125005, "ka", "1\u00a0250,05\u00a0₾"],
    [125005, "ru", "1\u00a0250,05\u00a0₾"],
    [5, "en", "0.05\u00a0₾"],
    [0, "ka", "0,00\u00a0₾"],
    [123456789012, "en", "1,234,567,890.12\u00a0₾"],
  ])("%i tetri in %s is %s", (tetri, locale, text) => {
    expect(formatTetri(tetri, locale)).toBe(text)
  })
})

describe("what the link's page says", () => {
  it("an open link: the order, its lines, the amount, the expiry in Tbilisi's time and a Pay button", () => {
    const view = tbcPaymentLinkView({ status: "loaded", link: LINK }, "en", NOW)
    expect(view).toMatchObject({
      tone: "ready",
      title: "Pay for your order",
      order: "Order #1042",
      lines: [
        { title: "Khachapuri", quantity: "× 2", amount: "30.00\u00a0₾" },
        { title: "Saperavi", quantity: "× 1", amount: "1,220.05\u00a0₾" },
      ],
      amount: { label: "Amount to pay", value: "1,250.05\u00a0₾" },
      pay: { label: "Pay 1,250.05\u00a0₾", busy: false },
      error: null,
    })
    // 14:00 UTC is 18:00 in Tbilisi (UTC+4)
    expect(view.expires?.value).toBe("5 December 2026, 18:00")
  })

  it("in Georgian and Russian: every word in the shopper's language", () => {
    const ka = tbcPaymentLinkView({ status: "loaded", link: LINK }, "ka", NOW)
    expect(ka.title).toBe("შეკვეთის გადახდა")
    expect(ka.order).toBe("შეკვეთა #1042")
    expect(ka.pay?.label).toBe("გადაიხადეთ 1\u00a0250,05\u00a0₾")
    expect(ka.lines[0].quantity).toBe("2 ც.")
    expect(ka.expires?.label).toBe(tbcWords("ka").paymentLink.expires)
    expect(ka.expires?.value).toBe("5 დეკემბერი 2026, 18:00")
    const ru = tbcPaymentLinkView({ status: "loaded", link: LINK }, "ru", NOW)
    expect([ru.title, ru.order, ru.pay?.label]).toEqual([
      "Оплата заказа",
      "Заказ №1042",
      "Оплатить 1\u00a0250,05\u00a0₾",
    ])
    expect(ru.expires?.value).toBe("5 декабря 2026, 18:00")
    // midnight in Tbilisi is 20:00 UTC the day before
    expect(
      tbcPaymentLinkView({ status: "loaded", link: { ...LINK, expires_at: "2026-12-31T20:00:00Z" } }, "en", NOW).expires
        ?.value
    ).toBe("1 January 2027, 00:00")
  })

  it("while the bank's page is asked for, the button is busy", () => {
    const view = tbcPaymentLinkView({ status: "loaded", link: LINK, opening: true }, "ka", NOW)
    expect(view.pay).toEqual({ label: tbcWords("ka").checkout.opening, busy: true })
  })

  it("a payment under way at the bank: 'confirming', and a way back to the bank's page", () => {
    const view = tbcPaymentLinkView({ status: "loaded", link: { ...LINK, status: "paying" } }, "en", NOW)
    expect([view.tone, view.title, view.pay?.label]).toEqual([
      "waiting",
      "Confirming your payment",
      "Continue to the bank",
    ])
  })

  it.each(["paid", "closed", "expired"] as const)("a %s link offers no payment and no expiry", (status) => {
    for (const locale of ["en", "ka", "ru"]) {
      const view = tbcPaymentLinkView({ status: "loaded", link: { ...LINK, status } }, locale, NOW)
      expect(view.pay).toBeNull()
      expect(view.expires).toBeNull()
      expect(view.title).toBe(tbcWords(locale).paymentLink.titles[status])
      expect(view.message).toBe(tbcWords(locale).paymentLink.statuses[status])
    }
    const paid = tbcPaymentLinkView({ status: "loaded", link: { ...LINK, status: "paid" } }, "en", NOW)
    expect([paid.tone, paid.amount?.label]).toEqual(["success", "Paid"])
  })

  it("a closed link says why it was closed", () => {
    for (const reason of PAYMENT_LINK_CLOSED_REASONS) {
      const view = tbcPaymentLinkView(
        { status: "loaded", link: { ...LINK, status: "closed", closed_reason: reason } },
        "ka"
      )
      expect(view.message).toBe(tbcWords("ka").paymentLink.closedReasons[reason])
    }
    const changed = { ...LINK, status: "closed" as const, closed_reason: "order_changed" as const }
    expect(tbcPaymentLinkView({ status: "loaded", link: changed }, "en").message).toMatch(/order changed/)
  })

  it("an open link past its expiry is expired on the page, whatever the store last said", () => {
    const late = new Date("2026-12-05T14:00:00Z")
    expect(effectiveLinkStatus(LINK, late)).toBe("expired")
    expect(effectiveLinkStatus({ ...LINK, status: "paid" }, late)).toBe("paid")
    expect(tbcPaymentLinkView({ status: "loaded", link: LINK }, "en", late).pay).toBeNull()
  })

  it("a wrong link (404, the same for a wrong token) and an unreadable store are said apart", () => {
    const notFound = tbcPaymentLinkView(linkReadFailed(new StoreRequestError(404, "Not found", {})), "ru")
    expect([notFound.tone, notFound.message]).toEqual(["error", tbcWords("ru").paymentLink.notFound])
    const missing = tbcPaymentLinkView({ status: "missing" }, "ka")
    expect(missing.message).toBe(tbcWords("ka").paymentLink.notFound)
    const down = tbcPaymentLinkView(linkReadFailed(new TypeError("fetch failed")), "en")
    expect(down.message).not.toBe(tbcWords("en").paymentLink.notFound)
    expect(down.pay).toBeNull()
  })

  it("back from the bank in a tab that did not keep the token: thanks, and how to see the state", () => {
    const view = tbcPaymentLinkView({ status: "returned" }, "ka")
    expect([view.title, view.message]).toEqual([
      tbcWords("ka").paymentLink.titles.returned,
      tbcWords("ka").paymentLink.returned,
    ])
  })

  it("has words for every status and closed reason of the contract", () => {
    for (const locale of ["en", "ka", "ru"]) {
      const words = tbcWords(locale).paymentLink
      expect(Object.keys(words.statuses).sort()).toEqual([...PAYMENT_LINK_STATUSES].sort())
      expect(Object.keys(words.closedReasons).sort()).toEqual([...PAYMENT_LINK_CLOSED_REASONS].sort())
    }
  })
})
