/**
 * The admin API behind the TBC settings page and the order widget, against the real app, real
 * PostgreSQL and the sandbox bank: admin auth (anonymous and store customers get 401), masked
 * settings (no fragment of any credential in any response), check-connection, callback log,
 * sync runs, and the bank's live view of an order paid by preauthorization.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TBC_MODULE, TbcModuleService } from "../../src/modules/tbc"
import { setEnvForSuite } from "../utils/app-env"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID } from "../utils/seed-store"
import { SandboxBankControl } from "../utils/checkout-bank"
import { syncInstallmentStatusesWorkflow } from "../../src/workflows"
import { paidCheckoutOrder } from "./admin-paid-order"
import { cartWithInstallmentSession, medusaStateOf, SandboxInstallments } from "./installments-support"
import { AdminRequestConfig, createAdminRequestConfig } from "../utils/checkout-admin"

jest.setTimeout(120_000)

/** Unique credentials for this suite, so a leak of any fragment is detectable in responses. */
const SECRETS = {
  apiKey: "Qz7vXk3yXw91Lp",
  clientId: "Rt58HkVb20Jq",
  clientSecret: "S3cQWq4ZpN8tYv",
  installmentApiKey: "Kx20XcLm77Hd",
  installmentApiSecret: "Nv83YbZr5Wq1",
  merchantKey: "Ty64UaPe09Gf",
}

let restoreEnv = (): void => undefined
beforeAll(() => {
  restoreEnv = setEnvForSuite({
    TBC_PREAUTH: "true",
    TBC_API_KEY: SECRETS.apiKey,
    TBC_CLIENT_ID: SECRETS.clientId,
    TBC_CLIENT_SECRET: SECRETS.clientSecret,
    TBC_INSTALLMENT_API_KEY: SECRETS.installmentApiKey,
    TBC_INSTALLMENT_API_SECRET: SECRETS.installmentApiSecret,
    TBC_MERCHANT_KEY: SECRETS.merchantKey,
    // the tests run the installment sync themselves; keep the scheduled job out of their way
    TBC_INSTALLMENT_SYNC_INTERVAL_SECONDS: "86400",
  })
})
afterAll(() => restoreEnv())

const app = startSandboxForApp({ ...SECRETS })
const bank = new SandboxBankControl(() => app.sandboxUrl)
const installmentsBank = new SandboxInstallments(() => app.sandboxUrl)

/** Every response body of the suite, checked for credential fragments at the end. */
const seenBodies: string[] = []
const fragments = (secret: string, n = 5): string[] =>
  Array.from({ length: secret.length - n + 1 }, (_, i) => secret.slice(i, i + n))

const ADMIN_ROUTES: { method: "get" | "post"; path: string }[] = [
  { method: "get", path: "/admin/tbc/settings" },
  { method: "post", path: "/admin/tbc/settings" },
  { method: "post", path: "/admin/tbc/settings/check-connection" },
  { method: "get", path: "/admin/tbc/callbacks" },
  { method: "get", path: "/admin/tbc/installments/sync-runs" },
  { method: "get", path: "/admin/tbc/orders/order_123/payment" },
]

