/**
 * Property tests of the installment status mapping against the table, written out here
 * independently of the implementation's constant lists.
 */
import fc from "fast-check"
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import {
  installmentOutcome,
  installmentSessionStatus,
  isFinalInstallmentStatus,
  isKnownInstallmentStatus,
} from "../installment-status"

const RUNS = { numRuns: 500 }

/** The table, verbatim: id → expected outcome. */
const TABLE: Record<number, "pending" | "approved" | "failed" | "disbursed"> = {
  0: "pending",
  1: "pending",
  10: "pending",
  11: "pending",
  12: "pending",
  2: "approved",
  5: "approved",
  3: "failed",
  4: "failed",
  6: "failed",
  7: "failed",
  13: "failed",
  8: "disbursed",
  9: "disbursed",
}
const knownId = fc.constantFrom(...Object.keys(TABLE).map(Number))
const unknownId = fc.integer({ min: -1000, max: 1000 }).filter((id) => !(id in TABLE))

describe("installmentOutcome", () => {
  it("follows the table for every documented id", () => {
    fc.assert(
      fc.property(knownId, (id) => {
        expect(installmentOutcome(id)).toBe(TABLE[id])
        expect(isKnownInstallmentStatus(id)).toBe(true)
      }),
      RUNS
    )
  })

  it("reads an undocumented id as pending (do nothing), never as a decision", () => {
    fc.assert(
      fc.property(unknownId, fc.boolean(), (id, shopperAtBank) => {
        expect(installmentOutcome(id)).toBe("pending")
        expect(isKnownInstallmentStatus(id)).toBe(false)
        expect(isFinalInstallmentStatus(id)).toBe(false)
        expect(installmentSessionStatus(id, { shopperAtBank })).toBe(
          PaymentSessionStatus.PENDING_AUTHORIZATION
        )
      }),
      RUNS
    )
  })
})

describe("installmentSessionStatus", () => {
  it("agrees with the outcome whatever the shopper did", () => {
    fc.assert(
      fc.property(knownId, fc.boolean(), (id, shopperAtBank) => {
        const status = installmentSessionStatus(id, { shopperAtBank })
        const expected = {
          approved: [PaymentSessionStatus.AUTHORIZED],
          disbursed: [PaymentSessionStatus.CAPTURED],
          failed: [PaymentSessionStatus.CANCELED, PaymentSessionStatus.ERROR],
          pending: [PaymentSessionStatus.PENDING, PaymentSessionStatus.PENDING_AUTHORIZATION],
        }[TABLE[id]]
        expect(expected).toContain(status)
        expect(isFinalInstallmentStatus(id)).toBe(TABLE[id] === "failed" || TABLE[id] === "disbursed")
      }),
      RUNS
    )
  })

  it("is pending only for status 0 before the shopper went to the bank", () => {
    fc.assert(
      fc.property(knownId, fc.boolean(), (id, shopperAtBank) => {
        const status = installmentSessionStatus(id, { shopperAtBank })
        const plainPending = id === 0 && !shopperAtBank
        expect(status === PaymentSessionStatus.PENDING).toBe(plainPending)
        if (TABLE[id] === "pending" && !plainPending) {
          expect(status).toBe(PaymentSessionStatus.PENDING_AUTHORIZATION)
        }
      }),
      RUNS
    )
  })

  it("calls the bank's refusals errors and the give-ups cancellations", () => {
    expect([6, 13].map((id) => installmentSessionStatus(id))).toEqual([
      PaymentSessionStatus.ERROR,
      PaymentSessionStatus.ERROR,
    ])
    expect([3, 4, 7].map((id) => installmentSessionStatus(id))).toEqual([
      PaymentSessionStatus.CANCELED,
      PaymentSessionStatus.CANCELED,
      PaymentSessionStatus.CANCELED,
    ])
    expect(installmentSessionStatus(0)).toBe(PaymentSessionStatus.PENDING)
  })
})
