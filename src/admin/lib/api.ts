/**
 * Calls to the plugin's admin routes from the admin UI. Same origin as the admin, with the
 * admin's session cookie (credentials: "include"); a non-2xx answer becomes an Error carrying
 * Medusa's error message, so the page can show it in words.
 */
import type { CheckoutBankView, InstallmentBankView, PreauthView } from "../../api/admin/tbc/helpers/bank-payment-view"
import type { BankProblemView } from "../../api/admin/tbc/helpers/bank-problem"
import type { ProviderSettingsView } from "../../api/admin/tbc/helpers/provider-settings"
import type { FailedChangeView } from "../../api/admin/tbc/helpers/failed-change-view"
import type { RecordingFailureView } from "../../api/admin/tbc/helpers/recording-failure-view"
import type { ConnectionCheckResult } from "../../api/admin/tbc/settings/check-connection/route"
import type { AttentionPaymentView } from "../../api/admin/tbc/helpers/attention-view"

export async function adminFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    ...init,
    credentials: "include",
    headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers },
  })
  const text = await response.text()
  const body = text ? JSON.parse(text) : {}
  if (!response.ok) {
    throw new Error(typeof body?.message === "string" ? body.message : `Request failed with ${response.status}`)
  }
  return body as T
}

// The routes' own view types (type-only imports: nothing of the server code reaches the bundle),
// so the page and the API cannot drift apart.
export type ProviderSettings = ProviderSettingsView
export type ConnectionResult = ConnectionCheckResult
export type FailedChangeRow = Omit<FailedChangeView, "next_attempt_at" | "gave_up_at" | "first_failed_at"> & {
  next_attempt_at: string | null
  gave_up_at: string | null
  first_failed_at: string
}
export type AttentionPayment = AttentionPaymentView

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
  }
}

export const formatTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString() : "—"

/** What to show of a failed call: adminFetch's Error carries Medusa's message in words. */
export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e))
