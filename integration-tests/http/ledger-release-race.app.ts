/**
 * Issue #32's defect 3: "Release hold" racing "Place order" from the same hold. A held, listed
 * entry (the callback lost, the lost-callback job's completion refused for good); the bank is
 * slow; the shopper places the order and, 0.5 s later, the admin presses "Release hold". The
 * ledger's compare-and-set serializes the two (the release's claim and the authorization's
 * facet): exactly one wins, never an order with an authorized payment AND a returned hold.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart } from "../utils/checkout-orders"
import { createAdminRequestConfig } from "../utils/checkout-admin"
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

    it("#32 defect 3: release hold racing place order from the same hold: exactly one wins", async () => {
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
  },
})
