/**
 * What GET /admin/tbc/saved-cards/recording-failures answers per payment (also the admin page's
 * row type; apart from the route so the admin bundle imports no server module). No card data:
 * only which payment and customer, the tries and the last error.
 */
export interface RecordingFailureView {
  id: string
  payment_id: string
  provider_id: string
  customer_id: string
  state: "given_up" | "retrying"
  attempts: number
  last_error: string
  next_attempt_at: Date | string | null
  gave_up_at: Date | string | null
  first_failed_at: Date | string | null
}
