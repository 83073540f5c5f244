/**
 * Installment application → the order placed for it, for `query.graph({ entity:
 * "installment_application", fields: ["order.status"] })` (the data-retention job keeps an
 * application's status history until its order is final).
 *
 * Read-only: the sync writes `order_id` into the row once Medusa has placed the order, so no link
 * table and no link writes; an application without an order comes back with `order: null`.
 */
import OrderModule from "@medusajs/medusa/order"
import { defineLink } from "@medusajs/framework/utils"
import TbcModule from "../modules/tbc"

export default defineLink(
  { linkable: TbcModule.linkable.installmentApplication, field: "order_id" },
  OrderModule.linkable.order,
  { readOnly: true }
)
