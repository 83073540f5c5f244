/**
 * The account-holder and payment-method methods of the real tbc-checkout provider class against
 * the local sandbox bank (no Medusa app; our tables are a scripted `__pg_connection__`): the
 * account holder id, listPaymentMethods from tbc_saved_card, savePaymentMethod's zero-amount
 * saveCard payment recorded before its link, deletion at the bank.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { withShopperAddress } from "../../common/shopper-address"
import { customerA, saveCardAtBank, sealedData } from "./saved-card-fixtures"
import { CALLS, RETURN_URL, STORE_URL, caught, harnessPerSuite } from "./provider-harness"

jest.setTimeout(30_000)

const DELETE_CARD = "POST /v1/tpay/payments/{recId}/delete"
const PROVIDER_ID = "pp_tbc-checkout_tbc"
const holderA = { data: { id: "tbc_cus_A", customer_id: "cus_A" } }

const h = harnessPerSuite()

/** What the provider reads and writes of our tables, in memory: selects answer `cards`, inserts are kept. */
function scriptedPg(cards: Record<string, unknown>[] = [], failInsert = false) {
  const calls: { sql: string; bindings: unknown[] }[] = []
  const pg = {
    raw: async (sql: string, bindings: unknown[]) => {
      if (/from tbc_provider_setting/.test(sql)) return { rows: [] } // no admin settings: the config's options
      calls.push({ sql, bindings })
      if (/^\s*select/i.test(sql)) return { rows: cards }
      if (failInsert) throw new Error("database down")
      return { rows: [] }
    },
  }
  return { calls, cradle: { __pg_connection__: pg } }
}

const card = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  card_mask: "411111******1111",
  expiry_date: "1230",
  save_until: null,
  created_at: new Date("2026-11-20T10:00:00Z"),
  ...overrides,
})

