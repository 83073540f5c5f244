/**
 * Property tests of the installment status mapping against the table, written out here
 * independently of the implementation's constant lists.
 */
import fc from "fast-check"
import { propertyRuns } from "./property-runs"
import { SESSION_STATUS } from "../medusa-statuses"
import {
  installmentOutcome,
  installmentSessionStatus,
  isFinalInstallmentStatus,
  isKnownInstallmentStatus,
  placesOrder,
} from "../installment-status"

const RUNS = { numRuns: propertyRuns(500) }

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
      fc.property(unknownId, (id) => {
        expect(installmentOutcome(id)).toBe("pending")
        expect(isKnownInstallmentStatus(id)).toBe(false)
        expect(isFinalInstallmentStatus(id)).toBe(false)
        expect(installmentSessionStatus(id)).toBe(SESSION_STATUS.PENDING)
        expect(placesOrder(id)).toBe(false)
      }),
      RUNS
    )
  })
})

/** The ids that may turn a cart into an order, written out here: approved (2, 5) and disbursed (8, 9). */
const PLACES_ORDER = new Set([2, 5, 8, 9])
const anyId = fc.oneof(knownId, fc.integer({ min: -1000, max: 1000 }))

describe("installmentSessionStatus", () => {
  it("agrees with the outcome", () => {
    fc.assert(
      fc.property(knownId, (id) => {
        const status = installmentSessionStatus(id)
        const expected = {
          approved: [SESSION_STATUS.AUTHORIZED],
          disbursed: [SESSION_STATUS.CAPTURED],
          failed: [SESSION_STATUS.CANCELED, SESSION_STATUS.ERROR],
          pending: [SESSION_STATUS.PENDING],
        }[TABLE[id]]
        expect(expected).toContain(status)
        expect(isFinalInstallmentStatus(id)).toBe(TABLE[id] === "failed" || TABLE[id] === "disbursed")
      }),
      RUNS
    )
  })

  it("never answers pending_authorization (Medusa would place an order with no payment)", () => {
    fc.assert(
      fc.property(anyId, (id) => {
        expect(installmentSessionStatus(id)).not.toBe(SESSION_STATUS.PENDING_AUTHORIZATION)
      }),
      RUNS
    )
  })

  it("places an order only for 2, 5, 8, 9, exactly when the session is authorized or captured", () => {
    fc.assert(
      fc.property(anyId, (id) => {
        expect(placesOrder(id)).toBe(PLACES_ORDER.has(id))
        const status = installmentSessionStatus(id)
        const paid = status === SESSION_STATUS.AUTHORIZED || status === SESSION_STATUS.CAPTURED
        expect(paid).toBe(placesOrder(id))
      }),
      RUNS
    )
  })

  it("calls the bank's refusals errors, the give-ups cancellations, and every waiting status pending", () => {
    expect([6, 13].map((id) => installmentSessionStatus(id))).toEqual([SESSION_STATUS.ERROR, SESSION_STATUS.ERROR])
    expect([3, 4, 7].map((id) => installmentSessionStatus(id))).toEqual([
      SESSION_STATUS.CANCELED,
      SESSION_STATUS.CANCELED,
      SESSION_STATUS.CANCELED,
    ])
    expect([0, 1, 10, 11, 12].map((id) => installmentSessionStatus(id))).toEqual(Array(5).fill(SESSION_STATUS.PENDING))
  })
})
