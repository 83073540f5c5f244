/**
 * tbc-checkout refunds from the admin API end to end: every refund reaches the bank as a cancel
 * of that exact amount, Medusa's refunds and the bank's returnedAmount agree to the tetri, and
 * an over-refund is refused before anything is sent. A refund whose answer was lost while the bank
 * could not be read either fails, and the admin's retry records it without paying again. A refund
 * of the same amount on another instance, handed payment data from before the first was recorded,
 * is paid too: the money ledger in PostgreSQL tells it what the first one returned.
 *
 * Runs in the reliability group (integration-tests/reliability/reliability-app.spec.ts: one boot
 * with a short bank timeout, the group's settings of reliability/support/reliability-app.ts).
 * Alone: `-t "checkout refunds"` on that file.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosInstance } from "axios"
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { BANK_CALLS, payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder, sumTetri, toTetri } from "../utils/checkout-orders"
import { AdminRequestConfig, createAdminRequestConfig } from "../utils/checkout-admin"
import { waitFor } from "../utils/wait-for"
import { ledgerOf } from "../utils/tbc-payments"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import TbcCheckoutProviderService from "../../src/providers/tbc-checkout/service"
import { findTbcProvider } from "../../src/use-cases/tbc-providers"
import { useReliabilityApp } from "../reliability/support/reliability-app"

jest.setTimeout(90_000)

// a short client timeout (2 s) for the lost-answer test (the sandbox holds that answer)
const app = useReliabilityApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

/** A captured card order (no preauth): 1 × 49.99 + 1 × 1234.56 + 5.00 = 1289.55 GEL. */
async function placeCapturedOrder(api: AxiosInstance, container: MedusaContainer) {
  const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
  const shop = new StoreCheckout(api, store)
  const { cartId } = await shop.createCartReadyForPayment([1, 1])
  const { session } = await shop.startPaymentSession(cartId)
  const payId = payIdOf(session)
  await bank.pay(payId, "success")
  const completion = await shop.completeCart(cartId)
  expect(completion.type).toBe("order")
  const order = await readOrder(container, completion.order!.id)
  expect(onlyPayment(order).capturesTetri).toEqual([order.totalTetri])
  return { orderId: order.id, paymentId: onlyPayment(order).id, payId, totalTetri: order.totalTetri }
}

/**
 * The tbc-checkout provider of a second server of the same store: its own object (no memory of
 * this app's refunds), the same configuration, the same PostgreSQL (the money ledger).
 */
