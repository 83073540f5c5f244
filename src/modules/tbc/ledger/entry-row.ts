/**
 * A tbc_payment row as the ledger's code reads it (LedgerEntry): every column typed, a missing or
 * null one as null, amounts as integers (tetri). Every statement that returns entries goes through
 * it, so a guard, job or admin view reads the same shape whichever query found the row; and a new
 * entry's row as its insert wrote it (openedRow), which the inserts do not read back.
 */
import type { LedgerKind, LedgerState } from "../../../lib/ledger/states"
import type { CompletionFailureClass } from "../../../lib/ledger/facets"
import type { LedgerFacts, OrphanAction } from "../../../lib/ledger/guards"

/** A ledger row as the code reads it. Amounts in integer tetri. */
export interface LedgerEntry extends LedgerFacts {
  id: string
  provider_id: string
  payment_session_id: string
  payment_collection_id: string | null
  cart_id: string | null
  amount: number
  currency: string
  parent_id: string | null
  merchant_payment_id: string | null
  card_mask: string | null
  bank_status: string | null
  state_by: string | null
  state_reason: string | null
  state_at: Date | null
  orphan_amount: number | null
  orphan_error: string | null
  completion_failed_at: Date | null
  completion_failure: string | null
  /** cart completions from this charge that failed so far, and the last one's class */
  completion_failures: number
  completion_failure_class?: CompletionFailureClass | null
  orphan_action_at?: Date | null
  /** a bank read contradicted a refusal (an admin's "not charged"): listed while no order owns it */
  reopened_at?: Date | null
  /** when our authorizePayment told Medusa the money is there (a Medusa payment follows) */
  authorized_at: Date | null
  /** the compare-and-set's version (bumped by every move) */
  revision?: number
  /** an operation's baseline (facets.ts operation_baseline): the charge at the bank before its call; tetri */
  baseline_status?: string | null
  baseline_returned?: number | null
  baseline_confirmed?: number | null
  /** an operation the bank made by itself (src/lib/ledger/bank-returns.ts) and the Medusa record showing it */
  made_at_bank?: boolean
  medusa_record?: string | null
  medusa_recorded_at?: Date | null
  /** a completion: what Medusa's capture recorded when it was less than the bank took (tetri) */
  capture_asked?: number | null
  excess_returned_at?: Date | null
  /** what the bank's answers said happened (src/lib/payment-facts.ts); absent in test rows */
  payment_method?: number | null
  rrn?: string | null
  transaction_id?: string | null
  approval_code?: string | null
  result_code?: string | null
}

export interface OpenEntry {
  kind: LedgerKind
  provider_id: string
  payment_session_id: string
  payment_collection_id?: string | null
  cart_id?: string | null
  /** integer tetri */
  amount: number
  currency: string
  merchant_payment_id?: string | null
  parent_id?: string | null
  card_mask?: string | null
  /** a charge whose payId is known before it is recorded (an installment application) */
  pay_id?: string | null
  /** the state it opens in: `sending` for every call still to be made */
  state?: LedgerState
}

const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value))
const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))
const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value))

export function toEntry(row: Record<string, unknown>): LedgerEntry {
  return {
    id: String(row.id),
    kind: String(row.kind) as LedgerKind,
    state: String(row.state) as LedgerState,
    pay_id: textOrNull(row.pay_id),
    provider_id: String(row.provider_id),
    payment_session_id: String(row.payment_session_id),
    payment_collection_id: textOrNull(row.payment_collection_id),
    cart_id: textOrNull(row.cart_id),
    amount: Number(row.amount),
    currency: String(row.currency),
    parent_id: textOrNull(row.parent_id),
    merchant_payment_id: textOrNull(row.merchant_payment_id),
    card_mask: textOrNull(row.card_mask),
    bank_status: textOrNull(row.bank_status),
    state_by: textOrNull(row.state_by),
    state_reason: textOrNull(row.state_reason),
    state_at: dateOrNull(row.state_at),
    created_at: dateOrNull(row.created_at) ?? new Date(0),
    session_gone_at: dateOrNull(row.session_gone_at),
    order_id: textOrNull(row.order_id),
    orphan_action: textOrNull(row.orphan_action) as OrphanAction | null,
    orphan_amount: row.orphan_amount === null || row.orphan_amount === undefined ? null : Number(row.orphan_amount),
    orphan_error: textOrNull(row.orphan_error),
    completion_failed_at: dateOrNull(row.completion_failed_at),
    completion_failure: textOrNull(row.completion_failure),
    completion_refused_at: dateOrNull(row.completion_refused_at),
    completion_failures: Number(row.completion_failures ?? 0),
    completion_failure_class: textOrNull(row.completion_failure_class) as CompletionFailureClass | null,
    orphan_action_at: dateOrNull(row.orphan_action_at),
    reopened_at: dateOrNull(row.reopened_at),
    authorized_at: dateOrNull(row.authorized_at),
    revision: Number(row.revision ?? 0),
    baseline_status: textOrNull(row.baseline_status),
    baseline_returned: numberOrNull(row.baseline_returned),
    baseline_confirmed: numberOrNull(row.baseline_confirmed),
    made_at_bank: row.made_at_bank === true,
    medusa_record: textOrNull(row.medusa_record),
    medusa_recorded_at: dateOrNull(row.medusa_recorded_at),
    capture_asked: numberOrNull(row.capture_asked),
    excess_returned_at: dateOrNull(row.excess_returned_at),
    payment_method: row.payment_method === null || row.payment_method === undefined ? null : Number(row.payment_method),
    rrn: textOrNull(row.rrn),
    transaction_id: textOrNull(row.transaction_id),
    approval_code: textOrNull(row.approval_code),
    result_code: textOrNull(row.result_code),
  }
}

/**
 * A new entry's row as its insert writes it (every other column at its default: null, 0, false),
 * without the times the server makes. The inserts return only those, not `*` (BENCHMARKS.md row
 * 2d: a row of ~50 columns, its timestamps parsed, cost ~0.05 ms of this process per statement).
 */
export function openedRow(seed: OpenEntry, actor: string): Record<string, unknown> {
  return {
    provider_id: seed.provider_id,
    pay_id: seed.pay_id ?? null,
    payment_session_id: seed.payment_session_id,
    payment_collection_id: seed.payment_collection_id ?? null,
    cart_id: seed.cart_id ?? null,
    amount: seed.amount,
    currency: seed.currency,
    kind: seed.kind,
    state: seed.state ?? "sending",
    state_by: actor,
    parent_id: seed.parent_id ?? null,
    merchant_payment_id: seed.merchant_payment_id ?? null,
    card_mask: seed.card_mask ?? null,
  }
}
