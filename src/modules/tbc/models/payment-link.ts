import { model } from "@medusajs/framework/utils"

/**
 * A TBC payment link (issue #34): a web payment the shopper opens from a URL for what an order (or
 * a draft order) owed when the merchant made it. The row keeps what only the link knows; the
 * money of its payments is in the ledger (tbc_payment, one `web` charge per session), and its
 * status is derived from both (linkStatusOf in src/lib/payment-link-rules.ts).
 * The token is never stored: only its SHA-256 (token_hash).
 */
const PaymentLink = model
  .define(
    { name: "PaymentLink", tableName: "tbc_payment_link" },
    {
      id: model.id({ prefix: "tbcpl" }).primaryKey(),
      order_id: model.text().index("IDX_tbc_payment_link_order_id"),
      /** what the link asks for, integer tetri */
      amount: model.number(),
      currency_code: model.text(),
      token_hash: model.text(),
      /** StoredLinkStatus: "paying" and "expired" are derived (linkStatusOf) */
      status: model.enum(["open", "paid", "closed"]).default("open"),
      /** PAYMENT_LINK_CLOSED_REASONS */
      closed_reason: model.text().nullable(),
      closed_at: model.dateTime().nullable(),
      paid_at: model.dateTime().nullable(),
      expires_at: model.dateTime(),
      /** the checkout provider whose web payment pays it */
      provider_id: model.text(),
      /** the order's payment collection the link's sessions are made in (Medusa's own) */
      payment_collection_id: model.text().nullable(),
      /** the latest payment session made for it (one at a time) */
      payment_session_id: model.text().index("IDX_tbc_payment_link_session_id").nullable(),
      /** every session ever made for it, so the ledger's charges of all of them are read */
      session_ids: model.json().default({ ids: [] }),
      created_by: model.text().nullable(),
      notified: model.boolean().default(false),
    }
  )
  .indexes([
    // one open link per order at most: the request that would open a second one loses the race
    {
      name: "IDX_tbc_payment_link_one_open",
      on: ["order_id"],
      unique: true,
      where: "status = 'open' and deleted_at is null",
    },
  ])

export default PaymentLink
