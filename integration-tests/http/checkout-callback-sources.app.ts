/**
 * Who a callback is from, and what a stranger can write, through the real webhook route:
 * - behind the store's own proxy (`trustProxy: ["127.0.0.1"]`), X-Forwarded-For names the source
 *   only on requests that came through that proxy; a request straight to the app claiming a bank
 *   address in the header is refused under its real address;
 * - refused callbacks are counted per source and minute (one row with a count), not a row each;
 * - the daily retention job deletes rows older than `callbackLogRetentionDays`.
 *
 * Runs in the reliability group (integration-tests/reliability/reliability-app.spec.ts: one boot,
 * the group's settings of reliability/support/reliability-app.ts: callbacks allowed from the bank's
 * address and from 127.0.0.1, the store's proxy 127.0.0.1, 30 days of callback log). Alone:
 * `-t "callback sources"` on that file.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { waitForAppIdle } from "../utils/app-idle"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, waitForPaidOrderOfCart } from "../utils/checkout-orders"
import { callbackBody, FOREIGN_LOOPBACK_ADDRESS, pathOfCallbackUrl, postRawCallback } from "../utils/checkout-callbacks"
import { waitFor } from "../utils/wait-for"
import { pruneCallbackLogWorkflow } from "../../src/workflows/callback-log"
import { BANK_ADDRESS, useReliabilityApp } from "../reliability/support/reliability-app"

jest.setTimeout(120_000)

const app = useReliabilityApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

interface LogRow {
  pay_id: string | null
  source_ip: string | null
  result: string
  count: number
  created_at: string
}

async function logRows(container: MedusaContainer): Promise<LogRow[]> {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = await pg.raw(
    `select pay_id, source_ip, result, count, created_at from tbc_callback_log order by created_at`
  )
  return rows as LogRow[]
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-callback-sources"),
  testSuite: ({ api, getContainer }) => {
    beforeAll(() => bank.dropCallbacks())

    it("reads X-Forwarded-For only from the store's proxy; a direct request naming the bank is refused", async () => {
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const { cartId } = await shop.createCartReadyForPayment([1, 0])
      const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
      await bank.pay(payId, "success")
      const path = pathOfCallbackUrl((await bank.payment(payId)).callbackUrl)

      // straight to the app (not through 127.0.0.1), claiming the bank's address
      const spoofed = await postRawCallback(app.appUrl, callbackBody(payId), {
        fromAddress: FOREIGN_LOOPBACK_ADDRESS,
        headers: { "x-forwarded-for": BANK_ADDRESS },
        path,
      })
      expect(spoofed).toBe(200)
      expect(await logRows(getContainer())).toMatchObject([
        { pay_id: payId, source_ip: FOREIGN_LOOPBACK_ADDRESS, result: "rejected_source", count: 1 },
      ])
      await waitForAppIdle(getContainer())
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()

      // through the proxy (peer 127.0.0.1), which reports the bank's address
      expect(
        await postRawCallback(app.appUrl, callbackBody(payId), { headers: { "x-forwarded-for": BANK_ADDRESS }, path })
      ).toBe(200)
      await waitForPaidOrderOfCart(getContainer(), cartId, "completed")
      const accepted = await waitFor(
        async () => (await logRows(getContainer())).find((row) => row.result === "accepted"),
        { timeoutMs: 20_000, intervalMs: 250, description: "the proxied callback's verdict" }
      )
      expect(accepted).toMatchObject({ pay_id: payId, source_ip: BANK_ADDRESS })
    })

    it("counts refused callbacks per source and minute in one row, and prunes rows past the retention", async () => {
      const sent = 40
      const statuses: number[] = []
      for (let index = 0; index < sent; index++) {
        // bodies and claimed ids vary: still one row per source, result and minute
        statuses.push(
          await postRawCallback(app.appUrl, callbackBody(`Forged${index}`), { fromAddress: FOREIGN_LOOPBACK_ADDRESS })
        )
      }
      expect(statuses.every((status) => status === 200)).toBe(true)
      const rows = await logRows(getContainer())
      // two rows at most: the flood may straddle a minute boundary
      expect(rows.length).toBeLessThanOrEqual(2)
      expect(rows.every((row) => row.source_ip === FOREIGN_LOOPBACK_ADDRESS && row.result === "rejected_source")).toBe(
        true
      )
      expect(rows.reduce((sum, row) => sum + Number(row.count), 0)).toBe(sent)

      // retention: 30 days for this registration (TBC_CALLBACK_LOG_RETENTION_DAYS)
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(
        `update tbc_callback_log set created_at = created_at - interval '31 days', window_start = window_start - interval '31 days'`
      )
      await postRawCallback(app.appUrl, callbackBody("FreshOne"), { fromAddress: FOREIGN_LOOPBACK_ADDRESS })
      const { result } = await pruneCallbackLogWorkflow(getContainer()).run({ input: {} })
      expect(result.find((r) => r.provider_id === TBC_CHECKOUT_PROVIDER_ID)).toMatchObject({
        retention_days: 30,
        deleted: rows.length,
      })
      const left = await logRows(getContainer())
      expect(left).toHaveLength(1)
      expect(left[0]).toMatchObject({ pay_id: "FreshOne", count: 1 })
    })
  },
})
