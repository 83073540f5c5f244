import fc from "fast-check"
import { MedusaError } from "@medusajs/framework/utils"
import { TbcApiError, TbcNetworkError, TbcTimeoutError } from "../../../lib/tbc/errors"
import { fakeBank } from "./saved-card-fake-bank"
import { createAccountHolder, deletePaymentMethod } from "../saved-cards/account-holder"
import { UNREADABLE_RESPONSE_TYPE } from "../../../lib/tbc/responses"
import {
  CHECKING_PAYMENT_MESSAGE,
  SAVED_CARD_DATA,
  authorizeWithSavedCard,
  initiateSavedCardSession,
  isClearRefusal,
  executionMovedNoMoney,
  isSavedCardSession,
  saveCardRequestFields,
  savedCardInitiate,
} from "../saved-cards/saved-card-payment"
import { sealSavedCard } from "../saved-cards/saved-card-seal"

const SECRET = "sandbox-client-secret"
const NOW = 1_800_000_000_000
const REC_ID = "0123456789abcdef0123456789abcdef"
const customerA = { customer: { id: "cus_A", email: "a@x.ge" } }
const sealFor = (customerId = "cus_A") =>
  sealSavedCard({ savedCardId: "tbccard_1", recId: REC_ID, customerId, issuedAt: NOW }, SECRET)

describe("saveCardRequestFields", () => {
  const base = { data: { save_card: true }, context: customerA, saveCardsEnabled: true, methods: [5] }

  it("asks the bank to save the card for a logged-in customer", () => {
    expect(saveCardRequestFields(base)).toEqual({ saveCard: true })
    expect(saveCardRequestFields({ ...base, data: { save_card: true, save_card_to_date: "1230" } })).toEqual({
      saveCard: true,
      saveCardToDate: "1230",
    })
  })

  it("ignores the wish for guests, with the option off, or when not exactly true", () => {
    expect(saveCardRequestFields({ ...base, context: {} })).toEqual({})
    expect(saveCardRequestFields({ ...base, saveCardsEnabled: false })).toEqual({})
    expect(saveCardRequestFields({ ...base, data: { save_card: "true" } })).toEqual({})
  })

  it("refuses methods 4, 8, 9 and 14 by name, whatever else is offered", () => {
    fc.assert(
      fc.property(fc.subarray([4, 5, 6, 7, 8, 9, 14]), (methods) => {
        const forbidden = methods.filter((m) => [4, 8, 9, 14].includes(m))
        const call = () => saveCardRequestFields({ ...base, methods })
        if (forbidden.length === 0) {
          expect(call()).toEqual({ saveCard: true })
        } else {
          expect(call).toThrow(MedusaError)
          expect(call).toThrow(new RegExp(`data.save_card: .*${forbidden.join(", ")}`))
        }
      })
    )
  })

  it("names the field of a bad save-until date", () => {
    expect(() => saveCardRequestFields({ ...base, data: { save_card: true, save_card_to_date: "1330" } })).toThrow(
      /data.save_card_to_date/
    )
  })
})

describe("savedCardInitiate", () => {
  it("accepts the owner's seal and binds the session to the customer", () => {
    const data = { [SAVED_CARD_DATA.seal]: sealFor(), payId: "stolen", [SAVED_CARD_DATA.payId]: "stolen" }
    expect(isSavedCardSession(data)).toBe(true)
    const out = savedCardInitiate({ data, context: customerA, clientSecret: SECRET, now: NOW })
    expect(out.savedCardId).toBe("tbccard_1")
    expect(out.data[SAVED_CARD_DATA.customerId]).toBe("cus_A")
    // storefront-sent bank ids are dropped when the data is stored
    expect(JSON.parse(JSON.stringify({ ...data, ...out.data }))).not.toHaveProperty("payId")
    expect(JSON.stringify(out)).not.toContain(REC_ID)
  })

  it("refuses guests, other customers and a raw recId", () => {
    expect(() =>
      savedCardInitiate({ data: { [SAVED_CARD_DATA.seal]: sealFor() }, context: {}, clientSecret: SECRET, now: NOW })
    ).toThrow(/log in/)
    expect(() =>
      savedCardInitiate({
        data: { [SAVED_CARD_DATA.seal]: sealFor("cus_B") },
        context: customerA,
        clientSecret: SECRET,
        now: NOW,
      })
    ).toThrow(/does not belong/)
    expect(() =>
      savedCardInitiate({
        data: { [SAVED_CARD_DATA.seal]: REC_ID },
        context: customerA,
        clientSecret: SECRET,
        now: NOW,
      })
    ).toThrow(/not one this store issued/)
  })
})

