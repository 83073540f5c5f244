/**
 * The bank hangs (the sandbox holds every bank request unanswered): every Store API request a
 * shopper makes still ends within the provider's request budget plus a margin (WITHIN_BUDGET_MS of
 * app-group-env.ts: this spec runs in the request-budget group's app), with the readable
 * "the bank is not answering" message; once the bank answers again the same cart is completed
 * into one order, paid once.
 *
 * The per-attempt timeout stays at its default (15 s): without the budget, a cart edit that deletes
 * a TBC session waited ~46 s for the bank inside Medusa's cart lock, and so did cart completion.
 * The bound is a functional guarantee (a small budget keeps the test quick), not a benchmark.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { BANK_NOT_ANSWERING_MESSAGE } from "../../src/providers/common/errors"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { BANK_CALLS, payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder } from "../utils/checkout-orders"
import { expectWithinBudget, REQUEST_BUDGET_GROUP_ENV, REQUEST_BUDGET_MS } from "./app-group-env"

jest.setTimeout(180_000)

const app = startSandboxForApp({}, REQUEST_BUDGET_GROUP_ENV)
const bank = new SandboxBankControl(() => app.sandboxUrl)

/** Every bank request from now on is held without an answer. */
const hangTheBank = () => bank.setFaults({ timeoutNext: { count: 100_000 } })
/** The held requests stay held (the client gave up on them); new ones are answered. */
const bankAnswersAgain = () => bank.setFaults({ timeoutNext: { count: 0 } })

/** Runs `request` and returns its result with how long it took. */
async function timed<T>(request: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now()
  const result = await request()
  return { result, ms: Date.now() - started }
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-bank-hanging"),
  testSuite: ({ api, getContainer }) => {
    // callbacks would complete the cart in the background; this test drives completion itself
    beforeAll(() => bank.dropCallbacks())
    afterAll(() => bank.setFaults({ reset: true }))

    it("cart edit, starting a payment and completing the cart end within the budget; afterwards one order, paid once", async () => {
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const headers = { headers: { "x-publishable-api-key": store.publishableKey }, validateStatus: () => true }
      const { cartId } = await shop.createCartReadyForPayment([1])
      const { session: first, paymentCollectionId } = await shop.startPaymentSession(cartId)
      const firstPayId = payIdOf(first)

      await hangTheBank()
      // 1. a cart edit deletes the TBC session (Medusa calls deletePayment inside its cart lock)
      const edit = await timed(() => shop.addItem(cartId))
      expectWithinBudget(edit.ms)
      expect(await shop.sessionsOf(cartId)).toEqual([])

      // 2. starting a payment: the readable message, within the budget
      const start = await timed<{ status: number; data: { message?: string } }>(() =>
        api.post(
          `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
          { provider_id: TBC_CHECKOUT_PROVIDER_ID },
          headers
        )
      )
      expectWithinBudget(start.ms)
      expect(start.result.status).toBeGreaterThanOrEqual(400)
      expect(start.result.data.message).toBe(BANK_NOT_ANSWERING_MESSAGE)

      // 3. the bank answers again: the same cart gets a payment, the shopper pays
      await bankAnswersAgain()
      const { session } = await shop.startPaymentSession(cartId)
      const payId = payIdOf(session)
      expect(payId).not.toBe(firstPayId)
      await bank.pay(payId, "success")

      // 4. completing the cart while the bank hangs: the cart answer with the message, no order
      await hangTheBank()
      const complete = await timed(() => shop.completeCart(cartId))
      console.log(
        `bank hanging: cart edit ${edit.ms} ms, start payment ${start.ms} ms, complete cart ${complete.ms} ms (budget ${REQUEST_BUDGET_MS} ms)`
      )
      expectWithinBudget(complete.ms)
      expect(complete.result.type).toBe("cart")
      expect(complete.result.error?.message).toBe(BANK_NOT_ANSWERING_MESSAGE)

      // 5. the bank is back: the same cart completes into one order, paid once
      await bankAnswersAgain()
      const completion = await shop.completeCart(cartId)
      expect(completion.type).toBe("order")
      const order = await readOrder(getContainer(), completion.order!.id)
      expect(onlyPayment(order).data).toMatchObject({ payId })
      expect(await shop.completeCart(cartId)).toMatchObject({ type: "order", order: { id: completion.order!.id } })
      expect((await bank.payment(payId)).status).toBe("Succeeded")
      // the session deleted during the outage was never paid and nothing was returned or taken twice
      expect((await bank.payment(firstPayId)).status).toBe("Created")
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(0)
      const state = await bank.state()
      const payments = Array.isArray(state.payments) ? state.payments : Object.values(state.payments ?? {})
      expect(
        payments.filter((p: { status: string }) => p.status === "Succeeded").map((p: { payId: string }) => p.payId)
      ).toEqual([payId])
    })
  },
})
