/**
 * tbc-checkout end to end with preauthorization (TBC_PREAUTH=true): the card is only blocked,
 * the order carries an authorized payment, and the admin's capture is what completes the payment
 * at the bank — exactly once, even when the button is pressed twice at the same time.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { BANK_CALLS, SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder, toTetri } from "../utils/checkout-orders"
import { heldCardOrdersForSuite } from "../utils/held-order"

jest.setTimeout(90_000)

// preauthorization on: authorize holds the amount, the admin's capture completes it
const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-preauth"),
  testSuite: ({ api, getContainer }) => {
    // Callbacks are covered by checkout-flows/webhooks; here they would only be processed ~5 s
    // later against the next test's freshly restored database.
    beforeAll(() => bank.dropCallbacks())

    const placeHeldOrder = heldCardOrdersForSuite(api, getContainer, bank, { carts: [[3, 1]] })

    /** A paid preauthorized order: the card is blocked at the bank, Medusa holds an authorized payment. */
    async function placePreauthorizedOrder() {
      const held = await placeHeldOrder([3, 1])
      const order = await readOrder(getContainer(), held.orderId)
      return {
        order,
        payment: onlyPayment(order),
        payId: held.payId,
        totalTetri: toTetri(held.total),
        admin: held.admin,
      }
    }

    it("blocks the amount, then completes it at the bank when the admin captures", async () => {
      const { order, payment, payId, totalTetri, admin } = await placePreauthorizedOrder()
      // 3 × 49.99 + 1234.56 + 5.00
      expect(totalTetri).toBe(138953)
      expect(order.totalTetri).toBe(totalTetri)
      expect(order.collectionStatus).toBe("authorized")
      expect(payment.capturesTetri).toEqual([])
      expect(payment.capturedAt).toBeNull()
      const blocked = await bank.payment(payId)
      expect(blocked).toMatchObject({ status: "WaitingConfirm", preAuth: true })
      expect(toTetri(blocked.amount)).toBe(totalTetri)
      const completionsBefore = await bank.calls(BANK_CALLS.completion)

      const { status } = await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)

      expect(status).toBe(200)
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore + 1)
      const atBank = await bank.payment(payId)
      expect(atBank.status).toBe("Succeeded")
      expect(toTetri(atBank.confirmedAmount)).toBe(totalTetri)
      const captured = await readOrder(getContainer(), order.id)
      expect(onlyPayment(captured).capturesTetri).toEqual([totalTetri])
      expect(onlyPayment(captured).capturedAt).not.toBeNull()
      expect(captured.collectionStatus).toBe("completed")
    })

    it("sends one completion to the bank when capture is pressed twice at once", async () => {
      const { order, payment, payId, totalTetri, admin } = await placePreauthorizedOrder()
      const completionsBefore = await bank.calls(BANK_CALLS.completion)

      const capture = () =>
        api.post(`/admin/payments/${payment.id}/capture`, {}, { ...admin, validateStatus: () => true })
      const answers = await Promise.all([capture(), capture()])

      const statuses = answers.map((answer) => answer.status).sort()
      // One capture wins; the other is either refused (nothing left to capture) or a no-op success.
      expect(statuses[0]).toBe(200)
      expect([200, 400, 409]).toContain(statuses[1])
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore + 1)
      const atBank = await bank.payment(payId)
      expect(atBank.status).toBe("Succeeded")
      expect(toTetri(atBank.confirmedAmount)).toBe(totalTetri)
      const captured = onlyPayment(await readOrder(getContainer(), order.id))
      expect(captured.capturesTetri).toEqual([totalTetri])
    })
  },
})
