import fc from "fast-check"
import {
  ADMIN_ACTIONS,
  adminActionRefusal,
  adminActionsOf,
  adminActor,
  attachMismatch,
  nextStepText,
  completedForOther,
  operationEffectSeen,
  type AdminEntryFacts,
} from "../admin-actions"
import { STALE_SENDING_MS } from "../guards"

const NOW = new Date("2026-11-26T12:00:00Z")
const ago = (ms: number) => new Date(NOW.getTime() - ms)

function entry(over: Partial<AdminEntryFacts> = {}): AdminEntryFacts {
  return {
    kind: "execution",
    state: "uncertain",
    pay_id: null,
    created_at: ago(60_000),
    session_gone_at: null,
    order_id: null,
    orphan_action: null,
    completion_refused_at: null,
    checkout: true,
    read_pay_id: null,
    ...over,
  }
}

describe("adminActionsOf / adminActionRefusal", () => {
  it("an uncertain charge without a payId: attach it or mark it not charged; no re-check, no release", () => {
    expect(adminActionsOf(entry(), NOW)).toEqual(["attach", "not_charged"])
    expect(adminActionRefusal(entry(), "recheck", NOW)).toMatch(/names no bank payment: attach its payId/)
    expect(adminActionRefusal(entry(), "release", NOW)).toMatch(/holds no money .* \(state uncertain\)/)
  })

  it("an uncertain charge with a payId: only a re-check (the bank is the judge)", () => {
    const withPayId = entry({ pay_id: "pay1", read_pay_id: "pay1" })
    expect(adminActionsOf(withPayId, NOW)).toEqual(["recheck"])
    expect(adminActionRefusal(withPayId, "not_charged", NOW)).toMatch(/names a bank payment: re-check it/)
    expect(adminActionRefusal(withPayId, "attach", NOW)).toMatch(/already names pay1/)
  })

  it("a charge refused without a payId (an admin's 'not charged', perhaps racing this attach): attach still reaches it", () => {
    const refused = entry({ state: "refused" })
    expect(adminActionsOf(refused, NOW)).toEqual(["attach"])
    expect(adminActionRefusal(entry({ state: "refused", pay_id: "pay9" }), "attach", NOW)).toMatch(/needs no action/)
  })

  it("an entry the list does not show takes no action, whatever it is", () => {
    const fresh = entry({ state: "sending", created_at: ago(STALE_SENDING_MS - 1000) })
    for (const action of ADMIN_ACTIONS) {
      expect(adminActionRefusal(fresh, action, NOW)).toBe("the entry needs no action (state sending)")
    }
    const stale = entry({ state: "sending", created_at: ago(STALE_SENDING_MS) })
    expect(adminActionsOf(stale, NOW)).toEqual(["attach", "not_charged"])
    const paidLive = entry({ state: "paid", pay_id: "pay2", read_pay_id: "pay2" })
    expect(adminActionRefusal(paidLive, "release", NOW)).toBe("the entry needs no action (state paid, payment pay2)")
  })

  it("money no order owns (session gone, notify policy, refused completion): re-check or release", () => {
    const held = { state: "held" as const, pay_id: "pay3", read_pay_id: "pay3" }
    for (const over of [
      { session_gone_at: ago(1000) },
      { orphan_action: "notified" as const },
      { orphan_action: "failed" as const },
      { completion_refused_at: ago(1000) },
    ]) {
      expect(adminActionsOf(entry({ ...held, ...over }), NOW)).toEqual(["recheck", "release"])
    }
    // released already: nothing left to do, and never twice
    const released = entry({ ...held, session_gone_at: ago(1000), orphan_action: "cancelled" })
    expect(adminActionsOf(released, NOW)).toEqual([])
  })

  it("an installments entry cannot be read from here: only 'not charged' when it got no answer", () => {
    const inst = entry({ kind: "installment", checkout: false })
    expect(adminActionsOf(inst, NOW)).toEqual(["not_charged"])
    expect(adminActionRefusal(inst, "attach", NOW)).toBe("only TBC checkout payments can be read at the bank from here")
  })

  it("an operation whose answer was lost: re-check its charge, or mark it not done", () => {
    const op = entry({ kind: "refund", state: "uncertain", read_pay_id: "pay4" })
    expect(adminActionsOf(op, NOW)).toEqual(["recheck", "not_charged"])
    expect(adminActionRefusal(op, "attach", NOW)).toMatch(/operation acts on its charge's payment/)
  })

  it("names the admin in the audit trail", () => {
    expect(adminActor("user_01ABC")).toBe("admin:user_01ABC")
  })
})

describe("attachMismatch", () => {
  const mine = { pay_id: null, amount: 12_345, currency: "gel", merchant_payment_id: "payses_1" }

  it("accepts the bank's payment of the same amount and currency (merchantPaymentId when it names one)", () => {
    expect(attachMismatch(mine, { amountMinor: 12_345, currency: "GEL", merchantPaymentId: null })).toBeUndefined()
    expect(attachMismatch(mine, { amountMinor: 12_345, currency: null, merchantPaymentId: "payses_1" })).toBeUndefined()
  })

  it("refuses another merchantPaymentId, another amount, another currency, or no amount", () => {
    expect(attachMismatch(mine, { amountMinor: 12_345, currency: "GEL", merchantPaymentId: "payses_2" })).toBe(
      "the bank's payment was made for merchantPaymentId payses_2, the entry for payses_1"
    )
    expect(attachMismatch(mine, { amountMinor: 12_346, currency: "GEL", merchantPaymentId: null })).toBe(
      "the bank's payment is for 123.46, the entry for 123.45"
    )
    expect(attachMismatch(mine, { amountMinor: 12_345, currency: "USD", merchantPaymentId: null })).toBe(
      "the bank's payment is in USD, the entry in GEL"
    )
    expect(attachMismatch(mine, { amountMinor: null, currency: "GEL", merchantPaymentId: null })).toMatch(/no amount/)
  })
})

describe("operationEffectSeen", () => {
  it("a completion shows as completed; a cancel or refund as at least its amount returned", () => {
    expect(operationEffectSeen({ kind: "completion", amount: 100 }, { status: "Succeeded", returnedMinor: 0 })).toBe(
      true
    )
    expect(
      operationEffectSeen({ kind: "completion", amount: 100 }, { status: "WaitingConfirm", returnedMinor: 0 })
    ).toBe(false)
    expect(operationEffectSeen({ kind: "cancel", amount: 100 }, { status: "Returned", returnedMinor: 0 })).toBe(true)
    expect(
      operationEffectSeen({ kind: "refund", amount: 100 }, { status: "PartialReturned", returnedMinor: 100 })
    ).toBe(true)
    expect(operationEffectSeen({ kind: "refund", amount: 100 }, { status: "PartialReturned", returnedMinor: 99 })).toBe(
      false
    )
    expect(operationEffectSeen({ kind: "refund", amount: 100 }, { status: "Succeeded", returnedMinor: 0 })).toBe(false)
  })

  it("a refund or cancel is judged by what the bank returned since it was opened (its baseline)", () => {
    const opened = (status: string, returnedMinor: number) => ({
      baseline_status: status,
      baseline_returned: returnedMinor,
      baseline_confirmed: 0,
    })
    // refund 50 (returned), then a refund of 33 answered 502 without acting: still 50 returned
    const second = { kind: "refund", amount: 33, ...opened("PartialReturned", 50) }
    expect(operationEffectSeen(second, { status: "PartialReturned", returnedMinor: 50 })).toBe(false)
    expect(operationEffectSeen(second, { status: "PartialReturned", returnedMinor: 82 })).toBe(false)
    expect(operationEffectSeen(second, { status: "PartialReturned", returnedMinor: 83 })).toBe(true)
    // the rest returned since: everything went back
    expect(operationEffectSeen(second, { status: "Returned", returnedMinor: 100 })).toBe(true)
    // a cancel (its entry's amount is the payment's) after a partial refund: Returned since is its effect
    const cancel = { kind: "cancel", amount: 100, ...opened("PartialReturned", 50) }
    expect(operationEffectSeen(cancel, { status: "PartialReturned", returnedMinor: 50 })).toBe(false)
    expect(operationEffectSeen(cancel, { status: "Returned", returnedMinor: 100 })).toBe(true)
    // a cancel opened when the bank already showed everything returned did nothing itself
    expect(
      operationEffectSeen(
        { kind: "cancel", amount: 100, ...opened("Returned", 100) },
        { status: "Returned", returnedMinor: 100 }
      )
    ).toBe(false)
    // without a baseline (entries from before it was kept): the totals, as before
    expect(operationEffectSeen({ kind: "refund", amount: 33 }, { status: "PartialReturned", returnedMinor: 50 })).toBe(
      true
    )
  })

  it("whatever came before, a refund is seen exactly when the bank returned at least its amount since", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (before, amount, since) => {
          const op = { kind: "refund", amount, baseline_status: "PartialReturned", baseline_returned: before }
          const seen = operationEffectSeen(op, { status: "PartialReturned", returnedMinor: before + since })
          expect(seen).toBe(since >= amount)
        }
      )
    )
  })

  it("a completion is seen only for its own amount when the bank names the amount it completed", () => {
    const partial = { kind: "completion", amount: 6_000 }
    const bank = (confirmedMinor: number | null, status = "Succeeded") => ({ status, returnedMinor: 0, confirmedMinor })
    expect(operationEffectSeen(partial, bank(6_000))).toBe(true)
    expect(operationEffectSeen(partial, bank(6_000, "PartialReturned"))).toBe(true)
    // the hold completed in full by another capture: not this completion's effect
    expect(operationEffectSeen(partial, bank(10_000))).toBe(false)
    expect(completedForOther(partial, bank(10_000))).toBe(true)
    // no amount named yet (PaymentCompletionProcessing) or unknown: the status decides
    expect(operationEffectSeen(partial, bank(null, "PaymentCompletionProcessing"))).toBe(true)
    expect(operationEffectSeen(partial, bank(0))).toBe(true)
    expect(completedForOther({ kind: "completion", amount: 0 }, bank(10_000))).toBe(false)
    // not completed, or not a completion: never "completed for another amount"
    expect(completedForOther(partial, bank(10_000, "WaitingConfirm"))).toBe(false)
    expect(completedForOther({ kind: "refund", amount: 6_000 }, bank(10_000))).toBe(false)
  })
})

describe("nextStepText", () => {
  it("says that the order is placed on the next reconcile run when the money is there for an open checkout", () => {
    expect(nextStepText("complete_order", false)).toMatch(/the order is placed on the next reconcile run/)
    expect(nextStepText("none", false)).toBe("Resolved: nothing more to do.")
    expect(nextStepText("none", true)).toMatch(/Still listed/)
    expect(nextStepText("admin", true)).toMatch(/merchant dashboard/)
  })
})
