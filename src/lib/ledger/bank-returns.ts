/**
 * Money the bank returned by itself: a refund or a cancel a merchant made in TBC's own merchant
 * dashboard (pure: no I/O, integer tetri). The bank then reports a returned amount that grows with
 * no refund or cancel of ours behind it. The ledger records exactly that difference, once, as an
 * operation made at the bank (`made_at_bank`, opened `done` by the bank's read), and Medusa records
 * it afterwards (a refund, or the payment cancelled for a released hold) through its own workflows,
 * whose provider call finds it already done and sends nothing (src/workflows/bank-returns/).
 *
 *   bank's refunded total − (our finished refunds + returns already recorded as made at the bank)
 *     = what was returned at the bank that no entry shows yet
 *
 * Nothing is judged while the charge's money is moving at our request (an operation of ours
 * unanswered: its effect is not known yet) or was released by the orphan policy (that release is
 * ours, recorded as the charge's orphan action, not as an operation entry): a later read, after
 * the answer, judges again. A finished cancel of ours returned everything that was left: the bank
 * has nothing more to return.
 */
import { refundedMinorOf, type BankAmountsMinor } from "../refund-ledger"

/** An operation of the charge as this rule reads it. */
export interface ReturnOperationFacts {
  kind: string
  state: string
  /** tetri: a refund's amount, a cancel's (the hold), a completion's (what it took) */
  amount: number
  /** opened by the bank's read: a return made at the bank, not by us */
  made_at_bank?: boolean | null
}

/** The charge as this rule reads it. */
export interface ReturnChargeFacts {
  kind: string
  state: string
  orphan_action?: string | null
}

export type BankReturnVerdict =
  | { kind: "none"; why: string }
  /**
   * record an operation made at the bank: `op` refund (money taken, part or all given back) or
   * cancel (a hold released); `amountMinor` returned; `knownMinor`: what the ledger already showed
   * returned (the key that makes two readers of the same bank state record it once)
   */
  | { kind: "record"; op: "refund" | "cancel"; amountMinor: number; knownMinor: number }

/** A bank status that says money went back (CancelPaymentProcessing is still on its way). */
const RETURNED_STATUSES: ReadonlySet<string> = new Set(["Returned", "PartialReturned"])
const OPEN_STATES: ReadonlySet<string> = new Set(["sending", "uncertain"])
/** Orphan-policy outcomes after which the charge's returns are the policy's own (or unknown). */
const POLICY_RETURNS: ReadonlySet<string> = new Set(["acting", "cancelled", "refunded", "failed"])

const none = (why: string): BankReturnVerdict => ({ kind: "none", why })

/** What the ledger shows returned by refunds of the charge (ours and the bank's own), tetri. */
export function ledgerReturnedMinor(operations: readonly ReturnOperationFacts[]): number {
  return operations.filter((op) => op.kind === "refund" && op.state === "done").reduce((sum, op) => sum + op.amount, 0)
}

/**
 * Whether a read of the bank (`status` and amounts) shows money returned at the bank beyond what
 * the charge's operations say, and how to record it.
 */
export function bankReturnVerdict(
  charge: ReturnChargeFacts,
  operations: readonly ReturnOperationFacts[],
  bank: BankAmountsMinor & { status: string }
): BankReturnVerdict {
  if (!["web", "execution"].includes(charge.kind)) return none("not a checkout payment")
  if (!RETURNED_STATUSES.has(bank.status)) return none(`the bank shows ${bank.status}`)
  if (operations.some((op) => OPEN_STATES.has(op.state))) return none("an operation of the charge is unanswered")
  if (charge.orphan_action && POLICY_RETURNS.has(charge.orphan_action)) return none("the orphan policy released it")
  if (operations.some((op) => op.kind === "cancel" && op.state === "done")) return none("a cancel returned it")
  const completed = operations.some((op) => op.kind === "completion" && op.state === "done") || bank.confirmedMinor > 0
  if (!completed) {
    // a hold released before any completion: everything held went back
    return bank.status === "Returned" && bank.amountMinor > 0
      ? { kind: "record", op: "cancel", amountMinor: bank.amountMinor, knownMinor: 0 }
      : none("nothing was taken")
  }
  const knownMinor = ledgerReturnedMinor(operations)
  const amountMinor = refundedMinorOf(bank) - knownMinor
  if (amountMinor <= 0) return none("every return is recorded")
  return { kind: "record", op: "refund", amountMinor, knownMinor }
}

/**
 * Whether the charge's refunds (ours and the bank's own, `refundedMinor`) have returned what a
 * completion took beyond Medusa's capture (its shortfall's excess): the entry then leaves the list.
 */
export function captureExcessReturned(
  completion: { kind: string; amount: number; capture_asked?: number | null; excess_returned_at?: Date | null },
  refundedMinor: number
): boolean {
  const asked = completion.capture_asked ?? null
  if (completion.kind !== "completion" || asked === null || completion.excess_returned_at) return false
  return refundedMinor >= completion.amount - asked
}

/** An operation made at the bank that Medusa does not show yet (a refund to create, a payment to cancel). */
export function awaitsMedusaRecord(op: ReturnOperationFacts & { medusa_recorded_at?: Date | null }): boolean {
  return op.made_at_bank === true && op.state === "done" && !op.medusa_recorded_at
}
