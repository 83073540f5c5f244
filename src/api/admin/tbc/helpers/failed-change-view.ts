/**
 * What GET /admin/tbc/installments/failed-changes answers per change (also the admin page's row
 * type; kept apart from the route so the admin bundle's type import pulls in no server module).
 */
export interface FailedChangeView {
  id: string
  provider_id: string
  bank_session_id: string
  status_id: number
  change_date: string
  payment_session_id: string | null
  state: "given_up" | "retrying"
  attempts: number
  last_error: string
  next_attempt_at: Date | string | null
  gave_up_at: Date | string | null
  first_failed_at: Date | string
}
