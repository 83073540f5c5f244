/**
 * Installment application → the Medusa payment session it was opened for, for
 * `query.graph({ entity: "installment_application", fields: ["payment_session.*"] })`.
 *
 * Read-only: the row already carries `payment_session_id` (written when the session is created),
 * so no link table and no link writes. The session is what the installment sync reads (its
 * status, amount, data and payment); its cart and order are reached from there through Medusa's
 * own links (the order also through installment-application-order.ts).
 */
import PaymentModule from "@medusajs/medusa/payment"
import { defineLink } from "@medusajs/framework/utils"
import TbcModule from "../modules/tbc"

export default defineLink(
  { linkable: TbcModule.linkable.installmentApplication, field: "payment_session_id" },
  PaymentModule.linkable.paymentSession,
  { readOnly: true }
)
