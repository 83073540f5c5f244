/**
 * The ledger's state machine (../states.ts), by example and as properties over any entry and any
 * event: the bank is the judge (its events always apply), an admin only settles what the bank
 * never answered, money never turns back into "not paid yet", and stale reads move nothing.
 */
import fc from "fast-check"
import { propertyRuns } from "../../__tests__/property-runs"
import { KNOWN_CHECKOUT_STATUSES } from "../../checkout-status"
import {
  CHARGE_STATES,
  FINAL_CHARGE_STATES,
  MONEY_STATES,
  OPERATION_STATES,
  applyLedgerEvent,
  chargeStateOfBankStatus,
  isChargeKind,
  type LedgerEntryView,
  type LedgerEvent,
  type LedgerState,
} from "../states"
import {
  bankEventArb,
  chargeEntryArb,
  chargeEntryIn,
  entryArb,
  eventArb,
  operationEntryArb,
  payIdArb,
  statusArb,
} from "./ledger-arbitraries"

const entry = (kind: LedgerEntryView["kind"], state: LedgerState, pay_id: string | null = null): LedgerEntryView => ({
  kind,
  state,
  pay_id,
})
const read = (status: string, payId?: string): LedgerEvent => ({ type: "bank_status", status, payId })
/** The state an event leads to, or "refused:" + why for an admin action that does not apply. */
const after = (e: LedgerEntryView, event: LedgerEvent): string => {
  const t = applyLedgerEvent(e, event)
  return t.ok ? `${t.state} ${t.pay_id ?? "-"}` : `not applied: ${t.reason}`
}

describe("chargeStateOfBankStatus", () => {
  it("maps every status the bank documents, and reads an unknown one as still deciding", () => {
    expect(Object.fromEntries(KNOWN_CHECKOUT_STATUSES.map((s) => [s, chargeStateOfBankStatus(s)]))).toEqual({
      Created: "created",
      Processing: "processing",
      Succeeded: "paid",
      Failed: "refused",
      Expired: "expired",
      WaitingConfirm: "held",
      CancelPaymentProcessing: "processing",
      PaymentCompletionProcessing: "held",
      Returned: "returned",
      PartialReturned: "paid",
    })
    expect(chargeStateOfBankStatus("SomethingNew")).toBe("processing")
    expect(chargeStateOfBankStatus("succeeded")).toBe("processing")
  })
})

describe("applyLedgerEvent, by example", () => {
  it("records the answers of a saved-card execution", () => {
    expect(after(entry("execution", "sending"), read("Succeeded", "P1"))).toBe("paid P1")
    expect(after(entry("execution", "sending"), read("Processing", "P1"))).toBe("processing P1")
    expect(after(entry("execution", "sending"), { type: "unreadable_answer", reason: "502" })).toBe("uncertain -")
    expect(after(entry("execution", "sending"), { type: "clear_refusal", reason: "400" })).toBe("refused -")
    // a later read that fails, or a late refusal, changes nothing once the call was answered
    expect(after(entry("execution", "uncertain"), { type: "unreadable_answer", reason: "timeout" })).toBe("uncertain -")
    expect(after(entry("execution", "uncertain"), { type: "clear_refusal", reason: "400" })).toBe("uncertain -")
    expect(after(entry("execution", "uncertain"), read("WaitingConfirm", "P1"))).toBe("held P1")
  })

  it("lets an admin settle only what the bank never answered", () => {
    expect(after(entry("execution", "uncertain"), { type: "admin_not_charged", reason: "r" })).toBe("refused -")
    expect(after(entry("execution", "sending"), { type: "admin_attach_pay_id", payId: "P1" })).toBe("sending P1")
    expect(after(entry("execution", "uncertain", "P1"), { type: "admin_not_charged", reason: "r" })).toMatch(
      /not applied: .*re-check it at the bank/
    )
    expect(after(entry("execution", "held", "P1"), { type: "admin_not_charged", reason: "r" })).toMatch(
      /already answered/
    )
    expect(after(entry("execution", "uncertain", "P1"), { type: "admin_attach_pay_id", payId: "P2" })).toMatch(
      /already names P1/
    )
    expect(after(entry("cancel", "uncertain", "P1"), { type: "admin_attach_pay_id", payId: "P1" })).toMatch(
      /known payId/
    )
    expect(after(entry("execution", "held", "P1"), read("Succeeded", "P2"))).toMatch(/names payment P2, the entry P1/)
    expect(after(entry("refund", "uncertain", "P1"), read("Returned", "P2"))).toMatch(/names payment P2, the entry P1/)
  })

  // [entry kind, its state, the bank's status read, what the entry says after]
  it.each([
    // stale reads: nothing goes back before money, out of Returned or Expired, or from taken to held
    ["web", "paid", "Created", "paid P1"],
    ["web", "processing", "Created", "processing P1"],
    ["web", "held", "Processing", "held P1"],
    ["web", "paid", "WaitingConfirm", "paid P1"],
    ["web", "returned", "Succeeded", "returned P1"],
    ["web", "expired", "Processing", "expired P1"],
    // forward moves and the bank's word against a refusal still apply
    ["web", "held", "Succeeded", "paid P1"],
    ["web", "held", "CancelPaymentProcessing", "processing P1"],
    ["web", "paid", "Returned", "returned P1"],
    ["execution", "refused", "Succeeded", "paid P1"],
    // an operation is done only when the bank shows its effect
    ["cancel", "sending", "Returned", "done P1"],
    ["refund", "uncertain", "PartialReturned", "done P1"],
    ["completion", "uncertain", "Succeeded", "done P1"],
    // a re-check after an unreadable answer that finds the money where it was: it did not happen
    ["cancel", "uncertain", "WaitingConfirm", "refused P1"],
    ["refund", "uncertain", "Succeeded", "refused P1"],
    ["completion", "uncertain", "WaitingConfirm", "refused P1"],
    // the call's own answer is still awaited, or the status cannot tell
    ["cancel", "sending", "WaitingConfirm", "sending P1"],
    ["completion", "uncertain", "Returned", "uncertain P1"],
    ["cancel", "done", "WaitingConfirm", "done P1"],
  ] as const)("a %s entry in %s that reads %s says: %s", (kind, state, status, expected) => {
    expect(after(entry(kind, state, "P1"), read(status))).toBe(expected)
  })
})

