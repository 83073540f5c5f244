/**
 * A tbc_payment row as the ledger's code reads it (LedgerEntry, ./ledger-store.ts): every column
 * typed, a missing or null one as null, amounts as integers (tetri). Every statement that returns
 * entries goes through it, so a guard, job or admin view reads the same shape whichever query
 * found the row.
 */
import type { LedgerKind, LedgerState } from "../../../lib/ledger/states"
import type { CompletionFailureClass } from "../../../lib/ledger/facets"
import type { OrphanAction } from "../../../lib/ledger/guards"
import type { LedgerEntry } from "./ledger-store"

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
