/**
 * TBC Online Installments end to end: real Medusa app, real PostgreSQL, the sandbox bank.
 * A cart's session creates the bank application; the shopper's decision is set through the
 * sandbox control API; the status sync (the workflow the scheduled job runs, or "sync now")
 * turns it into an order, a canceled payment, or nothing at all.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { TBC_MODULE, type TbcModuleService } from "../../src/modules/tbc"
import { syncInstallmentStatusesWorkflow } from "../../src/workflows"
import { seedStore, TBC_INSTALLMENTS_PROVIDER_ID } from "../utils/seed-store"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import {
  INSTALLMENTS_GROUP_ENV,
  cartWithInstallmentSession,
  medusaStateOf,
  useInstallmentsSandbox,
} from "./installments-support"

jest.setTimeout(180_000)

const bank = useInstallmentsSandbox(INSTALLMENTS_GROUP_ENV)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-installments-flow"),
  testSuite: ({ api, getContainer }) => {
    beforeEach(() => bank.reset())
    const seed = () => seedStore(getContainer(), { paymentProviderIds: [TBC_INSTALLMENTS_PROVIDER_ID] })
    const sync = async () =>
      (await syncInstallmentStatusesWorkflow(getContainer()).run({ input: {} })).result.providers[0]

    it("approved: the sync places the order with an authorized payment; admin capture confirms at the bank", async () => {
      const store = await seed()
      const cart = await cartWithInstallmentSession(api, store)
      expect(cart.total).toBeGreaterThan(1000)
      expect(cart.sessionData).toEqual(
        expect.objectContaining({
          sessionId: expect.any(String),
          redirect_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
        })
      )
      expect(JSON.stringify(cart.sessionData)).not.toMatch(/sandbox-inst-(key|secret)/)
      // session creation recorded the mapping before the storefront got the redirect URL
      const tbc = getContainer().resolve<TbcModuleService>(TBC_MODULE)
      const [row] = await tbc.listInstallmentApplications({ bank_session_id: cart.bankSessionId })
      expect(row).toMatchObject({ payment_session_id: cart.paymentSessionId, cart_id: cart.cartId, status_id: 0 })
      expect(Number(row.amount)).toBe(cart.total)

      await bank.setStatus(cart.bankSessionId, 1)
      await bank.setStatus(cart.bankSessionId, 2)
      const first = await sync()
      expect(first).toMatchObject({ received: 2, applied: 2, authorized: 1, unknown: 0, errors: [] })

      const placed = await medusaStateOf(getContainer(), cart)
      expect(placed.orderIds).toHaveLength(1)
      expect(placed.sessionStatus).toBe("authorized")
      expect(placed.collectionStatus).toBe("authorized")
      expect(placed.payments).toHaveLength(1)
      expect(placed.payments[0].captured_at).toBeFalsy()
      const [after] = await tbc.listInstallmentApplications({ bank_session_id: cart.bankSessionId })
      expect(after).toMatchObject({ status_id: 2, order_id: placed.orderIds[0] })

      const admin = await createAdminRequestConfig(getContainer(), api)
      const captured = await api.post(`/admin/payments/${placed.payments[0].id}/capture`, {}, admin)
      expect(captured.status).toBe(200)
      expect((await bank.application(cart.bankSessionId)).statusId).toBe(9)
      const calls = (await bank.state()).calls
      const confirms = Object.entries(calls)
        .filter(([k]) => /confirm/.test(k))
        .reduce((n, [, v]) => n + v, 0)
      expect(confirms).toBe(1)

      // the bank's own "pending disbursed" change comes back through the feed: recorded, nothing redone
      const second = await sync()
      expect(second).toMatchObject({ received: 1, applied: 1, captured: 0, authorized: 0 })
      const final = await medusaStateOf(getContainer(), cart)
      expect(final.orderIds).toEqual(placed.orderIds)
      expect(final.payments).toHaveLength(1)
      expect(final.payments[0].captured_at).toBeTruthy()
    })

    it("declined and expired: no order, the session canceled with the bank's words; via admin 'sync now'", async () => {
      const store = await seed()
      const declined = await cartWithInstallmentSession(api, store, [3, 0])
      const expired = await cartWithInstallmentSession(api, store, [0, 1])
      await bank.setStatus(declined.bankSessionId, 1)
      await bank.setStatus(declined.bankSessionId, 6)
      await bank.setStatus(expired.bankSessionId, 3)

      const admin = await createAdminRequestConfig(getContainer(), api)
      const { status, data } = await api.post("/admin/tbc/installments/sync", {}, admin)
      expect(status).toBe(200)
      expect(data.providers).toEqual([
        expect.objectContaining({
          provider_id: TBC_INSTALLMENTS_PROVIDER_ID,
          received: 3,
          applied: 3,
          canceled: 2,
          authorized: 0,
        }),
      ])

      const d = await medusaStateOf(getContainer(), declined)
      expect(d.orderIds).toEqual([])
      expect(d.payments).toEqual([])
      expect(d.sessionStatus).toBe("error")
      expect(d.sessionData).toMatchObject({ statusId: 6, statusDescription: expect.stringMatching(/declined/i) })
      const e = await medusaStateOf(getContainer(), expired)
      expect(e.orderIds).toEqual([])
      expect(e.sessionStatus).toBe("canceled")

      // the shopper now returns and tries to complete the cart: refused, still no order
      const config = { headers: { "x-publishable-api-key": store.publishableKey }, validateStatus: () => true }
      const completion = await api.post(`/store/carts/${declined.cartId}/complete`, {}, config)
      expect(completion.data.type).not.toBe("order")
      expect((await medusaStateOf(getContainer(), declined)).orderIds).toEqual([])
    })

    it("an approved application whose order already exists is canceled with it when the bank cancels", async () => {
      const store = await seed()
      const cart = await cartWithInstallmentSession(api, store)
      await bank.setStatus(cart.bankSessionId, 5)
      await sync()
      expect((await medusaStateOf(getContainer(), cart)).orderIds).toHaveLength(1)
      await bank.setStatus(cart.bankSessionId, 4)
      const result = await sync()
      expect(result).toMatchObject({ applied: 1, canceled: 1 })
      const state = await medusaStateOf(getContainer(), cart)
      const query = getContainer().resolve("query")
      const { data: orders } = await query.graph({
        entity: "order",
        fields: ["id", "status"],
        filters: { id: state.orderIds },
      })
      expect(orders[0].status).toBe("canceled")
      expect(state.payments.every((p) => p.canceled_at)).toBe(true)
    })

    it("the shopper returns before the decision: refused, no order; the approval places it, a decline leaves none", async () => {
      const store = await seed()
      const cart = await cartWithInstallmentSession(api, store)
      const other = await cartWithInstallmentSession(api, store, [0, 1])
      await bank.setStatus(cart.bankSessionId, 1)
      await bank.setStatus(other.bankSessionId, 1)
      const config = { headers: { "x-publishable-api-key": store.publishableKey } }
      for (const c of [cart, other]) {
        const { data } = await api.post(`/store/carts/${c.cartId}/complete`, {}, config)
        expect(data).toMatchObject({
          type: "cart",
          error: { message: expect.stringMatching(/has not approved the installment yet/) },
        })
      }
      const waiting = await medusaStateOf(getContainer(), cart)
      expect(waiting.sessionStatus).toBe("pending")
      expect(waiting.orderIds).toEqual([])
      expect(waiting.payments).toEqual([])

      await bank.setStatus(cart.bankSessionId, 2)
      await bank.setStatus(other.bankSessionId, 6)
      const result = await sync()
      expect(result).toMatchObject({ authorized: 1, canceled: 1, errors: [] })
      const approved = await medusaStateOf(getContainer(), cart)
      expect(approved.orderIds).toHaveLength(1)
      expect(approved.payments).toHaveLength(1)
      expect(approved.collectionStatus).toBe("authorized")
      const declined = await medusaStateOf(getContainer(), other)
      expect(declined.orderIds).toEqual([])
      expect(declined.sessionStatus).toBe("error")
    })

    it("an approval whose cart cannot be completed is reported and left unacknowledged for a retry, not counted as authorized", async () => {
      const store = await seed()
      const cart = await cartWithInstallmentSession(api, store, [3, 0], { shipping: false })
      await bank.setStatus(cart.bankSessionId, 2)
      const result = await sync()
      expect(result).toMatchObject({ received: 1, applied: 0, authorized: 0, retrying: 1, acknowledged: 0 })
      expect(result.errors).toEqual([
        expect.objectContaining({
          bank_session_id: cart.bankSessionId,
          status_id: 2,
          attempts: 1,
          message: expect.stringMatching(/no payment/),
        }),
      ])
      expect((await bank.state()).feed).toHaveLength(1)
      const state = await medusaStateOf(getContainer(), cart)
      expect(state.orderIds).toEqual([])
      expect(state.payments).toEqual([])
    })

    it("refuses an anonymous 'sync now' with 401, and names a bad body or an unknown provider", async () => {
      const response = await api.post("/admin/tbc/installments/sync", {}, { validateStatus: () => true })
      expect(response.status).toBe(401)
      const admin = { ...(await createAdminRequestConfig(getContainer(), api)), validateStatus: () => true }
      const bad = await api.post("/admin/tbc/installments/sync", { provider: "x" }, admin)
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/provider/)
      const unknown = await api.post("/admin/tbc/installments/sync", { provider_id: "pp_tbc-installments_nope" }, admin)
      expect(unknown.status).toBe(404)
      expect(unknown.data.message).toMatch(/provider_id: no tbc-installments provider pp_tbc-installments_nope/)
      const one = await api.post("/admin/tbc/installments/sync", { provider_id: TBC_INSTALLMENTS_PROVIDER_ID }, admin)
      expect(one.status).toBe(200)
      expect(one.data.providers).toEqual([
        expect.objectContaining({ provider_id: TBC_INSTALLMENTS_PROVIDER_ID, received: 0 }),
      ])
    })
  },
})
