import fc from "fast-check"
import { sessionOutcome } from "../checkout-status"
import { placesOrder } from "../installment-status"
import {
  shopperInstallmentStatusId,
  statusFromBank,
  statusFromSession,
  statusFromStore,
  type StoredTbcSession,
} from "../shopper-payment-status"
import { CHECKOUT_STATUSES, INSTALLMENT_STATUS } from "../tbc/types"
import { propertyRuns } from "./property-runs"

const SESSION_STATUSES = [
  "pending",
  "requires_more",
  "pending_authorization",
  "authorized",
  "captured",
  "error",
  "canceled",
]
const session = fc.record({
  kind: fc.constantFrom<StoredTbcSession["kind"]>("tbc-checkout", "tbc-installments"),
  status: fc.constantFrom(...SESSION_STATUSES),
  bankId: fc.option(fc.constant("bank_1"), { nil: null }),
})

describe("the shopper's payment status", () => {
  it("a completed cart is decided; a cart without a TBC session changed while the shopper paid", () => {
    fc.assert(
      fc.property(fc.option(session, { nil: null }), (s) => {
        expect(statusFromStore(true, s)).toEqual({ status: "decided", reason: null, result_code: null })
      }),
      { numRuns: propertyRuns(50) }
    )
    expect(statusFromStore(false, null)).toEqual({ status: "failed", reason: "cart_changed", result_code: null })
  })

  it("asks the bank exactly when the bank has the payment and the store has not settled it", () => {
    fc.assert(
      fc.property(session, (s) => {
        const settled = s.status === "authorized" || s.status === "captured"
        expect(statusFromStore(false, s) === "ask_bank").toBe(Boolean(s.bankId) && !settled)
      }),
      { numRuns: propertyRuns(100) }
    )
  })

  it("a checkout payment is decided exactly when authorizePayment would place the order", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CHECKOUT_STATUSES, "SomethingNew"), (status) => {
        const outcome = sessionOutcome(status)
        const places = outcome.kind === "status" && (outcome.status === "authorized" || outcome.status === "captured")
        const answer = statusFromBank({ kind: "tbc-checkout", status, resultCode: "116" })
        expect(answer.status === "decided").toBe(places)
        expect(answer.status === "failed").toBe(outcome.kind === "failed")
      }),
      { numRuns: propertyRuns(50) }
    )
  })

  it("a declined card payment carries the bank's resultCode; expired and returned ones say so", () => {
    expect(statusFromBank({ kind: "tbc-checkout", status: "Failed", resultCode: "116" })).toEqual({
      status: "failed",
      reason: "declined",
      result_code: "116",
    })
    expect(statusFromBank({ kind: "tbc-checkout", status: "Expired" })).toMatchObject({ reason: "expired" })
    expect(statusFromBank({ kind: "tbc-checkout", status: "Returned" })).toMatchObject({ reason: "canceled" })
    expect(statusFromBank({ kind: "tbc-checkout", status: "Processing" })).toMatchObject({
      status: "pending",
      reason: "payment_pending",
    })
  })

  it("an installment is decided exactly when the bank's status places the order", () => {
    for (const statusId of [...Object.values(INSTALLMENT_STATUS), 99]) {
      const answer = statusFromBank({ kind: "tbc-installments", statusId })
      expect({ statusId, decided: answer.status === "decided" }).toEqual({ statusId, decided: placesOrder(statusId) })
    }
    expect(statusFromBank({ kind: "tbc-installments", statusId: INSTALLMENT_STATUS.Declined })).toMatchObject({
      reason: "installment_declined",
    })
    expect(statusFromBank({ kind: "tbc-installments", statusId: INSTALLMENT_STATUS.Expired })).toMatchObject({
      reason: "installment_canceled",
    })
    expect(statusFromBank({ kind: "tbc-installments", statusId: INSTALLMENT_STATUS.InProgress })).toMatchObject({
      status: "pending",
      reason: "installment_pending",
    })
  })

  it("when the bank cannot be asked, the session's own status answers: never decided unless the store says so", () => {
    fc.assert(
      fc.property(session, (s) => {
        const answer = statusFromSession(s)
        expect(answer.status === "decided").toBe(s.status === "authorized" || s.status === "captured")
      }),
      { numRuns: propertyRuns(100) }
    )
  })

  it("names the installment application's status: the bank's fresh answer, else the ledger's, else the session's; never for a card", () => {
    const { Pending, InProgress, WaitingForMerchant, Declined } = INSTALLMENT_STATUS
    const bank = (statusId: number) => ({ kind: "tbc-installments" as const, statusId })
    expect(shopperInstallmentStatusId("tbc-installments", { bank: bank(InProgress), ledger: "0", session: 0 })).toBe(
      InProgress
    )
    expect(shopperInstallmentStatusId("tbc-installments", { ledger: String(WaitingForMerchant), session: 0 })).toBe(
      WaitingForMerchant
    )
    expect(shopperInstallmentStatusId("tbc-installments", { ledger: null, session: Declined })).toBe(Declined)
    expect(shopperInstallmentStatusId("tbc-installments", {})).toBeNull()
    // an id the bank does not document is not shown; the next source answers
    expect(shopperInstallmentStatusId("tbc-installments", { bank: bank(99), ledger: "1" })).toBe(InProgress)
    expect(shopperInstallmentStatusId("tbc-installments", { ledger: "Created", session: "2" })).toBeNull()
    expect(shopperInstallmentStatusId("tbc-checkout", { ledger: "0", session: Pending })).toBeNull()
    expect(shopperInstallmentStatusId(null, { session: Pending })).toBeNull()
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -2, max: 20 }), { nil: undefined }),
        fc.option(fc.oneof(fc.integer({ min: -2, max: 20 }).map(String), fc.constant("Succeeded")), { nil: null }),
        fc.option(fc.integer({ min: -2, max: 20 }), { nil: undefined }),
        (fresh, ledger, session) => {
          const id = shopperInstallmentStatusId("tbc-installments", {
            bank: fresh === undefined ? undefined : bank(fresh),
            ledger,
            session,
          })
          const valid = (value: number | undefined) =>
            value !== undefined && Number.isInteger(value) && value >= 0 && value <= INSTALLMENT_STATUS.DocumentDeclined
          const fromLedger = ledger !== null && /^\d+$/.test(ledger) ? Number(ledger) : undefined
          const expected = [fresh, fromLedger, session].find(valid) ?? null
          expect(id).toBe(expected)
        }
      ),
      { numRuns: propertyRuns(200) }
    )
  })
})
