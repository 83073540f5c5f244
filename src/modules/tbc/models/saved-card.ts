import { model } from "@medusajs/framework/utils"

/** Lifecycle of a card token: saved at the bank (pending until the saving payment succeeds), usable, removed. */
export const SAVED_CARD_STATUSES = ["pending", "active", "deleted"] as const
export type SavedCardStatus = (typeof SAVED_CARD_STATUSES)[number]

/**
 * A card the bank stored for a customer (`recId`), charged later through `/payments/execution`.
 *
 * `rec_id` holds the token SEALED at rest (src/lib/card-token-at-rest.ts, "tbcrec1.…"); rows from
 * before hold it in plain text and are still read (and re-sealed by the retention job). It is
 * null once the card is deleted. `rec_id_hash` (keyed HMAC of the token) finds a card by its
 * token and is unique without the soft-delete scope: one bank token is one row, ever, and a
 * deleted card is never recorded again.
 */
const SavedCard = model
  .define(
    { name: "SavedCard", tableName: "tbc_saved_card" },
    {
      id: model.id({ prefix: "tbccard" }).primaryKey(),
      customer_id: model.text().index("IDX_tbc_saved_card_customer_id"),
      provider_id: model.text(),
      rec_id: model.text().nullable(),
      rec_id_hash: model.text().nullable(),
      /** Masked PAN as the bank shows it, e.g. "411111******1111". */
      card_mask: model.text().nullable(),
      /** Card expiry, MMYY as the bank sends it. */
      expiry_date: model.text().nullable(),
      /** Until when the bank keeps the token, MMYY. */
      save_until: model.text().nullable(),
      /** The bank payment (payId) whose success saved the card. */
      pay_id: model.text(),
      status: model.enum([...SAVED_CARD_STATUSES]).default("pending"),
      /**
       * Set when the card must be deleted at the bank (its customer was deleted) and the bank
       * call has not succeeded yet: the retention job retries it, then removes the row.
       */
      delete_requested_at: model.dateTime().nullable(),
      /** when the card was deleted (status "deleted"); the row itself goes after the retention age */
      deleted_card_at: model.dateTime().nullable(),
      /**
       * The customer's consent to charges the store makes without them (a merchant-initiated
       * charge of an order's balance), given in the storefront's save-card box when the card was
       * saved: when, and which words (their version and language). Null: saved without it, and the
       * store may not charge the card by itself (src/lib/merchant-charges.ts).
       */
      merchant_charges_consent_at: model.dateTime().nullable(),
      merchant_charges_consent_version: model.text().nullable(),
      merchant_charges_consent_locale: model.text().nullable(),
    }
  )
  .indexes([
    { name: "IDX_tbc_saved_card_rec_id_unique", on: ["rec_id"], unique: true, where: null },
    { name: "IDX_tbc_saved_card_rec_id_hash_unique", on: ["rec_id_hash"], unique: true, where: null },
  ])

export default SavedCard
