/**
 * Calls to the plugin's admin routes from the admin UI, through Medusa's JS SDK (lib/sdk.ts). A
 * non-2xx answer becomes the SDK's FetchError, carrying Medusa's error message, so the page can
 * show it in words. The queries and mutations built on these are in lib/queries.ts.
 */
import type { CheckoutBankView, InstallmentBankView, PreauthView } from "../../api/admin/tbc/helpers/bank-payment-view"
import type { BankProblemView } from "../../use-cases/bank-problem"
import type { ProviderSettingsView } from "../../api/admin/tbc/helpers/provider-settings"
import type { EditableSettingView, SettingChangeView } from "../../api/admin/tbc/helpers/editable-settings-view"
import type { ValidationIssue } from "../../lib/tbc/errors"
import type { FailedChangeView } from "../../api/admin/tbc/helpers/failed-change-view"
import type { RecordingFailureView } from "../../api/admin/tbc/helpers/recording-failure-view"
import type { ConnectionCheckResult } from "../../api/admin/tbc/settings/check-connection/route"
import type { AttentionEntryView, AttentionListView, LedgerActionView } from "../../lib/ledger/attention-view"
import type { AdminAction } from "../../lib/ledger/admin-actions"
import type { LedgerHistoryEntry } from "../../use-cases/ledger-admin/history"
import type { SyncView } from "../../api/admin/tbc/helpers/sync-view"
import type { AdminPaymentFacts } from "../../use-cases/payment-facts/order-payment-facts"
import type { OrderEditCaptureView } from "../../use-cases/payment-facts/order-edit-capture-view"
import { sdk } from "./sdk"
import { formatTimeIn } from "./i18n"

export function adminFetch<T>(
  path: string,
  init: { method?: "GET" | "POST"; body?: Record<string, unknown> } = {}
): Promise<T> {
  return sdk.client.fetch<T>(path, init)
}

// The routes' own view types (type-only imports: nothing of the server code reaches the bundle),
// so the page and the API cannot drift apart.
export type ProviderSettings = ProviderSettingsView & {
  /** the settings a shop manager may change (src/lib/settings/editable-settings.ts) */
  editable: EditableSettingView[]
}
export type EditableSetting = EditableSettingView
export type SettingChange = SettingChangeView
/** A refused save's issues (400 of POST /admin/tbc/settings): field and rule, per setting. */
export type SettingIssue = ValidationIssue
export type ConnectionResult = ConnectionCheckResult
export type FailedChangeRow = Omit<FailedChangeView, "next_attempt_at" | "gave_up_at" | "first_failed_at"> & {
  next_attempt_at: string | null
  gave_up_at: string | null
  first_failed_at: string
}
export type AttentionEntry = AttentionEntryView
export type AttentionList = AttentionListView
export type LedgerAction = AdminAction
export type LedgerActionResult = LedgerActionView
export type LedgerHistoryRow = LedgerHistoryEntry
export interface LedgerHistory {
  entries: LedgerHistoryRow[]
}

export type RecordingFailureRow = Omit<RecordingFailureView, "next_attempt_at" | "gave_up_at" | "first_failed_at"> & {
  next_attempt_at: string | null
  gave_up_at: string | null
  first_failed_at: string | null
}

export interface CallbackRow {
  id: string
  created_at: string
  provider_id: string
  pay_id: string | null
  result: string
  bank_status: string | null
  /** requests this row stands for (refused callbacks are counted per source and minute) */
  count?: number
}

export interface SyncRunRow {
  id: string
  created_at: string
  change_count: number
  applied_count: number
  acknowledged_at: string | null
  error: string | null
}

/** A provider's last poll of the installment feed, empty ones included. */
export interface SyncPollRow {
  provider_id: string
  polled_at: string
  received: number
}

/** What "Sync now" answers: per provider, what it received, applied and acknowledged. */
export type SyncNowResult = SyncView

export interface OrderPaymentView {
  order_id: string
  payment: null | {
    payment_id: string
    provider_id: string
    kind: string | null
    amount: number
    currency_code: string
    authorized_at: string
    captured_at: string | null
    canceled_at: string | null
    checkout: CheckoutBankView | null
    installment: InstallmentBankView | null
    preauth: PreauthView | null
    bank_error: BankProblemView | null
    /** what the bank's answers said happened, as the ledger kept it */
    facts?: AdminPaymentFacts
    /** while held: the order's open order edit, its new total and what the capture from it takes */
    order_edit?: OrderEditCaptureView | null
  }
}

export const formatTime = (iso: string | null | undefined): string => formatTimeIn(iso, undefined)

/** What to show of a failed call: the SDK's FetchError carries Medusa's message in words. */
export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e))
