import fc from "fast-check"
import {
  DECLINED_MESSAGE,
  EXPIRED_MESSAGE,
  NOT_PAID_YET_MESSAGE,
  RETURNED_MESSAGE,
  STILL_PROCESSING_MESSAGE,
} from "../../../../src/lib/checkout-status"
import { INSTALLMENT_STATUS } from "../../../../src/lib/tbc/types"
import { CHECKING_PAYMENT_MESSAGE } from "../../../../src/providers/tbc-checkout/saved-cards/saved-card-payment"
import { notApprovedYetMessage } from "../../../../src/providers/tbc-installments/service"
import { classifyStoreMessage, judgeCompletion, judgeStatus, TBC_LOCALES, tbcMessage, type TbcPaymentStatus } from ".."
import { NOT_APPROVED_YET } from "./complete-payment-fixtures"

const answer = (fields: Partial<TbcPaymentStatus>): TbcPaymentStatus => ({
  cart_id: "cart_1",
  status: "pending",
  reason: null,
  provider_id: null,
  order_id: null,
  result_code: null,
  ...fields,
})

describe("judgeCompletion (properties)", () => {
  it("an order is always the order; a 409, 'not paid yet' or 'not approved yet' is always asked again", () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        expect(judgeCompletion({ response: { type: "order", order: { id } } })).toEqual({
          kind: "order",
          order: { id },
        })
        expect(judgeCompletion({ error: Object.assign(new Error("busy"), { status: 409 }) })).toMatchObject({
          kind: "retry",
          code: "cart_busy",
        })
        const notYet = { type: "cart" as const, cart: { id: "cart_1" }, error: { message: NOT_PAID_YET_MESSAGE } }
        expect(judgeCompletion({ response: notYet })).toMatchObject({ kind: "retry", code: "payment_pending" })
        const notApproved = { type: "cart" as const, cart: { id: "cart_1" }, error: { message: NOT_APPROVED_YET } }
        expect(judgeCompletion({ response: notApproved })).toMatchObject({ kind: "retry", code: "installment_pending" })
      })
    )
  })

  it("a shopper never reads the store's words, whatever Medusa answers", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.constantFrom(400, 404, 500, undefined), (message, status) => {
        const step = judgeCompletion({ error: Object.assign(new Error(message), { status }) })
        const error = step.kind === "failed" ? step.error : null
        if (error) {
          expect(TBC_LOCALES.map((locale) => error.messageIn(locale))).toEqual(
            TBC_LOCALES.map((locale) => tbcMessage(error.code, locale))
          )
          expect(error.storeMessage).toBe(message)
        } else {
          expect(step.kind).toBe("retry")
        }
      })
    )
  })
})

describe("judgeStatus", () => {
  it("decided → complete; pending → retry with its reason; failed → the error with its reason and resultCode", () => {
    expect(judgeStatus(answer({ status: "decided" }))).toEqual({ kind: "complete" })
    expect(judgeStatus(answer({ status: "pending", reason: "installment_pending" }))).toEqual({
      kind: "retry",
      code: "installment_pending",
    })
    const failed = judgeStatus(answer({ status: "failed", reason: "declined", result_code: "101" }))
    expect(failed).toMatchObject({ kind: "failed", error: { code: "declined", resultCode: "101" } })
  })

  it("an answer the kit does not know is never read as decided", () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string(), { nil: null }), (status, reason) => {
        fc.pre(status !== "decided")
        const step = judgeStatus(answer({ status: status as never, reason: reason as never }))
        expect(step.kind).not.toBe("complete")
      })
    )
  })
})

describe("the provider's messages and the kit stay in step", () => {
  it.each([
    [DECLINED_MESSAGE, "declined"],
    [EXPIRED_MESSAGE, "expired"],
    [RETURNED_MESSAGE, "canceled"],
    [NOT_PAID_YET_MESSAGE, "payment_pending"],
    [STILL_PROCESSING_MESSAGE, "payment_pending"],
    [CHECKING_PAYMENT_MESSAGE, "payment_pending"],
    ["Payment sessions are required to complete cart", "cart_changed"],
    ["Cart with id 'cart_01ABC' not found", "cart_not_found"],
    ["Cart with id cart_01ABC does not exist", "cart_not_found"],
    ["Failed to fetch", "store_unreachable"],
    ["fetch failed", "store_unreachable"],
  ])("%s → %s", (message, code) => {
    expect(classifyStoreMessage(message)).toBe(code)
  })

  const undecided = [
    INSTALLMENT_STATUS.Pending,
    INSTALLMENT_STATUS.InProgress,
    INSTALLMENT_STATUS.NeedConfirmation,
    INSTALLMENT_STATUS.WaitingForIncomeDocumentsUpload,
    INSTALLMENT_STATUS.WaitingForIncomeDocumentsVerification,
  ]
  it("every 'not approved yet' of the installments provider → installment_pending, whatever the bank's description", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...undecided),
        fc.option(fc.string(), { nil: undefined }),
        (statusId, description) => {
          expect(classifyStoreMessage(notApprovedYetMessage({ statusId, description, raw: {} }))).toBe(
            "installment_pending"
          )
        }
      )
    )
  })
})
