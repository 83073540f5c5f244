import { model } from "@medusajs/framework/utils"

/** Kinds of bank payment the plugin creates: a hosted-page payment, or a saved-card execution. */
export const TBC_PAYMENT_KINDS = ["web", "execution"] as const
export type TbcPaymentKind = (typeof TBC_PAYMENT_KINDS)[number]

/** What the plugin did about a payment whose Medusa session disappeared while money was at the bank. */
export const ORPHAN_ACTIONS = ["cancelled", "refunded", "notified", "failed"] as const
export type OrphanAction = (typeof ORPHAN_ACTIONS)[number]

/**
 * Our own record of every TBC checkout payment the plugin created (web payment or saved-card
 * execution): payId → the Medusa session, collection and cart it was made for. Written by the
 * provider when it creates the payment (before the shopper can reach the bank) and updated on
 * every read of the bank. It outlives Medusa's payment session, which Medusa deletes when the
 * cart total changes or a new session is opened, so:
 * - a callback on the plain URL (no signed query) finds its session by payId (one indexed read);
 * - money held or taken for a session that is gone is found and released (orphan policy);
 * - a saved-card execution whose answer was unreadable is never sent a second time.
 * Amounts are integer tetri (minor units). Text columns instead of enums: new values need no migration.
 */
const TbcPayment = model
  .define(
    { name: "TbcPayment", tableName: "tbc_payment" },
    {
      id: model.id({ prefix: "tbcpay" }).primaryKey(),
      provider_id: model.text(),
      /** The bank's payId; null only while a saved-card execution has not been answered. */
      pay_id: model.text().nullable(),
      payment_session_id: model.text().index("IDX_tbc_payment_payment_session_id"),
      payment_collection_id: model.text().nullable(),
      cart_id: model.text().index("IDX_tbc_payment_cart_id").nullable(),
      /** integer tetri (minor units) */
      amount: model.number(),
      currency: model.text(),
      /** one of TBC_PAYMENT_KINDS */
      kind: model.text(),
      /** the bank's status at our last read, and when we read it */
      bank_status: model.text().nullable(),
      bank_status_at: model.dateTime().nullable(),
      /** when we learnt that the Medusa session is gone (deletePayment, a callback or the sweep) */
      session_gone_at: model.dateTime().nullable(),
      /** one of ORPHAN_ACTIONS, once the orphan policy acted; "failed" is retried by the sweep */
      orphan_action: model.text().nullable(),
      orphan_action_at: model.dateTime().nullable(),
      /** in tetri: what was released or returned */
      orphan_amount: model.number().nullable(),
      /** why an action failed or what the admin must check (never a secret) */
      orphan_error: model.text().nullable(),
      /** a saved-card execution got an unreadable answer: it may have charged; never sent again */
      uncertain_at: model.dateTime().nullable(),
      uncertain_reason: model.text().nullable(),
      /** when the uncertainty was settled (by reading the bank, or by the admin) */
      resolved_at: model.dateTime().nullable(),
    }
  )
  .indexes([{ name: "IDX_tbc_payment_pay_id_unique", on: ["pay_id"], unique: true, where: null }])

export default TbcPayment
