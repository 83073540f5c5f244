/**
 * What an admin may do about an unresolved ledger entry (Settings → TBC Bank), decided in one
 * place (pure: no I/O, no clock), so the page's buttons and the admin routes' refusals can never
 * disagree. An action applies only to an entry the attention list shows (attentionReason) and
 * only where the state machine allows the event it applies (./states.ts judges; its reason is
 * the refusal's words):
 *   - recheck:     read the bank for the entry's payId (an operation: its charge's payId)
 *   - attach:      name the payId TBC's merchant dashboard shows (a charge without one), then read it
 *   - not_charged: the admin checked the dashboard: the bank never charged (or never did the operation)
 *   - release:     money held or taken that no order owns goes back (held → cancel, paid → refund)
 */
import { attentionReason, isStrandedMoney, type JobStep, type LedgerFacts } from "./guards"
import { applyLedgerEvent, isChargeKind } from "./states"

export const ADMIN_ACTIONS = ["recheck", "attach", "not_charged", "release"] as const
export type AdminAction = (typeof ADMIN_ACTIONS)[number]

/** Who an admin action names in the audit trail (tbc_ledger_event.actor, tbc_payment.state_by). */
export const adminActor = (userId: string): string => `admin:${userId}`

/** An entry as the admin actions read it. */
export interface AdminEntryFacts extends LedgerFacts {
  /** the entry's provider is a tbc-checkout registration (the only bank these actions can read) */
  checkout: boolean
  /** the payId a re-check reads: the entry's own, or for an operation its charge's */
  read_pay_id: string | null
}

/** Why the admin may not take `action` on the entry now, or undefined when it may. */
export function adminActionRefusal(entry: AdminEntryFacts, action: AdminAction, now: Date): string | undefined {
  // a charge refused without a payment named (an admin's "not charged") is not listed, but the
  // payId another admin found meanwhile must still reach it: the bank's word beats the refusal
  const attachAfterRefusal = action === "attach" && entry.state === "refused" && !entry.pay_id
  if (!attachAfterRefusal && attentionReason(entry, now) === undefined) {
    return `the entry needs no action (state ${entry.state}${entry.pay_id ? `, payment ${entry.pay_id}` : ""})`
  }
  const bankOnly = entry.checkout ? undefined : "only TBC checkout payments can be read at the bank from here"
  switch (action) {
    case "recheck":
      if (!entry.read_pay_id) return "the entry names no bank payment: attach its payId or mark it not charged"
      return bankOnly
    case "attach": {
      if (!isChargeKind(entry.kind)) return "an operation acts on its charge's payment: re-check it instead"
      const judged = applyLedgerEvent(entry, { type: "admin_attach_pay_id", payId: "(new)" })
      return judged.ok ? bankOnly : judged.reason
    }
    case "not_charged": {
      const judged = applyLedgerEvent(entry, { type: "admin_not_charged", reason: "(check)" })
      return judged.ok ? undefined : judged.reason
    }
    case "release":
      if (entry.order_id !== null) return `order ${entry.order_id} owns this money: refund it from the order`
      if (!isChargeKind(entry.kind) || !entry.pay_id || !isStrandedMoney(entry)) {
        return `the bank holds no money for it that no order owns (state ${entry.state})`
      }
      return bankOnly
  }
}

/** The actions the page offers for an entry (those not refused). */
export function adminActionsOf(entry: AdminEntryFacts, now: Date): AdminAction[] {
  return ADMIN_ACTIONS.filter((action) => adminActionRefusal(entry, action, now) === undefined)
}

/** What the bank's details of a payId say, as far as matching it to an entry goes (tetri). */
export interface BankPaymentFacts {
  amountMinor: number | null
  currency: string | null
  /** only when the bank's answer carries one (the documented details do not) */
  merchantPaymentId: string | null
}

/**
 * Why the bank's payment cannot be the entry's (the admin typed another payment's payId), or
 * undefined when nothing the bank says contradicts it. The entry's merchantPaymentId is what we
 * sent the bank; its amount is what we asked to charge.
 */
