/**
 * Duplicates and races against the real app (preauthorization on, so capture is a separate bank
 * call): N identical bank callbacks at once place one order with one payment; the admin's
 * capture pressed twice at once sends one completion; N Succeeded callbacks at once after that
 * record no second capture; a refund whose answer the bank lost after acting is recorded once and
 * returned once at the bank.
 *
 * Part of the reliability group (reliability-app.spec.ts: one boot, the group's settings of
 * support/reliability-app.ts, which boots without preauthorization): this suite switches it on as
 * a shop manager would, in the admin's stored settings, before its tests (what its beforeAll
 * stores is in the database the runner restores for each of them). Alone: `-t "duplicates and
 * races"` on that file.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { waitForAppIdle } from "../utils/app-idle"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { BANK_CALLS, payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder, toTetri } from "../utils/checkout-orders"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { callbackBody, pathOfCallbackUrl, postRawCallback, waitForCallbackResults } from "../utils/checkout-callbacks"
import { useSuiteSettings } from "../utils/admin-settings"
import { useReliabilityApp } from "./support/reliability-app"

jest.setTimeout(240_000)

/**
 * callbacks at once, each time: 20 in `npm test` (each runs Medusa's payment workflow: CPU; 20 at
 * once still race on the one payment), 50 in CI's own step of the soaks (.ci/run);
 * RELIABILITY_CALLBACKS for more
 */
const CALLBACKS = Number(process.env.RELIABILITY_CALLBACKS ?? 20)

