/**
 * The admin's data as react-query queries and mutations on the dashboard's own QueryClient, as
 * Medusa's admin extensions do: cached per key, refetched when a key changes or is invalidated.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import {
  adminFetch,
  type AttentionList,
  type CallbackRow,
  type ConnectionResult,
  type FailedChangeRow,
  type LedgerAction,
  type LedgerActionResult,
  type LedgerHistory,
  type OrderPaymentView,
  type ProviderSettings,
  type RecordingFailureRow,
  type SettingChange,
  type SyncNowResult,
  type SyncPollRow,
  type SyncRunRow,
} from "./api"
import { paymentsStateKey, type OrderPaymentsState } from "./order-payment-state"
import type { BalanceChargeView } from "../../lib/balance-charge-view"
import type { PaymentLinkListResponse, PaymentLinkResponse } from "../../lib/payment-links"

export const tbcQueryKeys = {
  settingsPage: ["tbc", "settings-page"] as const,
  /** the order's payment state is part of the key: a capture or refund asks the bank again */
  orderPayment: (order: OrderPaymentsState) => ["tbc", "order-payment", order.id, paymentsStateKey(order)] as const,
}

export interface SettingsPageData {
  providers: ProviderSettings[]
  /** the audit trail of the settings changed in the admin, newest first */
  settingChanges: SettingChange[]
  /** why the stored settings could not be read (the config's values apply), or null */
  settingsError: string | null
  callbacks: CallbackRow[]
  syncRuns: SyncRunRow[]
  lastPolls: SyncPollRow[]
  failedChanges: FailedChangeRow[]
  attention: AttentionList
  recordingFailures: RecordingFailureRow[]
  /** the entries an admin acted on, with their audit trails, also once off the attention list */
  ledgerHistory: LedgerHistory
}

async function loadSettingsPage(): Promise<SettingsPageData> {
  const [settings, callbacks, runs, failed, attention, recording, history] = await Promise.all([
    adminFetch<{ providers: ProviderSettings[]; changes: SettingChange[]; settings_error: string | null }>(
      "/admin/tbc/settings"
    ),
    adminFetch<{ callbacks: CallbackRow[] }>("/admin/tbc/callbacks?limit=20"),
    adminFetch<{ sync_runs: SyncRunRow[]; last_polls: SyncPollRow[] }>("/admin/tbc/installments/sync-runs?limit=10"),
    adminFetch<{ failed_changes: FailedChangeRow[] }>("/admin/tbc/installments/failed-changes?limit=50"),
    adminFetch<AttentionList>("/admin/tbc/payments/attention?limit=50"),
    adminFetch<{ recording_failures: RecordingFailureRow[] }>("/admin/tbc/saved-cards/recording-failures?limit=50"),
    adminFetch<LedgerHistory>("/admin/tbc/ledger-history?limit=20"),
  ])
  return {
    providers: settings.providers,
    settingChanges: settings.changes,
    settingsError: settings.settings_error,
    callbacks: callbacks.callbacks,
    syncRuns: runs.sync_runs,
    lastPolls: runs.last_polls,
    failedChanges: failed.failed_changes,
    attention,
    recordingFailures: recording.recording_failures,
    ledgerHistory: history,
  }
}

export function useSettingsPage() {
  return useQuery({ queryKey: tbcQueryKeys.settingsPage, queryFn: loadSettingsPage })
}

export function useCheckConnection() {
  return useMutation({
    mutationFn: () =>
      adminFetch<{ results: ConnectionResult[] }>("/admin/tbc/settings/check-connection", { method: "POST" }),
  })
}

/** "Sync now": the page's runs, polls and failed changes are refetched after it. */
export function useSyncNow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => adminFetch<SyncNowResult>("/admin/tbc/installments/sync", { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tbcQueryKeys.settingsPage }),
  })
}

export interface SaveSettingsInput {
  provider_id: string
  set?: Record<string, unknown>
  reset?: string[]
}

