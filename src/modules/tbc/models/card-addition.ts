import { model } from "@medusajs/framework/utils"

/** Where a card addition stands: on the bank's page, card recorded, or ended without a card. */
export const CARD_ADDITION_STATUSES = ["started", "saved", "failed"] as const
export type CardAdditionStatus = (typeof CARD_ADDITION_STATUSES)[number]

/**
 * A card a logged-in customer adds from "My account" (Medusa's savePaymentMethod): a zero-amount
 * `saveCard` payment on the bank's hosted page, made by the provider, which writes this row
 * (through the app's PostgreSQL connection: a provider cannot resolve our module) before the
 * shopper gets the page's link. No Medusa payment session stands behind such a payment, so this
 * row is what tells the app whose card the bank saved when its callback comes (or the retry job
 * asks): the card is then recorded in SavedCard like a card saved while paying.
 * No card data here: the customer, the bank's payId and how it ended.
 */
const CardAddition = model
  .define(
    { name: "CardAddition", tableName: "tbc_card_addition" },
    {
      id: model.id({ prefix: "tbccadd" }).primaryKey(),
      provider_id: model.text(),
      customer_id: model.text().index("IDX_tbc_card_addition_customer_id"),
      /** the bank's payId of the zero-amount payment */
      pay_id: model.text(),
      /** one of CARD_ADDITION_STATUSES; text so new values need no migration */
      status: model.text().default("started"),
      /** the bank's status at our last read */
      bank_status: model.text().nullable(),
      /** when it was saved or ended */
      settled_at: model.dateTime().nullable(),
    }
  )
  .indexes([{ name: "IDX_tbc_card_addition_pay_id_unique", on: ["pay_id"], unique: true, where: null }])

export default CardAddition
