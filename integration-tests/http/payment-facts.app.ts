/**
 * What happened to a payment, kept and shown, through the Store and Admin APIs with the sandbox:
 * a paid order's card mask, method, rrn and transactionId are in the ledger and the admin's order
 * route; the shopper's order route gives only the mask (last four digits) and the method, to the
 * order's customer or the holder of its cart id, never to a stranger; a decline keeps the bank's
 * resultCode; the payment carried the cart's statement reference as `extra`; an internet-bank
 * payment is named as such, not as a card.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { testDbName } from "../utils/db-name"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { SandboxBankControl } from "../utils/checkout-bank"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { savedCardCastForSuite } from "../utils/saved-cards-shopper"
import { waitFor } from "../utils/wait-for"
import { saveSettingsWithoutAdmin } from "../utils/admin-settings"
import { TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { LedgerStore, type PgConnection } from "../../src/modules/tbc/ledger/ledger-store"
import { statementText } from "../../src/lib/statement-reference"
import { RESULT_CODES } from "../../packages/sandbox/src/test-cards"

jest.setTimeout(90_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-payment-facts"),
  testSuite: ({ api, getContainer }) => {
    // Alice's cart of the first test prepared (the guest's of the second is built in it)
    const cast = savedCardCastForSuite(api, getContainer, { aliceCarts: 1 })
    const ledger = () => new LedgerStore(getContainer().resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION))

    it("keeps mask, method, rrn and transactionId; the admin sees them all, the shopper mask and method only", async () => {
      const { alice, bob, guest } = cast
      const { cartId, collectionId } = await alice.cartReadyForPayment()
      const started = await alice.startSession(collectionId, {})
      expect(started.status).toBe(200)
      const payId: string = started.body.payment_collection.payment_sessions[0].data.payId
      await bank.pay(payId, "success")
      const completion = await alice.ok("post", `/store/carts/${cartId}/complete`)
      expect(completion.type).toBe("order")
      const orderId: string = completion.order.id

      // what the bank said, as the sandbox answers it like the live bank
      const atBank = (await bank.state()).payments.find((p: any) => p.payId === payId)
      expect(atBank).toMatchObject({ paymentMethod: 5, resultCode: RESULT_CODES.approved })
      expect(atBank.paymentCardNumber).toMatch(/^\d+\*+\d{4}$/)
      expect(atBank.transactionId).toEqual(expect.any(String))
      // the statement reference went out as extra, within the bank's rule
      expect(atBank.request.extra).toBe(statementText(cartId))

      const entry = await ledger().byPayId(payId)
      expect(entry).toMatchObject({
        card_mask: atBank.paymentCardNumber,
        payment_method: 5,
        transaction_id: atBank.transactionId,
        result_code: RESULT_CODES.approved,
      })
      expect(entry?.rrn).toEqual(expect.stringMatching(/\d/))

      const admin = await createAdminRequestConfig(getContainer(), api)
      const { data: view } = await api.get(`/admin/tbc/orders/${orderId}/payment`, admin)
      expect(view.payment.facts).toMatchObject({
        card_mask: atBank.paymentCardNumber,
        payment_method: 5,
        payment_method_label: "Card",
        rrn: entry!.rrn,
        transaction_id: atBank.transactionId,
        result_code: RESULT_CODES.approved,
        statement_reference: statementText(cartId),
      })

      // the order's customer: the mask with its last four digits only, and the method; nothing else
      const own = await alice.ok("get", `/store/tbc/orders/${orderId}/payment`)
      const last4 = atBank.paymentCardNumber.slice(-4)
      expect(own).toEqual({
        order_id: orderId,
        payment: {
          card_mask: expect.stringMatching(new RegExp(`^\\*+${last4}$`)),
          card_last4: last4,
          payment_method: 5,
          payment_method_label: "Card",
          installment_status_id: null,
        },
      })
      expect(JSON.stringify(own)).not.toContain(entry!.rrn!)
      expect(JSON.stringify(own)).not.toContain(atBank.transactionId)
      // with the order's cart id (a guest's confirmation page)
      expect((await guest.call("get", `/store/tbc/orders/${orderId}/payment?cart_id=${cartId}`)).body).toEqual(own)

      // strangers: another customer, a guest without (or with another) cart id: as if there were no order
      for (const [who, path] of [
        [bob, `/store/tbc/orders/${orderId}/payment`],
        [bob, `/store/tbc/orders/${orderId}/payment?cart_id=cart_01NOTTHEONE`],
        [guest, `/store/tbc/orders/${orderId}/payment`],
        [guest, `/store/tbc/orders/order_01NOSUCHORDER/payment?cart_id=${cartId}`],
      ] as const) {
        const refused = await who.call("get", path)
        expect({ path, status: refused.status }).toEqual({ path, status: 404 })
        expect(JSON.stringify(refused.body)).not.toContain(last4)
      }
      expect((await guest.call("get", `/store/tbc/orders/${orderId}/payment?extra=1`)).status).toBe(400)
    })

    it("an order paid by internet bank says so to the shopper and the admin, not 'Card'", async () => {
      const { guest } = cast
      const { cartId, collectionId } = await guest.cartReadyForPayment()
      // the bank's page offers internet bank too (the store's setting, for this test only)
      await saveSettingsWithoutAdmin(getContainer(), TBC_CHECKOUT_PROVIDER_ID, { set: { methods: [5, 7] } })
      let payId: string
      try {
        payId = (await guest.startSession(collectionId, {})).body.payment_collection.payment_sessions[0].data.payId
      } finally {
        await saveSettingsWithoutAdmin(getContainer(), TBC_CHECKOUT_PROVIDER_ID, { reset: ["methods"] })
      }
      // the shopper chose internet bank (method 7) on the bank's all-methods page
      await bank.pay(payId, "success", 7)
      const completion = await guest.ok("post", `/store/carts/${cartId}/complete`)
      expect(completion.type).toBe("order")
      const orderId: string = completion.order.id
      const atBank = (await bank.state()).payments.find((p: any) => p.payId === payId)
      expect(atBank).toMatchObject({ paymentMethod: 7 })

      // the confirmation page (the cart's holder) and the admin's order: the method that paid
      const own = await guest.ok("get", `/store/tbc/orders/${orderId}/payment?cart_id=${cartId}`)
      expect(own.payment).toMatchObject({ payment_method: 7, payment_method_label: "Internet bank" })
      const admin = await createAdminRequestConfig(getContainer(), api)
      const { data: view } = await api.get(`/admin/tbc/orders/${orderId}/payment`, admin)
      expect(view.payment.facts).toMatchObject({ payment_method: 7, payment_method_label: "Internet bank" })
      expect(JSON.stringify([own, view.payment.facts])).not.toMatch(/"Card"/)
    })

    it("a declined card payment keeps the bank's resultCode on its ledger entry", async () => {
      const { guest } = cast
      const { cartId, collectionId } = await guest.cartReadyForPayment()
      const payId: string = (await guest.startSession(collectionId, {})).body.payment_collection.payment_sessions[0]
        .data.payId
      await bank.pay(payId, "decline")
      // the shopper's return page reads the status (with the resultCode) ...
      const status = await guest.ok("get", `/store/tbc/carts/${cartId}/payment-status`)
      expect(status.payment_status).toMatchObject({ status: "failed", reason: "declined" })
      const resultCode = status.payment_status.result_code
      expect(resultCode).toBe(RESULT_CODES.doNotHonour)
      // ... and the bank's callback (or the cart completion) keeps it on the payment
      const refused = await guest.ok("post", `/store/carts/${cartId}/complete`)
      expect(refused.type).toBe("cart")
      const entry = await waitFor(
        async () => {
          const found = await ledger().byPayId(payId)
          return found?.result_code ? found : undefined
        },
        { timeoutMs: 20_000, description: "the decline's resultCode on the ledger entry" }
      )
      expect(entry).toMatchObject({ state: "refused", bank_status: "Failed", result_code: resultCode })
    })
  },
})
