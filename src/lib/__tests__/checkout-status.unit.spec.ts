import fc from "fast-check"
import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import {
  DECLINED_MESSAGE,
  EXPIRED_MESSAGE,
  KNOWN_CHECKOUT_STATUSES,
  isCapturable,
  isFinalStatus,
  isNoLongerHeld,
  sessionOutcome,
  webhookAction,
} from "../checkout-status"

const ACTING_ACTIONS = [PaymentActions.AUTHORIZED, PaymentActions.SUCCESSFUL]
const anyStatus = fc.oneof(fc.constantFrom(...KNOWN_CHECKOUT_STATUSES), fc.string(), fc.string({ unit: "grapheme" }))
const unknownStatus = fc.string().filter((s) => !(KNOWN_CHECKOUT_STATUSES as readonly string[]).includes(s))

describe("checkout status mapping", () => {
  it("maps the documented statuses as the provider contract says", () => {
    expect(sessionOutcome("WaitingConfirm")).toEqual({ kind: "status", status: PaymentSessionStatus.AUTHORIZED })
    expect(sessionOutcome("Succeeded")).toEqual({ kind: "status", status: PaymentSessionStatus.CAPTURED })
    expect(sessionOutcome("Created")).toEqual({ kind: "status", status: PaymentSessionStatus.PENDING })
    expect(sessionOutcome("Processing")).toEqual({
      kind: "status",
      status: PaymentSessionStatus.PENDING_AUTHORIZATION,
    })
    expect(sessionOutcome("Failed")).toEqual({
      kind: "failed",
      status: PaymentSessionStatus.ERROR,
      message: DECLINED_MESSAGE,
    })
    expect(sessionOutcome("Expired")).toMatchObject({ kind: "failed", message: EXPIRED_MESSAGE })
    expect(webhookAction("WaitingConfirm")).toBe(PaymentActions.AUTHORIZED)
    expect(webhookAction("Succeeded")).toBe(PaymentActions.SUCCESSFUL)
    expect(webhookAction("Failed")).toBe(PaymentActions.FAILED)
    expect(webhookAction("Expired")).toBe(PaymentActions.CANCELED)
    expect(webhookAction("Created")).toBe(PaymentActions.NOT_SUPPORTED)
  })

  it("maps every string, known or not, to a session status and a webhook action", () => {
    const statuses = Object.values(PaymentSessionStatus) as string[]
    const actions = Object.values(PaymentActions) as string[]
    fc.assert(
      fc.property(anyStatus, (status) => {
        const outcome = sessionOutcome(status)
        expect(statuses).toContain(outcome.status)
        expect(actions).toContain(webhookAction(status))
        if (outcome.kind === "failed") {
          // readable words for the shopper: a sentence, no ids, no status code names
          expect(outcome.message).toMatch(/^[A-Z][^{}]*\.$/)
          expect(outcome.message).not.toContain(status)
        }
      })
    )
  })

  it("never authorizes, captures or acts on an unknown status", () => {
    fc.assert(
      fc.property(unknownStatus, (status) => {
        expect(sessionOutcome(status)).toEqual({ kind: "status", status: PaymentSessionStatus.PENDING })
        expect(webhookAction(status)).toBe(PaymentActions.NOT_SUPPORTED)
        expect(isFinalStatus(status)).toBe(false)
      })
    )
  })

  it("makes Medusa act on a callback only for final statuses where money is held or taken", () => {
    fc.assert(
      fc.property(anyStatus, (status) => {
        const action = webhookAction(status)
        if (ACTING_ACTIONS.includes(action)) {
          expect(isFinalStatus(status)).toBe(true)
          expect([PaymentSessionStatus.AUTHORIZED, PaymentSessionStatus.CAPTURED]).toContain(
            sessionOutcome(status).status
          )
        }
        if (!isFinalStatus(status)) {
          expect(action).toBe(PaymentActions.NOT_SUPPORTED)
        }
      })
    )
  })

  it("agrees between the webhook and the authorize reading (a callback's action never contradicts authorize)", () => {
    for (const status of KNOWN_CHECKOUT_STATUSES) {
      const action = webhookAction(status)
      const outcome = sessionOutcome(status)
      if (action === PaymentActions.AUTHORIZED) expect(outcome.status).toBe(PaymentSessionStatus.AUTHORIZED)
      if (action === PaymentActions.SUCCESSFUL) expect(outcome.status).toBe(PaymentSessionStatus.CAPTURED)
      if (action === PaymentActions.FAILED || action === PaymentActions.CANCELED) expect(outcome.kind).toBe("failed")
    }
  })

  it("retires a preauth only on a final status that holds nothing (property)", () => {
    expect(["Succeeded", "PartialReturned", "Returned", "Failed", "Expired"].every(isNoLongerHeld)).toBe(true)
    expect(["WaitingConfirm", "Created", "Processing", "PaymentCompletionProcessing", "CancelPaymentProcessing"].some(isNoLongerHeld)).toBe(false)
    fc.assert(
      fc.property(anyStatus, (status) => {
        if (isNoLongerHeld(status)) {
          expect(isCapturable(status)).toBe(false)
          expect(isFinalStatus(status)).toBe(true)
        }
      })
    )
  })
})
