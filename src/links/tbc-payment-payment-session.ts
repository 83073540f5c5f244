/**
 * Our payment record (tbc_payment) → the Medusa payment session the bank payment was made for,
 * for `query.graph({ entity: "tbc_payment", fields: ["payment_session.*"] })`.
 *
 * Read-only: the provider writes `payment_session_id` into the row when it creates the payment, so
 * no link table and no link writes. The record outlives the session (Medusa deletes sessions when
 * a cart changes); a deleted session simply comes back as no `payment_session`.
 */
import PaymentModule from "@medusajs/medusa/payment"
import { defineLink } from "@medusajs/framework/utils"
import TbcModule from "../modules/tbc"

export default defineLink(
  { linkable: TbcModule.linkable.tbcPayment, field: "payment_session_id" },
  PaymentModule.linkable.paymentSession,
  { readOnly: true }
)
