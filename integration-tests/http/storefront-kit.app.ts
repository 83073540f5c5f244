/**
 * The storefront kit (packages/storefront, `medusa-payment-tbc-storefront`) against the real app,
 * the real Store API and the sandbox bank: what a storefront using it gets in each case a shopper
 * can meet — paid, not paid yet, declined, installment approved / declined / still under review (no
 * order until the bank approves; then, once it has, the one order).
 * The kit talks to the app over HTTP with Node's fetch and the publishable key, like a browser.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  completeTbcPayment,
  startTbcPayment,
  TbcPaymentError,
  waitForTbcDecision,
  type TbcStoreClient,
} from "../../packages/storefront/src"
import { syncInstallmentStatusesWorkflow } from "../../src/workflows"
import { useStorefrontApp } from "./storefront-support"
import {
  seedStore,
  TBC_CHECKOUT_PROVIDER_ID,
  TBC_INSTALLMENTS_PROVIDER_ID,
  type SeededStore,
} from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { SandboxBankControl } from "../utils/checkout-bank"
import { SandboxInstallments } from "./installments-support"

jest.setTimeout(180_000)

const app = useStorefrontApp()
const checkoutBank = new SandboxBankControl(() => app.sandboxUrl)
const installmentsBank = new SandboxInstallments(() => app.sandboxUrl)

const FAST = { timeoutMs: 3_000, intervalMs: 500 }

async function cartOrderIds(container: MedusaContainer, cartId: string): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return data.map((link: { order_id: string }) => link.order_id)
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-storefront-kit"),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let kit: TbcStoreClient
    // seeded once: each test starts from the database as this left it (the runner restores it)
    beforeAll(async () => {
      store = await seedStore(getContainer())
      kit = app.kit(store)
    })
    beforeEach(() => installmentsBank.reset())

    /** A cart ready to pay, and the kit's start of a payment with `providerId` on it. */
    async function startPayment(providerId: string, quantities = [1]) {
      const { cartId } = await new StoreCheckout(api, store).createCartReadyForPayment(quantities)
      const started = await startTbcPayment(kit, cartId, {
        providerId,
        returnUrl: `${app.storefrontUrl}/?cart=${cartId}`,
      })
      return { cartId, ...started }
    }

    it("card: 'we are checking your payment' before the shopper paid, then the order; completing again gives the same order", async () => {
      const { cartId, redirectUrl, session } = await startPayment(TBC_CHECKOUT_PROVIDER_ID)
      expect(redirectUrl).toMatch(new RegExp(`^${app.sandboxUrl}/`))

      const early = await completeTbcPayment(cartId, { ...kit, ...FAST }).catch((error) => error)
      expect(early).toBeInstanceOf(TbcPaymentError)
      expect(early).toMatchObject({ code: "payment_pending", canPayAgain: false })
      expect(await cartOrderIds(getContainer(), cartId)).toEqual([])

      await checkoutBank.pay(String(session.data?.payId), "success")
      const paid = await completeTbcPayment(cartId, { ...kit, ...FAST })
      expect(paid.paymentPending).toBe(false)
      expect(paid.order.id).toMatch(/^order_/)
      const again = await completeTbcPayment(cartId, { ...kit, ...FAST })
      expect(again.order.id).toBe(paid.order.id)
      expect(await cartOrderIds(getContainer(), cartId)).toEqual([paid.order.id])
    })

    it("card declined at the bank: 'declined', the cart open to pay again", async () => {
      const { cartId, session } = await startPayment(TBC_CHECKOUT_PROVIDER_ID)
      await checkoutBank.pay(String(session.data?.payId), "decline")
      const error = await completeTbcPayment(cartId, { ...kit, ...FAST }).catch((e) => e)
      expect(error).toMatchObject({ code: "declined", canPayAgain: true })
      // the sandbox's plain decline is "do not honour" (resultCode 100): "contact your bank"
      expect(error).toMatchObject({ resultCode: "100", message: expect.stringMatching(/contact your bank/) })
      expect(await cartOrderIds(getContainer(), cartId)).toEqual([])
    })

    it("installment declined before the shopper returns: 'the bank did not approve the installment', no order", async () => {
      const { cartId, redirectUrl, session } = await startPayment(TBC_INSTALLMENTS_PROVIDER_ID, [1, 1])
      expect(redirectUrl).toMatch(new RegExp(`^${app.sandboxUrl}/`))
      await installmentsBank.setStatus(String(session.data?.sessionId), 1)
      await installmentsBank.setStatus(String(session.data?.sessionId), 6)
      const error = await completeTbcPayment(cartId, {
        ...kit,
        ...FAST,
        providerId: TBC_INSTALLMENTS_PROVIDER_ID,
      }).catch((e) => e)
      expect(error).toBeInstanceOf(TbcPaymentError)
      expect(error).toMatchObject({
        code: "installment_declined",
        message: "The bank did not approve the installment.",
        canPayAgain: true,
      })
      expect(await cartOrderIds(getContainer(), cartId)).toEqual([])
    })

    it("installment approved: the order, paid", async () => {
      const { cartId, session } = await startPayment(TBC_INSTALLMENTS_PROVIDER_ID, [1, 1])
      await installmentsBank.setStatus(String(session.data?.sessionId), 1)
      await installmentsBank.setStatus(String(session.data?.sessionId), 2)
      const placed = await completeTbcPayment(cartId, { ...kit, ...FAST, providerId: TBC_INSTALLMENTS_PROVIDER_ID })
      expect(placed).toMatchObject({ paymentPending: false, message: null })
      expect(await cartOrderIds(getContainer(), cartId)).toEqual([placed.order.id])
    })

    it("installment still under review: installment_pending and no order; once the bank approves and the sync runs, completing gives exactly one order", async () => {
      const { cartId, session } = await startPayment(TBC_INSTALLMENTS_PROVIDER_ID, [1, 1])
      await installmentsBank.setStatus(String(session.data?.sessionId), 1)
      const early = await completeTbcPayment(cartId, {
        ...kit,
        ...FAST,
        providerId: TBC_INSTALLMENTS_PROVIDER_ID,
      }).catch((e) => e)
      expect(early).toBeInstanceOf(TbcPaymentError)
      expect(early).toMatchObject({ code: "installment_pending", canPayAgain: false })
      expect(await cartOrderIds(getContainer(), cartId)).toEqual([])

      // Waiting on the return page: still no order until the bank approves and the sync runs.
      const waiting = await waitForTbcDecision(cartId, {
        ...kit,
        providerId: TBC_INSTALLMENTS_PROVIDER_ID,
        timeoutMs: 1_000,
        intervalMs: 500,
      }).catch((e) => e)
      expect(waiting).toMatchObject({ code: "installment_pending" })
      expect(await cartOrderIds(getContainer(), cartId)).toEqual([])

      await installmentsBank.setStatus(String(session.data?.sessionId), 2)
      await syncInstallmentStatusesWorkflow(getContainer()).run({ input: {} })
      const decided = await waitForTbcDecision(cartId, { ...kit, ...FAST, providerId: TBC_INSTALLMENTS_PROVIDER_ID })
      expect(decided).toMatchObject({ paymentPending: false, message: null })
      expect(await cartOrderIds(getContainer(), cartId)).toEqual([decided.order.id])
      const again = await completeTbcPayment(cartId, { ...kit, ...FAST, providerId: TBC_INSTALLMENTS_PROVIDER_ID })
      expect(again.order.id).toBe(decided.order.id)
      expect(await cartOrderIds(getContainer(), cartId)).toEqual([decided.order.id])
    })
  },
})