describe("account holder and payment methods", () => {
  it("account holder id is derived from the customer; deletion reaches the bank once", async () => {
    const provider = h.provider({ saveCards: true })
    const holder = await provider.createAccountHolder({ context: { customer: customerA } })
    expect(holder).toEqual({ id: "tbc_cus_A", data: { id: "tbc_cus_A", customer_id: "cus_A" } })

    const recId = await saveCardAtBank(h, provider)
    const deletes = h.calls(DELETE_CARD)
    const input = { data: { id: "tbccard_1", ...sealedData(recId) }, context: { customer: customerA } }
    expect((await provider.deletePaymentMethod(input)).data).toMatchObject({ deleted: true })
    expect(h.sandbox.state().savedCards.find((c) => c.recId === recId)?.deleted).toBe(true)
    expect((await provider.deletePaymentMethod(input)).data).toMatchObject({ already_deleted: true })
    expect(h.calls(DELETE_CARD)).toBe(deletes + 2)
  })

  it("lists the holder's customer's active, unexpired cards in the recipe's shape, never the token", async () => {
    const rows = [card("tbccard_new"), card("tbccard_old", { card_mask: "5***********1234", save_until: "0120" })]
    const { calls, cradle } = scriptedPg(rows)
    const provider = h.provider({ saveCards: true }, cradle)
    // what the recipe's route passes: only the account holder's data.id
    const listed = await provider.listPaymentMethods({ context: { account_holder: { data: { id: "tbc_cus_A" } } } })
    expect(listed).toEqual([
      {
        id: "tbccard_new",
        data: {
          card_mask: "411111******1111",
          expiry_date: "1230",
          save_until: null,
          created_at: "2026-11-20T10:00:00.000Z",
          card: { brand: "visa", last4: "1111", exp_month: 12, exp_year: 2030 },
        },
      },
    ])
    expect(calls[0].bindings).toEqual(["cus_A", PROVIDER_ID])
    expect(calls[0].sql).toMatch(/status = 'active'/)
    expect(calls[0].sql).not.toMatch(/rec_id/)
    // the full account holder Medusa stores, with the matching customer, reads the same
    expect(
      await provider.listPaymentMethods({ context: { account_holder: holderA, customer: customerA } })
    ).toHaveLength(1)
  })

  it("lists nothing for no customer, a contradicting customer, or outside an app", async () => {
    const { calls, cradle } = scriptedPg([card("tbccard_1")])
    const provider = h.provider({ saveCards: true }, cradle)
    expect(await provider.listPaymentMethods({ context: {} })).toEqual([])
    const bob = { id: "cus_B", email: "b@tbc-it.ge" }
    expect(await provider.listPaymentMethods({ context: { account_holder: holderA, customer: bob } })).toEqual([])
    expect(await provider.listPaymentMethods({ context: { account_holder: { data: { id: "stripe_x" } } } })).toEqual([])
    expect(calls).toHaveLength(0)
    expect(await h.provider({ saveCards: true }).listPaymentMethods({ context: { customer: customerA } })).toEqual([])
  })

  it("adds a card: a zero-amount saveCard card payment, recorded before its link; paying it saves the card", async () => {
    const { calls, cradle } = scriptedPg()
    const provider = h.provider({ saveCards: true, methods: [5, 7, 8], preAuth: true }, cradle)
    // the customer's own request (the card-addition route runs it with her address)
    const out = await withShopperAddress("198.51.100.23", () =>
      provider.savePaymentMethod({
        data: { save_card_to_date: "1229" },
        context: { customer: customerA, account_holder: holderA },
      })
    )
    expect(out.id).toMatch(/^tbccadd_/)
    const payId = out.data!.payId as string
    expect(out.data).toEqual({
      status: "pending",
      payId,
      redirect_url: expect.any(String),
      approvalUrl: out.data!.redirect_url,
    })
    const payment = h.payment(payId)
    expect(payment).toMatchObject({ amount: 0, preAuth: false, methods: [5], merchantPaymentId: out.id })
    expect(payment.request).toMatchObject({
      saveCard: true,
      saveCardToDate: "1229",
      returnurl: RETURN_URL,
      userIpAddress: "198.51.100.23",
    })
    expect(JSON.stringify(out.data)).not.toContain("198.51.100.23")
    // the plain callback URL: no session stands behind this payment
    expect(payment.callbackUrl).toBe(`${STORE_URL}/hooks/payment/tbc-checkout_tbc`)
    const insert = calls.find((call) => /insert into tbc_card_addition/.test(call.sql))
    expect(insert?.bindings).toEqual([out.id, PROVIDER_ID, "cus_A", payId])

    await h.pay(payId, "success")
    expect(h.sandbox.state().savedCards.find((saved) => saved.payId === payId)).toBeDefined()
  })

  it.each([
    ["a guest", {}, { context: {} }, MedusaError.Types.NOT_ALLOWED, /Log in/],
    [
      "another customer's account holder",
      {},
      { context: { customer: { id: "cus_B", email: "b@x.ge" }, account_holder: holderA } },
      MedusaError.Types.NOT_ALLOWED,
      /another customer/,
    ],
    ["saveCards off", { saveCards: false }, {}, MedusaError.Types.NOT_ALLOWED, /saveCards/],
    ["no card method", { methods: [7] }, {}, MedusaError.Types.NOT_ALLOWED, /card method \(5\)/],
    [
      "a save_card_to_date that is not MMYY",
      {},
      { data: { save_card_to_date: "1330" } },
      MedusaError.Types.INVALID_DATA,
      /data.save_card_to_date/,
    ],
    [
      "a foreign return_url",
      {},
      { data: { return_url: "https://evil.example/" } },
      MedusaError.Types.INVALID_DATA,
      /return_url/,
    ],
  ])("refuses to add a card for %s, before the bank is asked", async (_what, options, input, type, message) => {
    const { cradle } = scriptedPg()
    const provider = h.provider({ saveCards: true, ...options }, cradle)
    const creates = h.calls(CALLS.create)
    const error = await caught(provider.savePaymentMethod({ context: { customer: customerA }, ...input }))
    expect(error.type).toBe(type)
    expect(error.message).toMatch(message)
    expect(h.calls(CALLS.create)).toBe(creates)
  })

  it("hands out no link when the addition cannot be recorded, and none outside an app", async () => {
    const failing = h.provider({ saveCards: true }, scriptedPg([], true).cradle)
    const error = await caught(failing.savePaymentMethod({ context: { customer: customerA } }))
    expect(error.message).toMatch(/record the card being added/)
    expect(JSON.stringify(error)).not.toMatch(/approval|redirect/i)
    const outside = await caught(
      h.provider({ saveCards: true }).savePaymentMethod({ context: { customer: customerA } })
    )
    expect(outside.type).toBe(MedusaError.Types.UNEXPECTED_STATE)
  })
})
