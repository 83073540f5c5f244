/**
 * Saved card → the customer it belongs to, for `query.graph({ entity: "saved_card", fields:
 * ["customer.*"] })`.
 *
 * Read-only: our row already carries `customer_id` (written when the bank saves the card), so the
 * link needs no link table and no link writes; it only teaches Query to join on that column. A
 * read-only link goes one way (from our model to Medusa's), which is the way the plugin reads.
 */
import CustomerModule from "@medusajs/medusa/customer"
import { defineLink } from "@medusajs/framework/utils"
import TbcModule from "../modules/tbc"

export default defineLink(
  { linkable: TbcModule.linkable.savedCard, field: "customer_id" },
  CustomerModule.linkable.customer,
  { readOnly: true }
)
