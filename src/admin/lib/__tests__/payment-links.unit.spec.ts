/**
 * The widget's "Request payment with TBC": what an order or draft order owes in tetri, when a link
 * is offered (and why not, in the merchant's words), and each link as a row of the list.
 */
import fc from "fast-check"
import type { PaymentLinkView } from "../../../lib/payment-links"
import { propertyRuns } from "../../../lib/__tests__/property-runs"
import { translatorFor } from "../i18n"
import ka from "../../i18n/json/ka.json"
import ru from "../../i18n/json/ru.json"
import { gelText, linkOffer, linkRow, owedTetriOf, showsPaymentLinks, type OwingOrder } from "../payment-links"

const link = (over: Partial<PaymentLinkView> = {}): PaymentLinkView => ({
  id: "tbcpl_01JLINK00000000",
  order_id: "order_1",
  amount: 4550,
  currency_code: "gel",
  status: "open",
  url: null,
  expires_at: "2026-12-05T14:00:00.000Z",
  created_at: "2026-12-02T14:00:00.000Z",
  ...over,
})
const phoneOrder: OwingOrder = {
  currency_code: "gel",
  status: "pending",
  total: 45.5,
  summary: { pending_difference: 45.5 },
}
const draft: OwingOrder = { currency_code: "gel", status: "draft", total: 120.05 }

describe("what an order owes, in tetri", () => {
  it("is Medusa's pending difference; a draft order (nothing paid yet) owes its total", () => {
    expect(owedTetriOf(phoneOrder)).toBe(4550)
    expect(owedTetriOf(draft)).toBe(12005)
    expect(owedTetriOf({ ...phoneOrder, summary: { pending_difference: "0.1" } })).toBe(10)
  })

  it("is nothing for another currency, a canceled order, a refund due, or an amount not exact in tetri", () => {
    expect(owedTetriOf({ ...phoneOrder, currency_code: "usd" })).toBe(0)
    expect(owedTetriOf({ ...phoneOrder, status: "canceled" })).toBe(0)
    expect(owedTetriOf({ ...phoneOrder, summary: { pending_difference: -5 } })).toBe(0)
    expect(owedTetriOf({ ...phoneOrder, summary: { pending_difference: 0.001 } })).toBe(0)
    expect(owedTetriOf({ currency_code: "gel", status: "pending" })).toBe(0)
  })

  it("is the exact tetri of any amount with at most two decimals (never a float's rounding)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (tetri) => {
        const major = `${Math.floor(tetri / 100)}.${String(tetri % 100).padStart(2, "0")}`
        expect(owedTetriOf({ ...phoneOrder, summary: { pending_difference: major } })).toBe(tetri)
        expect(gelText(tetri)).toBe(`${major} GEL`)
      }),
      { numRuns: propertyRuns(300) }
    )
  })
})

describe("when a link is offered", () => {
  it("for an order or a draft order in GEL that owes money; a new link replaces the open one", () => {
    expect(linkOffer(phoneOrder, [])).toEqual({ offered: true, owed: 4550, replaces: null })
    expect(linkOffer(draft, [])).toEqual({ offered: true, owed: 12005, replaces: null })
    const open = link()
    expect(linkOffer(phoneOrder, [open, link({ id: "tbcpl_old", status: "expired" })])).toEqual({
      offered: true,
      owed: 4550,
      replaces: open,
    })
  })

  it.each([
    ["notGel", { ...phoneOrder, currency_code: "eur" }, []],
    ["canceled", { ...phoneOrder, status: "canceled" }, []],
    ["owesNothing", { ...phoneOrder, summary: { pending_difference: 0 } }, []],
    ["paying", phoneOrder, [link({ status: "paying" })]],
    // money only held at the bank counts in Medusa's pending difference: capture first
    ["held", { ...phoneOrder, payment_collections: [{ status: "authorized" }] }, []],
  ] as const)("not when %s", (why, order, links) => {
    expect(linkOffer(order, [...links])).toEqual({ offered: false, why })
  })

  it("after a held payment is captured and an edit left the order owing, the difference is offered", () => {
    const edited = {
      ...phoneOrder,
      summary: { pending_difference: 12.5 },
      payment_collections: [{ status: "completed" }, { status: "not_paid" }],
    }
    expect(linkOffer(edited, [])).toEqual({ offered: true, owed: 1250, replaces: null })
  })

  it("never while a link is being paid, whatever the order owes (property)", () => {
    const statuses = fc.constantFrom("open", "paying", "paid", "closed", "expired" as const)
    fc.assert(
      fc.property(fc.array(statuses, { maxLength: 5 }), fc.integer({ min: -100, max: 100_000 }), (list, owed) => {
        const links = list.map((status, i) => link({ id: `tbcpl_${i}`, status }))
        const order = { ...phoneOrder, summary: { pending_difference: owed / 100 } }
        const offer = linkOffer(order, links)
        if (list.includes("paying")) expect(offer).toEqual({ offered: false, why: "paying" })
        if (offer.offered) expect(offer.owed).toBe(owed)
        // the part stays on screen while the order has had links, so their state is seen
        expect(showsPaymentLinks(order, links)).toBe(offer.offered || links.length > 0)
      }),
      { numRuns: propertyRuns(300) }
    )
  })
})

describe("a link as a row of the list", () => {
  it("says its status and why it was closed in the admin's language; only an open link can be closed", () => {
    expect(linkRow(link())).toMatchObject({
      amount: "45.50 GEL",
      status: { label: "Open", color: "blue" },
      closable: true,
    })
    expect(linkRow(link({ status: "paying" }))).toMatchObject({ status: { label: "Being paid" }, closable: false })
    const changed = link({ status: "closed", closed_reason: "order_changed" })
    expect(linkRow(changed)).toMatchObject({
      closedReason: "The order changed: request a new link",
      closable: false,
      status: { color: "grey" },
    })
    const tKa = translatorFor(ka, "ka")
    expect(linkRow(link({ status: "paid", notified: true }), tKa)).toMatchObject({
      status: { label: "გადახდილი", color: "green" },
      notified: true,
    })
    expect(linkRow(changed, translatorFor(ru, "ru")).closedReason).toBe("Заказ изменился: запросите новую ссылку")
  })
})