describe("authorizeWithSavedCard", () => {
  const session = () => ({
    [SAVED_CARD_DATA.seal]: sealFor(),
    [SAVED_CARD_DATA.customerId]: "cus_A",
    [SAVED_CARD_DATA.savedCardId]: "tbccard_1",
  })
  const args = (bank: ReturnType<typeof fakeBank>, data: Record<string, unknown>) => ({
    checkout: bank,
    data,
    clientSecret: SECRET,
    amount: 54.99,
    currency: "GEL" as const,
    preAuth: false,
    sessionId: "payses_1",
    now: NOW,
  })

  it("executes once with the session id as merchantPaymentId and no seal in the result", async () => {
    const bank = fakeBank()
    const result = await authorizeWithSavedCard(args(bank, session()))
    expect(result.kind).toBe("executed")
    expect(bank.executions).toEqual([
      { recId: REC_ID, money: { amount: 54.99, currency: "GEL" }, preAuth: false, merchantPaymentId: "payses_1" },
    ])
    expect(result.data[SAVED_CARD_DATA.payId]).toBe("pay1")
    expect(JSON.stringify(result.data)).not.toContain(SAVED_CARD_DATA.seal)
  })

  it("a merchant-initiated seal sends initiator merchant; a shopper's sends none (TBC's execution docs)", async () => {
    const bank = fakeBank()
    const merchantSeal = sealSavedCard(
      { savedCardId: "tbccard_1", recId: REC_ID, customerId: "cus_A", issuedAt: NOW, initiator: "merchant" },
      SECRET
    )
    await authorizeWithSavedCard(args(bank, { ...session(), [SAVED_CARD_DATA.seal]: merchantSeal }))
    await authorizeWithSavedCard(args(bank, session()))
    expect(bank.executions.map((execution) => execution.initiator)).toEqual(["merchant", undefined])
  })

  it("the store's charge is never a hold, whatever the preAuth option says", () => {
    const merchantSeal = sealSavedCard(
      { savedCardId: "tbccard_1", recId: REC_ID, customerId: "cus_A", issuedAt: Date.now(), initiator: "merchant" },
      SECRET
    )
    const shopperSeal = sealSavedCard(
      { savedCardId: "tbccard_1", recId: REC_ID, customerId: "cus_A", issuedAt: Date.now() },
      SECRET
    )
    const deps = {
      checkout: fakeBank(),
      options: { clientSecret: SECRET, preAuth: true, saveCards: true, statementText: undefined },
    }
    const initiate = (seal: string) =>
      initiateSavedCardSession(deps, {
        data: { session_id: "payses_1", [SAVED_CARD_DATA.seal]: seal },
        context: customerA,
        amount: 10,
        currency_code: "gel",
      }).data?.preAuth
    expect([initiate(merchantSeal), initiate(shopperSeal)]).toEqual([false, true])
  })

  it("a retry after success only reads the payment back", async () => {
    const bank = fakeBank(["WaitingConfirm"])
    const first = await authorizeWithSavedCard(args(bank, session()))
    const again = await authorizeWithSavedCard(args(bank, { ...session(), ...first.data }))
    expect(again.kind === "executed" && again.details.status).toBe("WaitingConfirm")
    expect(bank.executions).toHaveLength(1)
  })

  it("executionMovedNoMoney: only a declined (Failed) or Expired execution moved no money", () => {
    expect(executionMovedNoMoney("Failed")).toBe(true)
    expect(executionMovedNoMoney("Expired")).toBe(true)
    for (const status of [
      "Succeeded",
      "WaitingConfirm",
      "Returned",
      "PartialReturned",
      "Created",
      "Processing",
      "failed",
      "",
      undefined,
    ]) {
      expect(executionMovedNoMoney(status)).toBe(false)
    }
  })

  it("a retry after a declined execution may charge again", async () => {
    const bank = fakeBank(["Failed", "Succeeded"])
    const first = await authorizeWithSavedCard(args(bank, session()))
    const again = await authorizeWithSavedCard(args(bank, { ...session(), ...first.data }))
    expect(again.kind === "executed" && again.details.status).toBe("Succeeded")
    expect(bank.executions).toHaveLength(2)
  })

  it.each([
    ["a timeout", new TbcTimeoutError("POST /v1/tpay/payments/execution", 100)],
    ["a reset after sending", new TbcNetworkError("POST /v1/tpay/payments/execution", true, "ECONNRESET")],
  ])("after %s the outcome is uncertain and never re-sent", async (_name, error) => {
    const bank = fakeBank()
    bank.failNext = error
    const first = await authorizeWithSavedCard(args(bank, session()))
    expect(first.kind).toBe("uncertain")
    const again = await authorizeWithSavedCard(args(bank, { ...session(), ...first.data }))
    expect(again.kind).toBe("uncertain")
    expect(bank.executions).toHaveLength(0)
  })

  const EXECUTION_OP = "POST /v1/tpay/payments/execution"
  it.each([
    ["a 502 from the gateway", new TbcApiError(EXECUTION_OP, { status: 502, title: "Bad Gateway" })],
    ["a 503", new TbcApiError(EXECUTION_OP, { status: 503, title: "Service Unavailable" })],
    ["a 504", new TbcApiError(EXECUTION_OP, { status: 504, title: "Gateway Timeout" })],
    ["a 500", new TbcApiError(EXECUTION_OP, { status: 500, title: "Internal Server Error" })],
    [
      "an unreadable 200 body",
      new TbcApiError(EXECUTION_OP, { status: 200, type: UNREADABLE_RESPONSE_TYPE, title: "Unreadable bank response" }),
    ],
    ["an unexpected error", new Error("socket hang up")],
  ])(
    "after %s the outcome is uncertain: the shopper reads 'we are checking', nothing is re-sent",
    async (_name, error) => {
      const bank = fakeBank()
      bank.failNext = error
      const first = await authorizeWithSavedCard(args(bank, session()))
      expect(first).toMatchObject({ kind: "uncertain", message: CHECKING_PAYMENT_MESSAGE })
      expect(first.kind === "uncertain" && first.reason).toMatch(/bank|answer/)
      const again = await authorizeWithSavedCard(args(bank, { ...session(), ...first.data }))
      expect(again).toMatchObject({ kind: "uncertain", message: CHECKING_PAYMENT_MESSAGE })
      expect(bank.executions).toHaveLength(0)
      expect(CHECKING_PAYMENT_MESSAGE).not.toMatch(/try again/i)
    }
  )

  it("a readable 4xx refusal is rethrown: nothing was charged, a new attempt may execute", async () => {
    const bank = fakeBank()
    bank.failNext = new TbcApiError(EXECUTION_OP, { status: 400, title: "Bad Request", detail: "recId is invalid" })
    await expect(authorizeWithSavedCard(args(bank, session()))).rejects.toBeInstanceOf(TbcApiError)
    expect((await authorizeWithSavedCard(args(bank, session()))).kind).toBe("executed")
  })

  it("isClearRefusal: only readable 4xx answers (and refusals before sending) are clear (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.boolean(), (status, unreadable) => {
        const error = new TbcApiError(EXECUTION_OP, {
          status,
          ...(unreadable ? { type: UNREADABLE_RESPONSE_TYPE } : {}),
        })
        expect(isClearRefusal(error)).toBe(status >= 400 && status < 500 && !unreadable)
      })
    )
    expect(isClearRefusal(new TbcNetworkError(EXECUTION_OP, false, "ECONNREFUSED"))).toBe(true)
    expect(isClearRefusal(new TbcNetworkError(EXECUTION_OP, true, "ECONNRESET"))).toBe(false)
    expect(isClearRefusal(new TbcTimeoutError(EXECUTION_OP, 100))).toBe(false)
    expect(isClearRefusal(undefined)).toBe(false)
  })

  it("a connection refused before sending is rethrown (nothing was charged)", async () => {
    const bank = fakeBank()
    bank.failNext = new TbcNetworkError("POST /v1/tpay/payments/execution", false, "ECONNREFUSED")
    await expect(authorizeWithSavedCard(args(bank, session()))).rejects.toBeInstanceOf(TbcNetworkError)
  })

  it("refuses a seal whose customer is not the session's", async () => {
    const bank = fakeBank()
    const data = { ...session(), [SAVED_CARD_DATA.customerId]: "cus_B" }
    await expect(authorizeWithSavedCard(args(bank, data))).rejects.toThrow(/does not belong/)
    expect(bank.executions).toHaveLength(0)
  })
})