export function attachMismatch(
  entry: Pick<LedgerFacts, "pay_id"> & { amount: number; currency: string; merchant_payment_id: string | null },
  bank: BankPaymentFacts
): string | undefined {
  if (bank.merchantPaymentId !== null && entry.merchant_payment_id !== null) {
    if (bank.merchantPaymentId !== entry.merchant_payment_id) {
      return `the bank's payment was made for merchantPaymentId ${bank.merchantPaymentId}, the entry for ${entry.merchant_payment_id}`
    }
  }
  if (bank.amountMinor === null) return "the bank's answer names no amount, so it cannot be matched to the entry"
  if (bank.amountMinor !== entry.amount) {
    return `the bank's payment is for ${tetriText(bank.amountMinor)}, the entry for ${tetriText(entry.amount)}`
  }
  if (bank.currency !== null && bank.currency.toUpperCase() !== entry.currency.toUpperCase()) {
    return `the bank's payment is in ${bank.currency.toUpperCase()}, the entry in ${entry.currency.toUpperCase()}`
  }
  return undefined
}

const tetriText = (minor: number): string => `${(minor / 100).toFixed(2)}`

/** What happens to an entry after an admin's action, in the admin's words (from nextJobStep). */
export function nextStepText(step: JobStep, listed: boolean): string {
  switch (step) {
    case "complete_order":
      return "The bank holds the money for a checkout that is still open: the order is placed on the next reconcile run."
    case "orphan_policy":
      return "The money belongs to no order: the orphan policy releases or returns it on the next reconcile run."
    case "read_bank":
      return "The bank has not decided yet: the next reconcile run reads it again."
    case "admin":
      return "Still unresolved: check TBC's merchant dashboard."
    case "none":
      return listed ? "Still listed: see the reason." : "Resolved: nothing more to do."
  }
}

const COMPLETED = ["Succeeded", "PartialReturned", "PaymentCompletionProcessing"]
const RETURNING = ["Returned", "PartialReturned", "CancelPaymentProcessing"]

/**
 * What the bank showed for a charge just before an operation's call (its entry's baseline, kept
 * by LedgerStore.recordBaseline): the status, what refunds had returned and what a completion
 * had taken, in tetri.
 */
export interface OperationBaseline {
  status: string
  returnedMinor: number
  confirmedMinor: number
}

/** The operation's baseline as its entry keeps it, or null when it has none (older entries). */
export function baselineOfEntry(op: {
  baseline_status?: string | null
  baseline_returned?: number | null
  baseline_confirmed?: number | null
}): OperationBaseline | null {
  if (!op.baseline_status) return null
  return {
    status: op.baseline_status,
    returnedMinor: op.baseline_returned ?? 0,
    confirmedMinor: op.baseline_confirmed ?? 0,
  }
}

/**
 * Whether the bank's state of the charge shows that an operation whose answer was lost took
 * effect: a completion shows as completed for its own amount (a hold is completed once: completed
 * for another amount is another capture's effect, not this one's), a cancel or refund as money
 * returned SINCE the operation was opened: at least its amount more than its baseline showed, or
 * everything returned when the baseline had not (a cancel returns what is left, whatever its
 * entry's amount). So a refund the bank never carried out is not "seen" because an earlier one
 * already returned as much. Without a baseline (entries from before it was kept) the payment's
 * totals judge, as they did. False = not visible: the admin decides ("not done").
 * `returnedMinor`: what refunds returned (refundedMinor); `confirmedMinor`: the bank's
 * confirmedAmount, null/0 while it names none.
 */
export function operationEffectSeen(
  op: { kind: string; amount: number } & Parameters<typeof baselineOfEntry>[0],
  bank: { status: string; returnedMinor: number; confirmedMinor?: number | null }
): boolean {
  if (op.kind === "completion") return COMPLETED.includes(bank.status) && !completedForOther(op, bank)
  const baseline = baselineOfEntry(op)
  if (!baseline)
    return bank.status === "Returned" || (RETURNING.includes(bank.status) && bank.returnedMinor >= op.amount)
  if (bank.status === "Returned" && baseline.status !== "Returned") return true
  return RETURNING.includes(bank.status) && bank.returnedMinor - baseline.returnedMinor >= op.amount
}

/** A completion the bank made for another amount than this completion entry's (both known). */
export function completedForOther(
  op: { kind: string; amount: number },
  bank: { status: string; confirmedMinor?: number | null }
): boolean {
  const confirmed = bank.confirmedMinor ?? 0
  const known = op.amount > 0 && confirmed > 0
  return op.kind === "completion" && COMPLETED.includes(bank.status) && known && confirmed !== op.amount
}
