/**
 * Calls to the plugin's admin routes from the admin UI. Same origin as the admin, with the
 * admin's session cookie (credentials: "include"); a non-2xx answer becomes an Error carrying
 * Medusa's error message, so the page can show it in words.
 */
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

export interface ProviderSettings {
  kind: "tbc-checkout" | "tbc-installments"
  provider_id: string
  registration_id: string
  environment: string | null
  methods: number[] | null
  pre_auth: boolean
  save_cards: boolean
  campaign_id: string | null
  callback_url: string | null
  preauth_expiry_action: string | null
  credentials: Record<string, "set" | "missing">
  options_error: string | null
}

export interface BankProblem {
  title: string
  detail: string | null
  status: number | null
}

export interface ConnectionResult {
  provider_id: string
  kind: string
  ok: boolean
  latency_ms: number | null
  problem: BankProblem | null
}

export interface CallbackRow {
  id: string
  created_at: string
  provider_id: string
  pay_id: string | null
  result: string
  bank_status: string | null
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
    checkout: null | {
      pay_id: string
      status: string
      method: string | null
      card_mask: string | null
      currency: string | null
      authorized_amount: number | null
      confirmed_amount: number | null
      returned_amount: number | null
      pre_auth: boolean
    }
    installment: null | { session_id: string; status_id: number; description: string | null }
    preauth: null | {
      deadline: string
      days_left: number
      warning: boolean
      expired: boolean
      awaiting_completion: boolean
      warning_days: number
    }
    bank_error: BankProblem | null
  }
}

export const formatTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString() : "—"
