/**
 * Issue #32: a refused "Place order" must not cost an order number. Medusa creates the order
 * before it authorizes the payment and rolls it back on a refusal, but not its number (display_id
 * comes from a database sequence). The plugin's refusals that need no bank answer are made in
 * completeCartWorkflow's `validate` hook, before the order exists: a shopper pressing "Place order"
 * again while her saved-card charge is being checked gets "we are checking your payment" at no
 * cost; so does one while the bank is still deciding it (the hook reads that payment at the bank).
 * Only the first attempt, whose execution is sent in authorizePayment (after the order was
 * created), still costs one number (docs/architecture.md says why that one stays).
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, waitForPaidOrderOfCart } from "../utils/checkout-orders"
import { callbackBody, postRawCallback } from "../utils/checkout-callbacks"
import { SAVED_CARD_CALLS as CALLS, Shopper, aliceForSuite, firstOrderSavesCard } from "../utils/saved-cards-shopper"

jest.setTimeout(180_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)
const CHECKING = /We are checking your payment/
const STILL_PROCESSING = /The bank is still processing this payment/
const SAVED_CARD_METHOD = 11

/** Every order's display_id, ascending. */
async function displayIds(container: MedusaContainer): Promise<number[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["display_id"] })
  return data.map((order: { display_id: number }) => Number(order.display_id)).sort((a, b) => a - b)
}

/**
 * Order numbers taken and never kept between the store's last order `before` and `placed`:
 * the gap, less the numbers of orders that do exist in between (none in a quiet test).
 */
async function burnedBetween(container: MedusaContainer, before: number, placed: number): Promise<number> {
  const between = (await displayIds(container)).filter((id) => id > before && id < placed)
  return placed - before - 1 - between.length
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-saved-card-order-numbers"),
  testSuite: ({ api, getContainer }) => {
    // her first order's cart, which saves the card, and the one her saved card pays
    const suite = aliceForSuite(api, getContainer, { aliceCarts: 2 })
    beforeEach(() => bank.setFaults({ reset: true }))
    afterAll(() => bank.setFaults({ reset: true }))

    /**
     * Alice's second order by saved card: `fault` is set for its execution, then she presses
     * "Place order" three times; `settle` makes the bank's callback place the order. Returns what
     * she read each time, the executions sent, and the order numbers burned on the way.
     */
    async function threeAttemptsThenCallback(
      fault: Record<string, unknown>,
      settle: (payId: string) => Promise<void>
    ): Promise<{ answers: string[]; executions: number; burnedNumbers: number }> {
      const container = getContainer()
      const alice = new Shopper(api, suite.store, suite.aliceToken, [])
      const { card } = await firstOrderSavesCard(alice, bank)
      const before = Math.max(...(await displayIds(container)))
      // the bank's callbacks are lost until the test posts one; its details name the session
      await bank.setFaults({ detailsNameMerchantPaymentId: true })
      await bank.dropCallbacks()
      const { cartId, collectionId } = await alice.cartReadyForPayment()
      const started = await alice.startSession(collectionId, { saved_card_id: card.id })
      const sessionId: string = started.body.payment_collection.payment_sessions[0].id
      const executions = await bank.calls(CALLS.execution)
      await bank.setFaults(fault)

      const answers: string[] = []
      for (let attempt = 0; attempt < 3; attempt++) {
        const { body } = await alice.call("post", `/store/carts/${cartId}/complete`)
        const text = JSON.stringify(body)
        answers.push(
          body.type === "order"
            ? "order"
            : CHECKING.test(text)
              ? "checking"
              : STILL_PROCESSING.test(text)
                ? "processing"
                : text
        )
      }
      expect(await findOrderIdOfCart(container, cartId)).toBeUndefined()

      const [charge] = (await bank.state()).payments.filter((p: any) => p.merchantPaymentId === sessionId)
      await settle(charge.payId)
      const order = await waitForPaidOrderOfCart(container, cartId, "completed")
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "order", fields: ["display_id"], filters: { id: order.id } })
      return {
        answers,
        executions: (await bank.calls(CALLS.execution)) - executions,
        burnedNumbers: await burnedBetween(container, before, Number(data[0].display_id)),
      }
    }

    it("an execution whose answer is lost: two more 'Place order' are refused before any order exists; the callback's order shows one burned number, not three", async () => {
      // the bank charges the card, then the gateway answers 502: the answer is lost
      const outcome = await threeAttemptsThenCallback(
        { failNext: { count: 1, status: 502, path: CALLS.execution, afterProcessing: true } },
        async (payId) => {
          expect(await postRawCallback(app.appUrl, callbackBody(payId))).toBe(200)
        }
      )
      // the first attempt's order was created before its execution was sent: that number is gone
      expect(outcome).toEqual({ answers: ["checking", "checking", "checking"], executions: 1, burnedNumbers: 1 })
    })

    it("an execution the bank is still deciding: two more 'Place order' are refused before any order exists (one bank read each); one burned number", async () => {
      const outcome = await threeAttemptsThenCallback({ processingExecutions: { count: 1 } }, async (payId) => {
        await bank.pay(payId, "success", SAVED_CARD_METHOD)
        expect(await postRawCallback(app.appUrl, callbackBody(payId))).toBe(200)
      })
      expect(outcome).toEqual({
        answers: ["processing", "processing", "processing"],
        executions: 1,
        burnedNumbers: 1,
      })
    })
  },
})
