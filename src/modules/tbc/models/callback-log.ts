import { model } from "@medusajs/framework/utils"

/** What we did with a bank callback; kept for audit of spoofed or repeated callbacks. */
export const CALLBACK_RESULTS = [
  "accepted",
  "rejected_source",
  "unknown_payment",
  "not_final",
  "malformed",
  "error",
  "session_gone",
] as const
export type CallbackResult = (typeof CALLBACK_RESULTS)[number]

const CallbackLog = model.define(
  { name: "CallbackLog", tableName: "tbc_callback_log" },
  {
    id: model.id({ prefix: "tbccb" }).primaryKey(),
    provider_id: model.text(),
    pay_id: model.text().index("IDX_tbc_callback_log_pay_id").nullable(),
    source_ip: model.text().nullable(),
    /** One of CALLBACK_RESULTS; text (not enum) so new results need no migration. */
    result: model.text(),
    /** The status the bank reported when we looked the payment up, if we got that far. */
    bank_status: model.text().nullable(),
  }
)

export default CallbackLog