const runs = { numRuns: propertyRuns(1000) }
const isMismatch = (e: LedgerEntryView, ev: LedgerEvent) =>
  ev.type === "bank_status" && !!e.pay_id && !!ev.payId && ev.payId !== e.pay_id

describe("applyLedgerEvent, as properties", () => {
  it("applies every bank event (the bank is the judge), unless the answer names another payment", () => {
    fc.assert(
      fc.property(entryArb, bankEventArb, (e, ev) => {
        expect(applyLedgerEvent(e, ev).ok).toBe(!isMismatch(e, ev))
      }),
      runs
    )
  })

  it("applies an admin action only to an unanswered entry (attach also to a refused charge without a payId)", () => {
    fc.assert(
      fc.property(entryArb, fc.oneof(fc.constant(undefined), payIdArb), (e, attach) => {
        const unanswered = e.state === "sending" || e.state === "uncertain"
        const notCharged = applyLedgerEvent(e, { type: "admin_not_charged", reason: "r" })
        expect(notCharged.ok).toBe(unanswered && (!isChargeKind(e.kind) || e.pay_id === null))
        if (notCharged.ok) expect(notCharged.state).toBe("refused")
        if (attach === undefined) return
        const attached = applyLedgerEvent(e, { type: "admin_attach_pay_id", payId: attach })
        // a refused charge without a payId (an admin's "not charged") takes the payment named: the
        // bank's read right after judges it
        const reopens = e.state === "refused" && e.pay_id === null
        const attachable = unanswered && (e.pay_id === null || e.pay_id === attach)
        expect(attached.ok).toBe(isChargeKind(e.kind) && (attachable || reopens))
        if (attached.ok) expect([attached.state, attached.pay_id]).toEqual([reopens ? "uncertain" : e.state, attach])
      }),
      runs
    )
  })

  it("never moves a charge from a money state (or any answered state) back to created", () => {
    fc.assert(
      fc.property(chargeEntryArb, eventArb, (e, ev) => {
        const t = applyLedgerEvent(e, ev)
        if (t.ok && t.state === "created") expect(["sending", "uncertain", "created"]).toContain(e.state)
        if ((MONEY_STATES as readonly string[]).includes(e.state) && t.ok) expect(t.state).not.toBe("created")
      }),
      runs
    )
  })

  it("moves a final charge only on a bank read (or a payId named for a refusal), never out of Returned or Expired", () => {
    fc.assert(
      fc.property(chargeEntryIn(...FINAL_CHARGE_STATES), eventArb, (e, ev) => {
        const t = applyLedgerEvent(e, ev)
        const moved = t.ok && t.state !== e.state
        const attachReopens = ev.type === "admin_attach_pay_id" && e.state === "refused" && !e.pay_id
        if (ev.type !== "bank_status" && !attachReopens) expect(moved).toBe(false)
        if (e.state === "returned" || e.state === "expired") expect(moved).toBe(false)
      }),
      runs
    )
  })

  it("lands an unanswered charge's read exactly on the bank's status, with its payId", () => {
    fc.assert(
      fc.property(chargeEntryIn("sending", "uncertain"), statusArb, payIdArb, (unanswered, status, payId) => {
        const e = { ...unanswered, pay_id: unanswered.pay_id && payId }
        expect(after(e, read(status, payId))).toBe(`${chargeStateOfBankStatus(status)} ${payId}`)
      }),
      runs
    )
  })

  it("keeps states within the kind's own, never loses a known payId, and says truly whether it moved", () => {
    fc.assert(
      fc.property(entryArb, eventArb, (e, ev) => {
        const t = applyLedgerEvent(e, ev)
        if (!t.ok) return
        const states: readonly string[] = isChargeKind(e.kind) ? CHARGE_STATES : OPERATION_STATES
        expect(states).toContain(t.state)
        if (e.pay_id) expect(t.pay_id).toBe(e.pay_id)
        expect(t.changed).toBe(t.state !== e.state || t.pay_id !== e.pay_id)
        // only the call's own answer can be unreadable
        if (ev.type === "unreadable_answer") expect(t.state).toBe(e.state === "sending" ? "uncertain" : e.state)
      }),
      runs
    )
  })

  it("calls an operation done only on a read, and refused on a read only when it was uncertain", () => {
    fc.assert(
      fc.property(operationEntryArb, eventArb, (e, ev) => {
        const t = applyLedgerEvent(e, ev)
        if (!t.ok || t.state === e.state) return
        if (t.state === "done") expect(ev.type).toBe("bank_status")
        if (t.state === "refused" && ev.type === "bank_status") expect(e.state).toBe("uncertain")
        if (ev.type === "bank_status") expect(["Created", "Processing", "Failed", "Expired"]).not.toContain(ev.status)
      }),
      runs
    )
  })
})
