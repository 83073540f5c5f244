/**
 * "Place order" again after a completion that failed after the charge was taken at once (no
 * preauthorization): Medusa's compensation refunds the charge and replaces the session, so the
 * retry asks the provider about the new, unpaid session and no order is placed on the returned
 * money; a new payment gives the one order. The preauthorization variant, where Medusa keeps the
 * session with its canceled payment, is in reconcile-tbc.app.ts.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { SandboxBankControl } from "../utils/checkout-bank"
import { paidCheckoutsForSuite } from "./admin-paid-order"
import { placeOrderAgainAfterFailedCompletion } from "../utils/place-order-again"

jest.setTimeout(120_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-completion-retry"),
  testSuite: ({ api, getContainer }) => {
    // the lost-callback job stands for the callbacks: one completion path at a time
    beforeAll(() => bank.dropCallbacks())
    const checkouts = paidCheckoutsForSuite(api, getContainer, bank, { carts: [[1]] })

    it("a second 'Place order' after Medusa's compensation returned the charge places no order on it; paying again gives one order", async () => {
      const paid = await checkouts.paidCart([1])
      const seen = await placeOrderAgainAfterFailedCompletion(getContainer(), paid.shop, bank, paid)
      expect(seen).toEqual({
        failed: expect.not.stringMatching(/^order$/),
        afterCompensation: "Returned",
        orderAfterJob: undefined,
        // the retry asks the provider about the new session, not paid at the bank
        retry: expect.stringMatching(/^200 The payment has not been completed at the bank yet/),
        orderAfterRetry: undefined,
        newSession: "opened",
        placed: "order",
        order: { status: "completed", livePayments: [seen.secondPayId] },
        atBank: ["Returned", "Succeeded"],
        secondPayId: expect.any(String),
      })
    })
  },
})