function providerOfAnotherInstance(container: MedusaContainer): TbcCheckoutProviderService {
  const registration = findTbcProvider(container.resolve("configModule"), TBC_CHECKOUT_PROVIDER_ID)
  if (!registration) throw new Error(`${TBC_CHECKOUT_PROVIDER_ID} is not registered`)
  return new TbcCheckoutProviderService(
    {
      __pg_connection__: container.resolve(ContainerRegistrationKeys.PG_CONNECTION),
      logger: container.resolve(ContainerRegistrationKeys.LOGGER),
    },
    registration.options
  )
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-refunds"),
  testSuite: ({ api, getContainer }) => {
    let admin: AdminRequestConfig

    // Callbacks are covered by checkout-flows/webhooks; here they would only be processed ~5 s
    // later against the next test's freshly restored database.
    beforeAll(() => bank.dropCallbacks())

    beforeEach(async () => {
      admin = await createAdminRequestConfig(getContainer(), api)
    })

    const refund = (paymentId: string, amount: number) =>
      api.post(`/admin/payments/${paymentId}/refund`, { amount }, { ...admin, validateStatus: () => true })

    it("returns the whole amount at the bank on a full refund", async () => {
      const { orderId, paymentId, payId, totalTetri } = await placeCapturedOrder(api, getContainer())
      expect(totalTetri).toBe(128955)
      const cancelsBefore = await bank.calls(BANK_CALLS.cancel)

      const answer = await refund(paymentId, totalTetri / 100)

      expect(answer.status).toBe(200)
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(cancelsBefore + 1)
      const atBank = await bank.payment(payId)
      expect(atBank.status).toBe("Returned")
      expect(toTetri(atBank.returnedAmount)).toBe(totalTetri)
      expect(onlyPayment(await readOrder(getContainer(), orderId)).refundsTetri).toEqual([totalTetri])
    })

    it("sends several partial refunds to the tetri and refuses an over-refund with a clear error", async () => {
      const { orderId, paymentId, payId, totalTetri } = await placeCapturedOrder(api, getContainer())
      const partialsTetri = [1001, 99, 10000]

      for (const amountTetri of partialsTetri) {
        // The bank allows one partial return per transaction day: each refund is on a later day.
        await bank.advanceClockDays(1)
        const answer = await refund(paymentId, amountTetri / 100)
        expect(answer.status).toBe(200)
      }

      const refundedTetri = sumTetri(partialsTetri)
      let atBank = await bank.payment(payId)
      expect(atBank.status).toBe("PartialReturned")
      expect(toTetri(atBank.returnedAmount)).toBe(refundedTetri)
      let medusaRefunds = onlyPayment(await readOrder(getContainer(), orderId)).refundsTetri
      expect([...medusaRefunds].sort((a, b) => a - b)).toEqual([...partialsTetri].sort((a, b) => a - b))

      const remainingTetri = totalTetri - refundedTetri
      const cancelsBefore = await bank.calls(BANK_CALLS.cancel)
      // Medusa's own guard tolerates one minor unit (its currency epsilon), so a 1-tetri
      // over-refund reaches the provider, which must refuse it; 1 GEL more Medusa refuses itself.
      for (const overTetri of [1, 100]) {
        const overRefund = await refund(paymentId, (remainingTetri + overTetri) / 100)
        expect(overRefund.status).toBe(400)
        expect(overRefund.data.message).toMatch(/refund|amount/i)
        expect(overRefund.data.message).toMatch(/more than|exceed|greater/i)
      }
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(cancelsBefore)
      expect(toTetri((await bank.payment(payId)).returnedAmount)).toBe(refundedTetri)
      expect(sumTetri(onlyPayment(await readOrder(getContainer(), orderId)).refundsTetri)).toBe(refundedTetri)

      await bank.advanceClockDays(1)
      const rest = await refund(paymentId, remainingTetri / 100)
      expect(rest.status).toBe(200)
      atBank = await bank.payment(payId)
      expect(atBank.status).toBe("Returned")
      expect(toTetri(atBank.returnedAmount)).toBe(totalTetri)
      medusaRefunds = onlyPayment(await readOrder(getContainer(), orderId)).refundsTetri
      expect(sumTetri(medusaRefunds)).toBe(totalTetri)
    })

    it("two refunds of one amount on two instances, the second handed data from before the first was recorded: the bank pays both", async () => {
      const container = getContainer()
      const { orderId, paymentId, payId } = await placeCapturedOrder(api, container)
      const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
      // what the other instance's refund workflow read, before this instance's refund was recorded
      const staleData = (await payments.retrievePayment(paymentId, { select: ["data"] })).data!
      const cancelsBefore = await bank.calls(BANK_CALLS.cancel)

      const first = await refund(paymentId, 10)
      expect(first.status).toBe(200)
      await bank.advanceClockDays(1) // the bank allows one partial return per day
      const second = await providerOfAnotherInstance(container).refundPayment({ data: staleData, amount: 10 })

      expect(await bank.calls(BANK_CALLS.cancel)).toBe(cancelsBefore + 2)
      expect(toTetri((await bank.payment(payId)).returnedAmount)).toBe(2000)
      // this instance's Medusa recorded the first; the other's records what its provider answered
      expect(onlyPayment(await readOrder(container, orderId)).refundsTetri).toEqual([1000])
      expect(second.data).toMatchObject({ status: "PartialReturned", returnedAmount: 20 })
      const ledger = ledgerOf(container)
      const refunds = await ledger.operationsOf((await ledger.byPayId(payId))!.id)
      expect(refunds.map((op) => [op.kind, op.state, op.amount])).toEqual([
        ["refund", "done", 1000],
        ["refund", "done", 1000],
      ])
    })

    it("a refund whose answer was lost while the bank was unreadable fails, and the retry records it without paying again", async () => {
      const { orderId, paymentId, payId } = await placeCapturedOrder(api, getContainer())
      await bank.advanceClockDays(1)
      const cancelsBefore = await bank.calls(BANK_CALLS.cancel)
      await bank.setFaults({
        timeoutNext: { count: 1, path: `POST /v1/tpay/payments/${payId}/cancel`, afterProcessing: true },
      })
      const first = refund(paymentId, 10)
      // the bank has acted on the cancel (its answer is held): from now on it cannot be read
      await waitFor(async () => (await bank.calls(BANK_CALLS.cancel)) > cancelsBefore, {
        description: "the cancel at the bank",
      })
      await bank.setFaults({ failNext: { count: 50, status: 503, path: `GET /v1/tpay/payments/${payId}` } })
      const failed = await first
      expect(failed.status).toBeGreaterThanOrEqual(400)
      expect(failed.data.message).toMatch(/did not answer in time/)
      await bank.setFaults({ reset: true })
      await bank.dropCallbacks()
      expect(onlyPayment(await readOrder(getContainer(), orderId)).refundsTetri).toEqual([])
      expect(toTetri((await bank.payment(payId)).returnedAmount)).toBe(1000)

      const retry = await refund(paymentId, 10)
      expect(retry.status).toBe(200)
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(cancelsBefore + 1)
      expect(toTetri((await bank.payment(payId)).returnedAmount)).toBe(1000)
      expect(onlyPayment(await readOrder(getContainer(), orderId)).refundsTetri).toEqual([1000])

      // the next refund is a new one: it is paid
      await bank.advanceClockDays(1)
      expect((await refund(paymentId, 5)).status).toBe(200)
      expect(toTetri((await bank.payment(payId)).returnedAmount)).toBe(1500)
      expect(sumTetri(onlyPayment(await readOrder(getContainer(), orderId)).refundsTetri)).toBe(1500)
    })
  },
})
