import fc from "fast-check"
import { SESSION_STATUS, WEBHOOK_ACTION } from "../medusa-statuses"
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

const ACTING_ACTIONS: readonly string[] = [WEBHOOK_ACTION.AUTHORIZED, WEBHOOK_ACTION.SUCCESSFUL]
const anyStatus = fc.oneof(fc.constantFrom(...KNOWN_CHECKOUT_STATUSES), fc.string(), fc.string({ unit: "grapheme" }))
const unknownStatus = fc.string().filter((s) => !(KNOWN_CHECKOUT_STATUSES as readonly string[]).includes(s))

describe("checkout status mapping", () => {
  it("maps the documented statuses as the provider contract says", () => {
    expect(sessionOutcome("WaitingConfirm")).toEqual({ kind: "status", status: SESSION_STATUS.AUTHORIZED })
    expect(sessionOutcome("Succeeded")).toEqual({ kind: "status", status: SESSION_STATUS.CAPTURED })
    expect(sessionOutcome("Created")).toEqual({ kind: "status", status: SESSION_STATUS.PENDING })
    expect(sessionOutcome("Processing")).toEqual({
      kind: "status",
      status: SESSION_STATUS.PENDING_AUTHORIZATION,
    })
    expect(sessionOutcome("Failed")).toEqual({
      kind: "failed",
      status: SESSION_STATUS.ERROR,
      message: DECLINED_MESSAGE,
    })
    expect(sessionOutcome("Expired")).toMatchObject({ kind: "failed", message: EXPIRED_MESSAGE })
    expect(webhookAction("WaitingConfirm")).toBe(WEBHOOK_ACTION.AUTHORIZED)
    expect(webhookAction("Succeeded")).toBe(WEBHOOK_ACTION.SUCCESSFUL)
    expect(webhookAction("Failed")).toBe(WEBHOOK_ACTION.FAILED)
    expect(webhookAction("Expired")).toBe(WEBHOOK_ACTION.CANCELED)
    expect(webhookAction("Created")).toBe(WEBHOOK_ACTION.NOT_SUPPORTED)
  })

  it("maps every string, known or not, to a session status and a webhook action", () => {
    const statuses = Object.values(SESSION_STATUS) as string[]
    const actions = Object.values(WEBHOOK_ACTION) as string[]
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
        expect(sessionOutcome(status)).toEqual({ kind: "status", status: SESSION_STATUS.PENDING })
        expect(webhookAction(status)).toBe(WEBHOOK_ACTION.NOT_SUPPORTED)
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
          expect([SESSION_STATUS.AUTHORIZED, SESSION_STATUS.CAPTURED]).toContain(sessionOutcome(status).status)
        }
        if (!isFinalStatus(status)) {
          expect(action).toBe(WEBHOOK_ACTION.NOT_SUPPORTED)
        }
      })
    )
  })

  it("agrees between the webhook and the authorize reading (a callback's action never contradicts authorize)", () => {
    for (const status of KNOWN_CHECKOUT_STATUSES) {
      const action = webhookAction(status)
      const outcome = sessionOutcome(status)
      if (action === WEBHOOK_ACTION.AUTHORIZED) expect(outcome.status).toBe(SESSION_STATUS.AUTHORIZED)
      if (action === WEBHOOK_ACTION.SUCCESSFUL) expect(outcome.status).toBe(SESSION_STATUS.CAPTURED)
      if (action === WEBHOOK_ACTION.FAILED || action === WEBHOOK_ACTION.CANCELED) expect(outcome.kind).toBe("failed")
    }
  })

  it("retires a preauth only on a final status that holds nothing (property)", () => {
    expect(["Succeeded", "PartialReturned", "Returned", "Failed", "Expired"].every(isNoLongerHeld)).toBe(true)
    expect(
      ["WaitingConfirm", "Created", "Processing", "PaymentCompletionProcessing", "CancelPaymentProcessing"].some(
        isNoLongerHeld
      )
    ).toBe(false)
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