const app = useReliabilityApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-rel-races"),
  testSuite: ({ api, getContainer }) => {
    // only the test's own callbacks reach the app, so every count below is ours
    beforeAll(() => bank.dropCallbacks())
    // preauthorization on (capture is then a call of its own); back to the config's after the
    // suite, also in this process's settings cache, which the group's next spec would otherwise read
    useSuiteSettings(getContainer, { preAuth: true })

    it(`${CALLBACKS} concurrent identical callbacks place one order; capture pressed twice sends one completion; ${CALLBACKS} Succeeded callbacks record one capture`, async () => {
      const container = getContainer()
      const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const { cartId, total } = await shop.createCartReadyForPayment([2, 1], "race@rel.ge")
      const totalTetri = toTetri(total)
      const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
      expect((await bank.payment(payId)).preAuth).toBe(true) // the stored setting is in force
      await bank.pay(payId, "success") // held (WaitingConfirm); the shopper never comes back
      const path = pathOfCallbackUrl((await bank.payment(payId)).callbackUrl)

      const held = await Promise.all(
        Array.from({ length: CALLBACKS }, () => postRawCallback(app.appUrl, callbackBody(payId), { path }))
      )
      expect(held.every((status) => status === 200)).toBe(true)
      const judged = await waitForCallbackResults(container, CALLBACKS, 90_000)
      // the last process-payment workflows finish: they queue on the payment lock, one per callback (the
      // same budget as the callbacks' own wait: a busy machine needs more than the default 30 s)
      await waitForAppIdle(container, { timeoutMs: 90_000 })
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data: carts } = await query.graph({ entity: "cart", fields: ["id", "order.id"], filters: { id: cartId } })
      const orderId = (carts[0] as { order?: { id: string } }).order?.id
      expect(orderId).toBeDefined()
      const { data: orders } = await query.graph({ entity: "order", fields: ["id"], filters: { email: "race@rel.ge" } })
      const placed = await readOrder(container, orderId!)
      expect(orders).toHaveLength(1)
      expect(placed.payments).toHaveLength(1)
      expect(onlyPayment(placed).capturesTetri).toEqual([])
      expect(placed.collectionStatus).toBe("authorized")

      const admin = await createAdminRequestConfig(container, api)
      const completionsBefore = await bank.calls(BANK_CALLS.completion)
      const capture = () =>
        api.post(`/admin/payments/${onlyPayment(placed).id}/capture`, {}, { ...admin, validateStatus: () => true })
      const presses = await Promise.all([capture(), capture()])
      const completions = (await bank.calls(BANK_CALLS.completion)) - completionsBefore
      expect(presses.map((answer) => answer.status)).toContain(200)
      expect(completions).toBe(1)

      const succeeded = await Promise.all(
        Array.from({ length: CALLBACKS }, () => postRawCallback(app.appUrl, callbackBody(payId), { path }))
      )
      expect(succeeded.every((status) => status === 200)).toBe(true)
      const all = await waitForCallbackResults(container, 2 * CALLBACKS, 90_000)
      await waitForAppIdle(container, { timeoutMs: 90_000 }) // capture workflows started by those callbacks finish (or misbehave)
      const after = onlyPayment(await readOrder(container, orderId!))
      const atBank = await bank.payment(payId)
      expect(after.capturesTetri).toEqual([totalTetri])
      expect((await bank.calls(BANK_CALLS.completion)) - completionsBefore).toBe(1)
      expect(atBank.status).toBe("Succeeded")
      expect(toTetri(atBank.confirmedAmount)).toBe(totalTetri)

      console.log(
        `reliability: ${CALLBACKS} concurrent identical callbacks (WaitingConfirm) → ${orders.length} order, ` +
          `${placed.payments.length} payment, ${onlyPayment(placed).capturesTetri.length} captures ` +
          `(${judged.filter((row) => row.result === "accepted").length} judged accepted); capture pressed twice at once → ` +
          `answers ${presses.map((answer) => answer.status).join("/")}, ${completions} completion at the bank; ` +
          `${CALLBACKS} concurrent Succeeded callbacks → ${after.capturesTetri.length} capture recorded, ` +
          `${(await bank.calls(BANK_CALLS.completion)) - completionsBefore} completion (${all.length} callbacks judged)`
      )
    })

    // A leaked signed callback URL of a preauthorized order, sent with another payment's Succeeded
    // payId: before the callbacks middleware compared the session's payId, this completed the hold
    // at the bank while Medusa recorded a capture of the other payment's amount (found here).
    it("a foreign Succeeded payId with a preauthorized order's signed URL captures nothing", async () => {
      const container = getContainer()
      const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const { cartId } = await shop.createCartReadyForPayment([1, 0], "gap@rel.ge")
      const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
      await bank.pay(payId, "success")
      const completion = await shop.completeCart(cartId)
      expect(completion.type).toBe("order")
      const path = pathOfCallbackUrl((await bank.payment(payId)).callbackUrl)
      const foreign = await bank.paidPaymentOfAnotherStore({ total: 1.23, merchantPaymentId: "other-store-order-2" })
      await bank.setFaults({ reset: true })
      await bank.dropCallbacks()
      const completionsBefore = await bank.calls(BANK_CALLS.completion)

      expect(await postRawCallback(app.appUrl, callbackBody(foreign.payId), { path })).toBe(200)
      await waitForAppIdle(container) // the webhook ran, and what it started finished
      const payment = onlyPayment(await readOrder(container, completion.order!.id))
      const completions = (await bank.calls(BANK_CALLS.completion)) - completionsBefore
      console.log(
        `reliability: a foreign Succeeded payment (1.23 GEL) sent with a preauthorized order's signed callback URL → ` +
          `captures recorded ${JSON.stringify(payment.capturesTetri)} tetri, ${completions} completion at the bank, ` +
          `bank status of the order's payment ${(await bank.payment(payId)).status}`
      )
      expect(payment.capturesTetri).toEqual([])
      expect(completions).toBe(0)
    })

    it("a refund whose answer was lost after the bank acted is recorded once and returned once", async () => {
      const container = getContainer()
      const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const { cartId } = await shop.createCartReadyForPayment([1, 1], "refund@rel.ge")
      const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
      await bank.pay(payId, "success")
      const completion = await shop.completeCart(cartId)
      expect(completion.type).toBe("order")
      const admin = await createAdminRequestConfig(container, api)
      const paymentId = onlyPayment(await readOrder(container, completion.order!.id)).id
      expect((await api.post(`/admin/payments/${paymentId}/capture`, {}, admin)).status).toBe(200)

      const cancelsBefore = await bank.calls(BANK_CALLS.cancel)
      // the bank returns the money, then the answer never arrives (the client times out)
      await bank.setFaults({
        timeoutNext: { count: 1, path: `POST /v1/tpay/payments/${payId}/cancel`, afterProcessing: true },
      })
      const answer = await api.post(
        `/admin/payments/${paymentId}/refund`,
        { amount: 100 },
        { ...admin, validateStatus: () => true }
      )
      await bank.setFaults({ reset: true })

      const payment = onlyPayment(await readOrder(container, completion.order!.id))
      const atBank = await bank.payment(payId)
      const cancels = (await bank.calls(BANK_CALLS.cancel)) - cancelsBefore
      console.log(
        `reliability: refund of 100.00 GEL with the bank's answer lost after acting → admin answer ${answer.status}, ` +
          `${payment.refundsTetri.length} refund recorded in Medusa, ${cancels} cancel at the bank, ` +
          `bank returnedAmount ${toTetri(atBank.returnedAmount)} tetri`
      )
      expect(answer.status).toBe(200)
      expect(payment.refundsTetri).toEqual([10000])
      expect(cancels).toBe(1)
      expect(toTetri(atBank.returnedAmount)).toBe(10000)
    })
  },
})
