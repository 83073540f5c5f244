/**
 * Fail closed through the Admin API (issue #32, defect 7): with the ledger's table unreadable, a
 * refund answers a clear error and the sandbox bank sees no call; the cancel of a held order sends
 * nothing to the bank either (the hold stays held, no cancel is recorded); the same when the admin's TBC
 * settings cannot be read (never a silent run on the medusa-config values). Each test hides the
 * table by renaming it and puts it back in `finally`, so the group's other specs are unaffected.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { BANK_CALLS, payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { createAdminRequestConfig, type AdminRequestConfig } from "../utils/checkout-admin"
import { onlyPayment, readOrder } from "../utils/checkout-orders"
import { saveSettingsWithoutAdmin } from "../utils/admin-settings"
import { TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { paidCheckoutsForSuite } from "./admin-paid-order"
import { ledgerOf } from "../utils/tbc-payments"
import { invalidateStoredSettings } from "../../src/modules/tbc/settings/settings-store"
import { withTableHidden } from "../utils/hidden-table"

jest.setTimeout(120_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-fail-closed"),
  testSuite: ({ api, getContainer }) => {
    // callbacks would only be processed after the test's table is back; not what is tested here
    beforeAll(() => bank.dropCallbacks())
    // the admin, the store and the cart both tests pay, once per suite (the runner restores that
    // database before each test; the admin's token holds no database state)
    let admin: AdminRequestConfig
    beforeAll(async () => {
      admin = await createAdminRequestConfig(getContainer(), api)
    })
    const checkouts = paidCheckoutsForSuite(api, getContainer, bank, { carts: [[1]] })

    /** A captured order and what refunding 1 GEL of it through the Admin API answers with `table` hidden. */
    async function refundWithTableHidden(table: string) {
      const container = getContainer()
      const { orderId, payId } = await checkouts.paidOrder()
      const paymentId = onlyPayment(await readOrder(container, orderId)).id
      const cancels = await bank.calls(BANK_CALLS.cancel)
      const refund = (): Promise<{ status: number; data: { message?: string } }> =>
        api.post(`/admin/payments/${paymentId}/refund`, { amount: 1 }, { ...admin, validateStatus: () => true })
      const hidden = await withTableHidden(container, table, refund)
      const observed = {
        answer: `${hidden.status} ${hidden.data?.message}`,
        cancelsAtBank: (await bank.calls(BANK_CALLS.cancel)) - cancels,
        returnedAtBank: (await bank.payment(payId)).returnedAmount ?? 0,
        medusaRefunds: onlyPayment(await readOrder(container, orderId)).refundsTetri,
      }
      // with the table back, the same refund goes through: the refusal was the unreadable table
      const again = await refund()
      return { observed, again: again.status, returnedAfter: (await bank.payment(payId)).returnedAmount }
    }

    it("a refund with the ledger's table unreadable answers an error and the bank sees no call", async () => {
      expect(await refundWithTableHidden("tbc_payment")).toEqual({
        observed: {
          answer: expect.stringMatching(/^500 The refund could not be checked .*nothing was sent to the bank/),
          cancelsAtBank: 0,
          returnedAtBank: 0,
          medusaRefunds: [],
        },
        again: 200,
        returnedAfter: 1,
      })
    })

    /** An order placed from a card payment the bank holds (this suite's app captures at once: preauthorization on). */
    async function heldOrder() {
      const shop = checkouts.shop()
      const { cartId } = await shop.createCartReadyForPayment([1])
      const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
      await bank.pay(payId, "success")
      const completion = await shop.completeCart(cartId)
      if (completion.type !== "order") throw new Error(`the held cart became no order: ${JSON.stringify(completion)}`)
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      return { orderId: completion.order!.id, payId }
    }

    /** What the Admin API's cancel of a held order does at the bank and in the ledger, `hidden` or not. */
    async function cancelHeldOrder(hidden: boolean) {
      const container = getContainer()
      const { orderId, payId } = await heldOrder()
      const cancels = await bank.calls(BANK_CALLS.cancel)
      const cancel = () => api.post(`/admin/orders/${orderId}/cancel`, {}, { ...admin, validateStatus: () => true })
      const answer = await (hidden ? withTableHidden(container, "tbc_payment", cancel) : cancel())
      const charge = await ledgerOf(container).byPayId(payId)
      const operations = charge ? await ledgerOf(container).operationsOf(charge.id) : []
      const order = (await api.get(`/admin/orders/${orderId}`, admin)).data.order
      return {
        answer: answer.status,
        said: answer.status === 200 ? "" : String(answer.data?.message),
        order: order.status,
        cancelsAtBank: (await bank.calls(BANK_CALLS.cancel)) - cancels,
        atBank: (await bank.payment(payId)).status,
        charge: charge?.state,
        cancelOperations: operations.filter((o) => o.kind === "cancel").length,
      }
    }

    it("the cancel of a held order with the ledger's table unreadable sends nothing to the bank", async () => {
      const container = getContainer()
      await saveSettingsWithoutAdmin(container, TBC_CHECKOUT_PROVIDER_ID, { set: { preAuth: true } })
      invalidateStoredSettings()
      try {
        // Medusa's cancel-payment step logs a provider's refusal and would cancel the order anyway;
        // the plugin's orderCanceled hook refuses the cancel while the bank still holds the money,
        // so Medusa rolls the order's cancel back (src/workflows/hooks/held-order-cancel.ts)
        const hidden = await cancelHeldOrder(true)
        // the same cancel with the table readable reaches the bank: the refusal was the unreadable table
        const readable = await cancelHeldOrder(false)
        expect({ hidden, readable }).toEqual({
          hidden: {
            answer: 400,
            said: expect.stringMatching(
              /^The order was not canceled: TBC still holds its payment pay_\w+, because releasing it failed/
            ),
            order: "pending",
            cancelsAtBank: 0,
            atBank: "WaitingConfirm",
            charge: "held",
            cancelOperations: 0,
          },
          readable: {
            answer: 200,
            said: "",
            order: "canceled",
            cancelsAtBank: 1,
            atBank: "Returned",
            charge: expect.any(String),
            cancelOperations: 1,
          },
        })
      } finally {
        await saveSettingsWithoutAdmin(container, TBC_CHECKOUT_PROVIDER_ID, { reset: ["preAuth"] })
        invalidateStoredSettings()
      }
    })

    it("a refund with the admin's TBC settings unreadable answers an error, not the config's values in silence", async () => {
      expect(await refundWithTableHidden("tbc_provider_setting")).toEqual({
        observed: {
          answer: expect.stringMatching(/^500 The TBC settings saved in the admin could not be read/),
          cancelsAtBank: 0,
          returnedAtBank: 0,
          medusaRefunds: [],
        },
        again: 200,
        returnedAfter: 1,
      })
    })
  },
})