async function customerToken(api: AxiosInstance, container: MedusaContainer): Promise<string> {
  const store = await seedStore(container)
  const { data } = await api.post("/auth/customer/emailpass", {
    email: store.customer.email,
    password: store.customer.password,
  })
  return data.token
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-admin"),
  testSuite: ({ api, getContainer }) => {
    // The preauth order's callback would be processed ~5 s later against the next test's database.
    beforeAll(() => bank.dropCallbacks())

    // The runner restores the database before each test, which removes the admin user again.
    let admin: AdminRequestConfig
    beforeEach(async () => {
      admin = await createAdminRequestConfig(getContainer(), api)
    })

    const adminGet = async (path: string) => {
      const response = await api.get(path, { ...admin, validateStatus: () => true })
      seenBodies.push(JSON.stringify(response.data))
      return response
    }

    it("refuses anonymous callers and store customers with 401 on every TBC admin route", async () => {
      const token = await customerToken(api, getContainer())
      for (const route of ADMIN_ROUTES) {
        const anonymous = await api.request({ method: route.method, url: route.path, validateStatus: () => true })
        expect([route.path, anonymous.status]).toEqual([route.path, 401])
        const customer = await api.request({
          method: route.method,
          url: route.path,
          headers: { authorization: `Bearer ${token}` },
          validateStatus: () => true,
        })
        expect([route.path, customer.status]).toEqual([route.path, 401])
      }
    })

    it("lists both providers with their settings and the callback URL, credentials masked", async () => {
      const { status, data } = await adminGet("/admin/tbc/settings")
      expect(status).toBe(200)
      const byId = Object.fromEntries(data.providers.map((p: { provider_id: string }) => [p.provider_id, p]))
      expect(byId[TBC_CHECKOUT_PROVIDER_ID]).toMatchObject({
        kind: "tbc-checkout",
        environment: app.sandboxUrl,
        pre_auth: true,
        save_cards: true,
        callback_url: `${app.appUrl}/hooks/payment/tbc-checkout_tbc`,
        credentials: { apiKey: "set", clientId: "set", clientSecret: "set" },
      })
      // one row per registration; its per-method providers listed in it, on where the bank activated the method
      expect(byId["pp_tbc-card_tbc"]).toBeUndefined()
      expect(byId[TBC_CHECKOUT_PROVIDER_ID].method_providers).toEqual(
        expect.arrayContaining([
          { provider_id: "pp_tbc-card_tbc", method: 5, label: "Card", enabled: true },
          { provider_id: "pp_tbc-apple-pay_tbc", method: 9, label: "Apple Pay", enabled: false },
        ])
      )
      expect(byId[TBC_INSTALLMENTS_PROVIDER_ID]).toMatchObject({
        kind: "tbc-installments",
        callback_url: null,
        credentials: { apiKey: "set", apiSecret: "set", merchantKey: "set" },
      })
    })

    it("checks the connection of each provider against the bank", async () => {
      const { status, data } = await api.post("/admin/tbc/settings/check-connection", {}, admin)
      seenBodies.push(JSON.stringify(data))
      expect(status).toBe(200)
      const results = Object.fromEntries(data.results.map((r: { provider_id: string }) => [r.provider_id, r]))
      expect(results[TBC_CHECKOUT_PROVIDER_ID]).toMatchObject({ ok: true, problem: null })
      expect(results[TBC_INSTALLMENTS_PROVIDER_ID]).toMatchObject({ ok: true, problem: null })
    })

    it("lists recent callbacks and sync runs newest first, limited and validated", async () => {
      const tbc = getContainer().resolve<TbcModuleService>(TBC_MODULE)
      for (const [i, result] of ["accepted", "rejected_source", "unknown_payment"].entries()) {
        await tbc.createCallbackLogs({
          provider_id: TBC_CHECKOUT_PROVIDER_ID,
          pay_id: `PAY${i}`,
          result,
          bank_status: "Succeeded",
        })
        await tbc.createInstallmentSyncRuns({
          synchronization_request_id: `sync-${i}`,
          change_count: i,
          applied_count: i,
        })
      }
      const callbacks = await adminGet("/admin/tbc/callbacks?limit=2")
      expect(callbacks.status).toBe(200)
      expect(callbacks.data.callbacks.map((c: { pay_id: string }) => c.pay_id)).toEqual(["PAY2", "PAY1"])
      expect(callbacks.data.callbacks[0]).toMatchObject({ result: "unknown_payment", bank_status: "Succeeded" })
      const runs = await adminGet("/admin/tbc/installments/sync-runs")
      expect(
        runs.data.sync_runs.map((r: { synchronization_request_id: string }) => r.synchronization_request_id)
      ).toEqual(["sync-2", "sync-1", "sync-0"])
      const bad = await adminGet("/admin/tbc/callbacks?limit=0")
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/limit/)
      const unknown = await adminGet("/admin/tbc/callbacks?colour=red")
      expect(unknown.status).toBe(400)
    })

    it("shows the bank's view of an order paid by preauth with its 30-day deadline", async () => {
      const container = getContainer()
      const { orderId, total, session, payId } = await paidCheckoutOrder(api, container, bank)

      const { status, data } = await adminGet(`/admin/tbc/orders/${orderId}/payment`)

      expect(status).toBe(200)
      const payment = data.payment
      expect(payment.bank_error).toBeNull()
      expect(payment.checkout).toMatchObject({
        pay_id: payId,
        status: "WaitingConfirm",
        method: "Card",
        pre_auth: true,
        authorized_amount: total,
      })
      // GET details carries paymentCardNumber (masked) as the live bank's does
      expect(payment.checkout.card_mask).toMatch(/^\d\*{11}\d{4}$/)
      const authorizedAt = new Date(payment.authorized_at).getTime()
      expect(Math.abs(authorizedAt - Date.now())).toBeLessThan(60_000)
      expect(new Date(payment.preauth.deadline).getTime() - authorizedAt).toBe(30 * 24 * 60 * 60 * 1000)
      expect(payment.preauth).toMatchObject({
        warning: false,
        expired: false,
        awaiting_completion: true,
        warning_days: 3,
      })
      expect(payment.preauth.days_left).toBeGreaterThan(29.8)

      // The same preauth authorized 28 days ago (as Medusa recorded it): fewer than 3 days left → warning.
      const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const authorized28DaysAgo = new Date(Date.now() - 28 * 24 * 60 * 60 * 1000)
      await pg("payment_session").where({ id: session.id }).update({ authorized_at: authorized28DaysAgo })
      const aged = await adminGet(`/admin/tbc/orders/${orderId}/payment`)
      expect(new Date(aged.data.payment.authorized_at).getTime()).toBe(authorized28DaysAgo.getTime())
      expect(aged.data.payment.preauth).toMatchObject({ warning: true, expired: false, awaiting_completion: true })
      expect(aged.data.payment.preauth.days_left).toBeLessThan(2.1)
    })

    it("shows the installment application's status for an order paid by installments", async () => {
      const container = getContainer()
      const store = await seedStore(container)
      const cart = await cartWithInstallmentSession(api, store)
      await installmentsBank.setStatus(cart.bankSessionId, 1)
      await installmentsBank.setStatus(cart.bankSessionId, 2)
      await syncInstallmentStatusesWorkflow(container).run({ input: {} })
      const { orderIds } = await medusaStateOf(container, cart)
      expect(orderIds).toHaveLength(1)

      const { status, data } = await adminGet(`/admin/tbc/orders/${orderIds[0]}/payment`)

      expect(status).toBe(200)
      expect(data.payment).toMatchObject({
        provider_id: TBC_INSTALLMENTS_PROVIDER_ID,
        kind: "tbc-installments",
        checkout: null,
        preauth: null,
        bank_error: null,
        installment: { session_id: cart.bankSessionId, status_id: 2 },
      })
      expect(typeof data.payment.installment.description).toBe("string")
    })

    it("'Sync now' on an empty feed answers received 0 and leaves the poll's time, without a run row", async () => {
      await api.post("/admin/tbc/installments/sync", {}, admin) // drains whatever earlier tests left in the feed
      const runsBefore = (await adminGet("/admin/tbc/installments/sync-runs")).data.sync_runs.length
      const startedAt = Date.now()
      const { status, data } = await api.post("/admin/tbc/installments/sync", {}, admin)
      expect(status).toBe(200)
      expect(data.providers).toEqual([
        expect.objectContaining({
          provider_id: TBC_INSTALLMENTS_PROVIDER_ID,
          pages: 0,
          received: 0,
          applied: 0,
          acknowledged: 0,
        }),
      ])
      const runs = await adminGet("/admin/tbc/installments/sync-runs")
      expect(runs.data.sync_runs).toHaveLength(runsBefore)
      expect(runs.data.last_polls).toEqual([
        { provider_id: TBC_INSTALLMENTS_PROVIDER_ID, polled_at: expect.any(String), received: 0 },
      ])
      expect(new Date(runs.data.last_polls[0].polled_at).getTime()).toBeGreaterThanOrEqual(startedAt - 1000)
    })

    it("answers 404 for an unknown order and 400 for a malformed id", async () => {
      expect((await adminGet("/admin/tbc/orders/order_nope/payment")).status).toBe(404)
      expect((await adminGet("/admin/tbc/orders/bad%20id!/payment")).status).toBe(400)
    })

    afterAll(() => {
      const all = seenBodies.join("\n")
      expect(seenBodies.length).toBeGreaterThan(5)
      for (const secret of Object.values(SECRETS)) {
        for (const fragment of fragments(secret)) {
          expect(all).not.toContain(fragment)
        }
      }
    })
  },
})
