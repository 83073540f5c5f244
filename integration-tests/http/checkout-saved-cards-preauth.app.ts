/**
 * Saved cards with preauthorization (TBC_PREAUTH=true, the provider's default): the bank keeps the
 * card inactive until the saving payment is completed, so the card is recorded pending and becomes
 * usable only when the admin captures (payment.captured). A saved-card order is then only
 * authorized (WaitingConfirm) and the admin's capture completes the execution at the bank.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { TBC_MODULE, type TbcModuleService } from "../../src/modules/tbc"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder, toTetri } from "../utils/checkout-orders"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { SAVED_CARD_CALLS as CALLS, Shopper, login } from "../utils/saved-cards-shopper"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { waitFor } from "../utils/wait-for"

jest.setTimeout(120_000)

// preauthorization on: authorize holds the amount, the admin's capture completes it
const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-saved-cards-preauth"),
  testSuite: ({ api, getContainer }) => {
    it("records the card pending until capture, then pays by execution as a preauthorization", async () => {
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const alice = new Shopper(api, store, await login(api, store.customer.email, store.customer.password), [])
      const admin = await createAdminRequestConfig(getContainer(), api)
      const tbc = getContainer().resolve<TbcModuleService>(TBC_MODULE)

      // first order: card saved at the bank with a preauthorization
      const first = await alice.cartReadyForPayment()
      const started = await alice.startSession(first.collectionId, { save_card: true })
      const payId = started.body.payment_collection.payment_sessions[0].data.payId
      await bank.pay(payId, "success")
      const placed = await alice.call("post", `/store/carts/${first.cartId}/complete`)
      expect(placed.body.type).toBe("order")
      const [pending] = await waitFor(
        async () => {
          const rows = await tbc.listSavedCards({ customer_id: store.customer.id })
          return rows.length > 0 ? rows : undefined
        },
        { timeoutMs: 15_000, description: "the pending card row" }
      )
      expect(pending).toMatchObject({ status: "pending", pay_id: payId })
      expect(await alice.cards()).toEqual([])

      // the admin's capture completes the payment at the bank, which activates the card
      const firstPayment = onlyPayment(await readOrder(getContainer(), placed.body.order.id))
      await api.post(`/admin/payments/${firstPayment.id}/capture`, {}, admin)
      const card = await alice.firstCardOnceListed("the card to become active after capture")
      expect(card).toMatchObject({ id: pending.id, status: "active" })

      // second order: execution with preAuth → authorized; capture completes it
      const executions = await bank.calls(CALLS.execution)
      const creates = await bank.calls(CALLS.create)
      const second = await alice.cartReadyForPayment()
      expect((await alice.startSession(second.collectionId, { saved_card_id: card.id })).status).toBe(200)
      const order = await alice.call("post", `/store/carts/${second.cartId}/complete`)
      expect(order.body.type).toBe("order")
      expect(await bank.calls(CALLS.execution)).toBe(executions + 1)
      expect(await bank.calls(CALLS.create)).toBe(creates)
      const payment = onlyPayment(await readOrder(getContainer(), order.body.order.id))
      expect(payment.capturesTetri).toEqual([])
      const executed = (await bank.state()).payments.find((p: any) => p.payId === payment.data.payId)
      expect(executed).toMatchObject({ status: "WaitingConfirm", preAuth: true })

      await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)
      const captured = onlyPayment(await readOrder(getContainer(), order.body.order.id))
      expect(captured.capturesTetri).toEqual([toTetri(second.total)])
      expect((await bank.state()).payments.find((p: any) => p.payId === payment.data.payId).status).toBe("Succeeded")
      expect(await alice.cards()).toHaveLength(1)
    })
  },
})
