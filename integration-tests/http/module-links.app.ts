/**
 * The plugin's read-only module links (src/links/) in the real app: Query follows each one from
 * our row to Medusa's record through the id column the row already carries, and a row whose
 * record is gone comes back with the link empty (no link table, nothing to keep in step).
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { ICustomerModuleService, IOrderModuleService, IPaymentModuleService } from "@medusajs/framework/types"
import { TBC_MODULE, type TbcModuleService } from "../../src/modules/tbc"

jest.setTimeout(120_000)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-module-links"),
  testSuite: ({ getContainer }) => {
    const query = () => getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const tbc = () => getContainer().resolve<TbcModuleService>(TBC_MODULE)

    /** A real payment session (Medusa's built-in system provider: no bank involved). */
    async function paymentSession(): Promise<{ id: string }> {
      const payments = getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT)
      const collection = await payments.createPaymentCollections({ currency_code: "gel", amount: 25 })
      return payments.createPaymentSession(collection.id, {
        provider_id: "pp_system_default",
        amount: 25,
        currency_code: "gel",
        data: {},
      })
    }

    it("saved card → customer", async () => {
      const customers = getContainer().resolve<ICustomerModuleService>(Modules.CUSTOMER)
      const customer = await customers.createCustomers({ email: "nino@example.ge" })
      const card = await tbc().createSavedCards({
        customer_id: customer.id,
        provider_id: "pp_tbc_tbc",
        pay_id: "pay_link_1",
      })
      const orphan = await tbc().createSavedCards({
        customer_id: "cus_gone",
        provider_id: "pp_tbc_tbc",
        pay_id: "pay_link_2",
      })

      const { data } = await query().graph({
        entity: "saved_card",
        fields: ["id", "customer.id", "customer.email"],
        filters: { id: [card.id, orphan.id] },
      })
      const byId = new Map(data.map((row) => [row.id, row as { customer?: { id: string; email: string } | null }]))
      expect(byId.get(card.id)?.customer).toMatchObject({ id: customer.id, email: "nino@example.ge" })
      expect(byId.get(orphan.id)?.customer ?? null).toBeNull()
    })

    it("tbc_payment → payment session", async () => {
      const session = await paymentSession()
      const record = await tbc().createTbcPayments({
        provider_id: "pp_tbc_tbc",
        pay_id: "pay_link_3",
        payment_session_id: session.id,
        amount: 2500,
        currency: "GEL",
        kind: "web",
      })

      const { data } = await query().graph({
        entity: "tbc_payment",
        fields: ["id", "payment_session.id", "payment_session.amount", "payment_session.provider_id"],
        filters: { id: record.id },
      })
      expect(data[0]).toMatchObject({
        id: record.id,
        payment_session: { id: session.id, amount: 25, provider_id: "pp_system_default" },
      })
    })

    it("installment application → payment session and order", async () => {
      const session = await paymentSession()
      const orders = getContainer().resolve<IOrderModuleService>(Modules.ORDER)
      const order = await orders.createOrders({ currency_code: "gel", email: "nino@example.ge" })
      await tbc().createInstallmentApplications([
        {
          bank_session_id: "inst_link_1",
          payment_session_id: session.id,
          order_id: order.id,
          status_id: 2,
          amount: 25,
        },
        { bank_session_id: "inst_link_2", payment_session_id: "payses_gone", status_id: 1, amount: 5 },
      ])

      const { data } = await query().graph({
        entity: "installment_application",
        fields: ["bank_session_id", "payment_session.id", "payment_session.currency_code", "order.id", "order.email"],
        filters: { bank_session_id: ["inst_link_1", "inst_link_2"] },
      })
      const bySession = new Map(data.map((row) => [row.bank_session_id as string, row as Record<string, unknown>]))
      expect(bySession.get("inst_link_1")).toMatchObject({
        payment_session: { id: session.id, currency_code: "gel" },
        order: { id: order.id, email: "nino@example.ge" },
      })
      expect(bySession.get("inst_link_2")?.payment_session ?? null).toBeNull()
      expect(bySession.get("inst_link_2")?.order ?? null).toBeNull()
    })
  },
})
