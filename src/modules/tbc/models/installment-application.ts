import { model } from "@medusajs/framework/utils"

/**
 * One TBC Online Installments application (bank `sessionId`) and where it stands.
 * Amounts are major units (GEL) stored as bigNumber, exactly as Medusa stores money.
 */
const InstallmentApplication = model
  .define(
    { name: "InstallmentApplication", tableName: "tbc_installment_application" },
    {
      id: model.id({ prefix: "tbcapp" }).primaryKey(),
      bank_session_id: model.text(),
      payment_session_id: model.text().index("IDX_tbc_installment_application_payment_session_id"),
      payment_collection_id: model.text().nullable(),
      cart_id: model.text().nullable(),
      order_id: model.text().nullable(),
      /** Bank status code of the application (what each means: src/lib/installment-status.ts). */
      status_id: model.number(),
      status_description: model.text().nullable(),
      amount: model.bigNumber(),
      /** Down payment the customer made, when the bank reports one. */
      contribution_amount: model.bigNumber().nullable(),
      /** The bank's time of the last status change applied to this row. */
      last_change_at: model.dateTime().nullable(),
    }
  )
  .indexes([
    {
      name: "IDX_tbc_installment_application_bank_session_id_unique",
      on: ["bank_session_id"],
      unique: true,
      where: null,
    },
  ])

export default InstallmentApplication
