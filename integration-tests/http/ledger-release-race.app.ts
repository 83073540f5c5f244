/**
 * Issue #32's defect 3: "Release hold" racing "Place order" from the same hold. A held, listed
 * entry (the callback lost, the lost-callback job's completion refused for good); the bank is
 * slow; the shopper places the order and, 0.5 s later, the admin presses "Release hold". The
 * ledger's compare-and-set serializes the two (the release's claim and the authorization's
 * facet): exactly one wins, never an order with an authorized payment AND a returned hold. The
 * same for the lost-callback job's own orphan policy, past the grace after the completion's
 * refusal, racing "Place order".
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, onlyPayment, readOrder } from "../utils/checkout-orders"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { reconcilePendingPaymentsWorkflow } from "../../src/workflows/reconcile"
import { PERMANENT_REFUSAL_GRACE_MS } from "../../src/lib/ledger/guards"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ledgerOf } from "../utils/tbc-payments"
import { waitForAppIdle } from "../utils/app-idle"

jest.setTimeout(90_000)

const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)
/** Every bank call takes this long: the shopper's authorization reads the bank once. */
const SLOW_BANK_MS = 1500

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-ledger-release-race"),
  testSuite: ({ api, getContainer }) => {
    beforeEach(() => bank.setFaults({ reset: true }))

    /**
     * A held, listed entry: the shopper's card held at the bank, the callback lost, the
     * lost-callback job's completion of the cart refused for good; the admin's list offers "release".
     */
    async function heldListedEntry() {
      const container = getContainer()
      const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const { cartId } = await shop.createCartReadyForPayment([1])
      const { session } = await shop.startPaymentSession(cartId)
      const payId = payIdOf(session)
      await bank.dropCallbacks(payId)
      await bank.pay(payId, "success")
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")

      // the lost-callback job read the hold and its completion of the cart failed for good: listed
      const ledger = ledgerOf(container)
      const entry = (await ledger.byPayId(payId))!
      await ledger.apply(entry.id, { type: "bank_status", status: "WaitingConfirm", payId }, "job:reconcile")
      await ledger.recordCompletionFailure(entry.id, { kind: "permanent", reason: "out of stock then" }, "job:test")
      const admin = await createAdminRequestConfig(container, api)
      const listed = (await api.get("/admin/tbc/payments/attention?limit=50", admin)).data.entries
      expect(listed.find((e: { id: string }) => e.id === entry.id)?.actions).toContain("release")
      return { container, shop, cartId, payId, ledger, entry, admin }
    }

    it("#32 defect 3: release hold racing place order from the same hold: exactly one wins", async () => {
      const { container, shop, cartId, payId, ledger, entry, admin } = await heldListedEntry()
      await bank.setFaults({ latencyMs: SLOW_BANK_MS })
      const placing = shop.completeCart(cartId)
      await sleep(500)
      const release = await api.post(
        `/admin/tbc/ledger/${entry.id}/release`,
        {},
        { ...admin, validateStatus: () => true }
      )
      const placed = await placing
      await bank.setFaults({ reset: true })
      await waitForAppIdle(container)

      const ordered = Boolean(await findOrderIdOfCart(container, cartId))
      const atBank = (await bank.payment(payId)).status
      const outcome = {
        order: ordered,
        bank: atBank,
        release: release.status,
        shopper: placed.type === "order" ? "order" : `${placed.httpStatus} ${placed.error?.message ?? ""}`,
      }
      // the release took its claim first (the shopper's authorization was still reading the slow
      // bank): the hold goes back and the shopper reads why no order was placed
      expect(outcome).toEqual({
        order: false,
        bank: "Returned",
        release: 200,
        shopper: expect.stringMatching(/released this payment/),
      })
      expect((await ledger.byId(entry.id))?.authorized_at).toBeNull()
    })

    it("#32 defect 3: the lost-callback job's orphan policy past the grace racing place order from the same hold: exactly one wins", async () => {
      const { container, shop, cartId, payId, entry, admin } = await heldListedEntry()
      // the completion was refused longer ago than the grace: the job's next step is the orphan policy
      const pg = container.resolve<{ raw(sql: string, bindings: unknown[]): Promise<unknown> }>(
        ContainerRegistrationKeys.PG_CONNECTION
      )
      const agoSeconds = Math.ceil(PERMANENT_REFUSAL_GRACE_MS / 1000) + 60
      await pg.raw(`update tbc_payment set completion_refused_at = now() - (? * interval '1 second') where id = ?`, [
        agoSeconds,
        entry.id,
      ])

      // the job's run starts (its claim is a few database reads away, then it reads the slow bank
      // and cancels); 0.5 s later the shopper presses "Place order" while the bank is being read
      await bank.setFaults({ latencyMs: SLOW_BANK_MS })
      const running = reconcilePendingPaymentsWorkflow(container).run({ input: { olderThanMinutes: 0 } })
      await sleep(500)
      const placed = await shop.completeCart(cartId)
      const job = await running
      await bank.setFaults({ reset: true })
      await waitForAppIdle(container)

      const orderId = await findOrderIdOfCart(container, cartId)
      const atBank = (await bank.payment(payId)).status
      // an order's payment must be capturable: the admin captures it through the Admin API
      let capture: number | undefined
      if (orderId) {
        const paymentId = onlyPayment(await readOrder(container, orderId)).id
        capture = (await api.post(`/admin/payments/${paymentId}/capture`, {}, { ...admin, validateStatus: () => true }))
          .status
      }
      const outcome = {
        order: Boolean(orderId),
        bank: atBank,
        capture,
        bankAfterCapture: orderId ? (await bank.payment(payId)).status : undefined,
        job: job.result.find((r) => r.entry_id === entry.id)?.outcome ?? "not driven",
        shopper: placed.type === "order" ? "order" : `${placed.httpStatus} ${placed.error?.message ?? ""}`,
      }
      // exactly one wins: an order whose held payment captures, or the hold returned and no order
      const orderWon = {
        order: true,
        bank: "WaitingConfirm",
        capture: 200,
        bankAfterCapture: "Succeeded",
        job: expect.any(String),
        shopper: "order",
      }
      const jobWon = {
        order: false,
        bank: "Returned",
        capture: undefined,
        bankAfterCapture: undefined,
        job: "not_completed",
        shopper: expect.stringMatching(/released this payment/),
      }
      expect(outcome).toEqual(orderId ? orderWon : jobWon)
    })
  },
})
