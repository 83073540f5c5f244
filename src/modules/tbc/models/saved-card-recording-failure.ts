import { model } from "@medusajs/framework/utils"

/**
 * A saved card that could not be recorded after its payment (the bank did not answer, the
 * database failed): retried by the retention job with doubling backoff until it succeeds or the
 * tries run out, and listed in the admin (Settings → TBC Bank) while unresolved. No card data is
 * kept here, only which payment to ask the bank about again.
 */
const SavedCardRecordingFailure = model
  .define(
    { name: "SavedCardRecordingFailure", tableName: "tbc_saved_card_recording_failure" },
    {
      id: model.id({ prefix: "tbcscf" }).primaryKey(),
      /** Medusa payment id (one row per payment) */
      payment_id: model.text(),
      provider_id: model.text(),
      customer_id: model.text(),
      attempts: model.number(),
      /** the error's kind and a readable summary; never card data or request details */
      last_error: model.text(),
      next_attempt_at: model.dateTime().nullable(),
      gave_up_at: model.dateTime().nullable(),
      resolved_at: model.dateTime().nullable(),
    }
  )
  .indexes([
    { name: "IDX_tbc_saved_card_recording_failure_payment_unique", on: ["payment_id"], unique: true, where: null },
  ])

export default SavedCardRecordingFailure