describe("account holder and payment methods", () => {
  it("derives a stable account holder id from the customer, with no secrets", () => {
    const out = createAccountHolder({ context: customerA })
    expect(out.id).toBe("tbc_cus_A")
    expect(createAccountHolder({ context: customerA }).id).toBe(out.id)
    expect(createAccountHolder({ context: { ...customerA, account_holder: { data: { id: "tbc_old" } } } }).id).toBe(
      "tbc_old"
    )
  })

  it("deletes at the bank from a seal only; already deleted is success", async () => {
    const bank = fakeBank()
    const input = { data: { id: "tbccard_1", [SAVED_CARD_DATA.seal]: sealFor() }, context: customerA }
    const deps = { checkout: bank, clientSecret: SECRET, now: NOW }
    expect((await deletePaymentMethod(input, deps)).data).toMatchObject({ deleted: true })
    expect((await deletePaymentMethod(input, deps)).data).toMatchObject({ already_deleted: true })
    expect(bank.deleted).toEqual([REC_ID])
    await expect(
      deletePaymentMethod({ data: { id: REC_ID, [SAVED_CARD_DATA.seal]: REC_ID }, context: customerA }, deps)
    ).rejects.toThrow()
    await expect(
      deletePaymentMethod({ ...input, context: { customer: { id: "cus_B", email: "b@x.ge" } } }, deps)
    ).rejects.toThrow(/does not belong/)
  })
})
