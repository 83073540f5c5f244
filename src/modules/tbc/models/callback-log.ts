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
  /** a genuine callback of a payment its session no longer names (a newer execution of the session) */
  "superseded",
  /** the zero-amount payment of a card added from "My account" (no session: the app records the card) */
  "card_addition",
] as const
export type CallbackResult = (typeof CALLBACK_RESULTS)[number]

const CallbackLog = model
  .define(
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
      /**
       * Requests this row stands for. A callback refused before Medusa sees it (unauthenticated:
       * anyone can POST) is not one row per request: refusals of one source, result and minute add
       * up in one row, so a flood writes at most a row per source and minute.
       */
      count: model.number().default(1),
      /** The minute an aggregated row counts (null: a row for one judged callback). */
      window_start: model.dateTime().nullable(),
    }
  )
  .indexes([
    {
      name: "IDX_tbc_callback_log_rejected_window",
      on: ["provider_id", "source_ip", "result", "window_start"],
      unique: true,
      where: "window_start IS NOT NULL AND deleted_at IS NULL",
    },
  ])

export default CallbackLog