/** Saves (or resets) settings of one provider; the page (values, audit trail) is refetched after it. */
export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SaveSettingsInput) =>
      adminFetch<{ provider_id: string; changes: unknown[] }>("/admin/tbc/settings", {
        method: "POST",
        body: { ...input },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tbcQueryKeys.settingsPage }),
  })
}

/** The route of each admin action on a ledger entry (src/api/admin/tbc/ledger/[id]/…). */
const ACTION_PATHS: Record<LedgerAction, string> = {
  recheck: "recheck",
  attach: "attach-pay-id",
  not_charged: "not-charged",
  release: "release",
}

export interface LedgerActionInput {
  entryId: string
  action: LedgerAction
  /** attach: { pay_id }, not_charged: { reason } */
  body?: Record<string, unknown>
}

/** An admin action on an unresolved ledger entry; the page's lists are refetched after it. */
export function useLedgerAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ entryId, action, body }: LedgerActionInput) =>
      adminFetch<LedgerActionResult>(`/admin/tbc/ledger/${entryId}/${ACTION_PATHS[action]}`, {
        method: "POST",
        body: body ?? {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tbcQueryKeys.settingsPage }),
  })
}

export function useOrderPayment(order: OrderPaymentsState) {
  return useQuery({
    queryKey: tbcQueryKeys.orderPayment(order),
    queryFn: () => adminFetch<OrderPaymentView>(`/admin/tbc/orders/${order.id}/payment`),
    // while the bank is asked again after a capture, the last answer stays on screen
    placeholderData: (previous) => previous,
  })
}

/** The result of a capture from the order (POST /admin/tbc/orders/:id/order-change-capture), major units. */
export interface OrderChangeCaptureResult {
  order_id: string
  captured: number
  released: number
  owed: number
}

/**
 * Capture from the order: the items that changed, or a bare amount with its reason (the rest is
 * the order's credit); neither = the open order edit. Everything is asked again after.
 */
export function useOrderChangeCapture(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { items?: { id: string; quantity: number }[]; amount?: number; note?: string }) =>
      adminFetch<OrderChangeCaptureResult>(`/admin/tbc/orders/${orderId}/order-change-capture`, {
        method: "POST",
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  })
}

/** What the order owes and the customer's cards the store may charge (GET /admin/tbc/orders/:id/saved-card-charge). */
export function useBalanceChargeView(orderId: string) {
  return useQuery({
    queryKey: ["tbc", "balance-charge", orderId] as const,
    queryFn: () => adminFetch<BalanceChargeView>(`/admin/tbc/orders/${orderId}/saved-card-charge`),
  })
}

/** The order's TBC payment links, newest first (GET /admin/tbc/payment-links?order_id=; `url` is null in it). */
export function usePaymentLinks(orderId: string) {
  return useQuery({
    queryKey: ["tbc", "payment-links", orderId] as const,
    queryFn: () =>
      adminFetch<PaymentLinkListResponse>(`/admin/tbc/payment-links?order_id=${encodeURIComponent(orderId)}`),
  })
}

/**
 * "Request payment with TBC": a link for what the order owes now (an open one is replaced). Its
 * answer is the only one with the link's URL. The list and the dashboard's order are asked again.
 */
export function useCreatePaymentLink(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { notify_customer?: boolean; expires_in_hours?: number }) =>
      adminFetch<PaymentLinkResponse>("/admin/tbc/payment-links", {
        method: "POST",
        body: { order_id: orderId, ...body },
      }),
    onSettled: () => queryClient.invalidateQueries(),
  })
}

/** Closes an open link (nothing can be paid with it any more). */
export function useClosePaymentLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (linkId: string) =>
      adminFetch<PaymentLinkResponse>(`/admin/tbc/payment-links/${encodeURIComponent(linkId)}/close`, {
        method: "POST",
      }),
    onSettled: () => queryClient.invalidateQueries(),
  })
}
