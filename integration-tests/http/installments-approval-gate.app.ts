/**
 * No order before the bank approves an installment loan (real app, PostgreSQL, the sandbox bank):
 * completing the cart while the application is still pending fails with a readable error and
 * leaves the cart open (no order); the approval places exactly one order, through
 * the sync or a later completion; a session that is dropped or replaced cancels its application;
 * an application whose row cannot be recorded is never handed to the shopper.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { syncInstallmentStatusesWorkflow } from "../../src/workflows"
import { StoreCheckout } from "../utils/checkout-store"
import { seedStore, TBC_INSTALLMENTS_PROVIDER_ID } from "../utils/seed-store"
import { waitFor } from "../utils/wait-for"
import { BANK_NOT_ANSWERING_MESSAGE } from "../../src/providers/common/errors"
import {
  cartWithInstallmentSession,
  medusaStateOf,
  useInstallmentsSandbox,
  type InstallmentCart,
} from "./installments-support"
import { expectWithinBudget, REQUEST_BUDGET_GROUP_ENV, REQUEST_BUDGET_MS } from "./app-group-env"

jest.setTimeout(180_000)

// the request-budget group's app: a short request budget for the test with the bank hanging
const bank = useInstallmentsSandbox(REQUEST_BUDGET_GROUP_ENV)
const NOT_APPROVED = /The bank has not approved the installment yet/

/** deletePayment cancels in the background (never inside Medusa's cart lock): wait for the bank's status. */
const statusBecomes = (sessionId: string, statusId: number) =>
  waitFor(async () => (await bank.application(sessionId)).statusId === statusId, {
    description: `application ${sessionId} in status ${statusId}`,
  })

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-installments-approval-gate"),
  testSuite: ({ api, getContainer }) => {
    beforeEach(() => bank.reset())
    afterEach(() => bank.faults({ reset: true }))
    const seed = () =>
      seedStore(getContainer(), { paymentProviderIds: [TBC_INSTALLMENTS_PROVIDER_ID, "pp_system_default"] })
    const sync = async () =>
      (await syncInstallmentStatusesWorkflow(getContainer()).run({ input: {} })).result.providers[0]
    const cartOpen = async (store: Awaited<ReturnType<typeof seed>>, cart: InstallmentCart) => {
      const { data } = await api.get(`/store/carts/${cart.cartId}?fields=id,completed_at`, {
        headers: { "x-publishable-api-key": store.publishableKey },
      })
      return data.cart.completed_at === null
    }

    it("completing before the approval is refused in words and leaves the cart open; the sync's approval places one order", async () => {
      const store = await seed()
      const checkout = new StoreCheckout(api, store)
      const cart = await cartWithInstallmentSession(api, store)

      // at once (status 0: the shopper never finished the bank's page), then while the bank reviews (1)
      for (const statusId of [0, 1]) {
        if (statusId > 0) await bank.setStatus(cart.bankSessionId, statusId)
        const completion = await checkout.completeCart(cart.cartId)
        expect(completion).toMatchObject({
          httpStatus: 200,
          type: "cart",
          error: { message: expect.stringMatching(NOT_APPROVED) },
        })
        const state = await medusaStateOf(getContainer(), cart)
        expect(state.orderIds).toEqual([])
        expect(state.payments).toEqual([])
        expect(state.sessionStatus).toBe("pending")
        expect(await cartOpen(store, cart)).toBe(true)
      }
      // the refusal did not touch the application: the shopper can still finish it
      expect((await bank.application(cart.bankSessionId)).statusId).toBe(1)

      await bank.setStatus(cart.bankSessionId, 2)
      const result = await sync()
      expect(result).toMatchObject({ received: 2, applied: 2, authorized: 1, errors: [] })
      const placed = await medusaStateOf(getContainer(), cart)
      expect(placed.orderIds).toHaveLength(1)
      expect(placed.payments).toHaveLength(1)
      expect(placed.collectionStatus).toBe("authorized")

      // the shopper comes back afterwards: the same order, nothing new
      const again = await checkout.completeCart(cart.cartId)
      expect(again).toMatchObject({ type: "order", order: { id: placed.orderIds[0] } })
      expect(await sync()).toMatchObject({ received: 0 })
      const final = await medusaStateOf(getContainer(), cart)
      expect(final.orderIds).toEqual(placed.orderIds)
      expect(final.payments).toHaveLength(1)
    })

    it("a completion after the approval places the order itself; the sync then adds nothing", async () => {
      const store = await seed()
      const cart = await cartWithInstallmentSession(api, store)
      await bank.setStatus(cart.bankSessionId, 5)
      const completion = await new StoreCheckout(api, store).completeCart(cart.cartId)
      expect(completion.type).toBe("order")
      expect(await sync()).toMatchObject({ received: 1, applied: 1, authorized: 0, errors: [] })
      const state = await medusaStateOf(getContainer(), cart)
      expect(state.orderIds).toHaveLength(1)
      expect(state.payments).toHaveLength(1)
      expect(state.collectionStatus).toBe("authorized")
    })

    it("another payment method chosen, or a cart change, cancels the abandoned application at the bank", async () => {
      const store = await seed()
      const checkout = new StoreCheckout(api, store)
      const switched = await cartWithInstallmentSession(api, store, [3, 0])
      const changed = await cartWithInstallmentSession(api, store, [0, 1])
      const alreadyCanceled = await cartWithInstallmentSession(api, store, [1, 1])

      await checkout.startPaymentSession(switched.cartId, { providerId: "pp_system_default" })
      await statusBecomes(switched.bankSessionId, 7)
      expect((await checkout.sessionsOf(switched.cartId)).map((s) => s.provider_id)).toEqual(["pp_system_default"])

      // an item added in another tab: Medusa drops the session, the plugin cancels its application
      await api.post(
        `/store/carts/${changed.cartId}/line-items`,
        { variant_id: store.variantIds[0], quantity: 1 },
        { headers: { "x-publishable-api-key": store.publishableKey } }
      )
      expect(await checkout.sessionsOf(changed.cartId)).toEqual([])
      await statusBecomes(changed.bankSessionId, 7)

      // the shopper canceled at the bank first: "already canceled" is success, the switch goes through
      await bank.setStatus(alreadyCanceled.bankSessionId, 4)
      await checkout.startPaymentSession(alreadyCanceled.cartId, { providerId: "pp_system_default" })
      const cancelCalls = async () =>
        Object.entries((await bank.state()).calls)
          .filter(([name]) => /cancel/.test(name))
          .reduce((n, [, v]) => n + v, 0)
      await waitFor(async () => (await cancelCalls()) === 3, { description: "3 cancels at the bank" })
      expect((await bank.application(alreadyCanceled.bankSessionId)).statusId).toBe(4)
      expect((await checkout.sessionsOf(alreadyCanceled.cartId)).map((s) => s.provider_id)).toEqual([
        "pp_system_default",
      ])

      expect(await cancelCalls()).toBe(3)
      for (const cart of [switched, changed, alreadyCanceled]) {
        expect((await medusaStateOf(getContainer(), cart)).orderIds).toEqual([])
      }
    })

    it("a session dropped while the bank could not cancel: its later approval is canceled at the bank by the sync, no order", async () => {
      const store = await seed()
      const checkout = new StoreCheckout(api, store)
      const cart = await cartWithInstallmentSession(api, store)
      await bank.faults({
        failNext: {
          count: 1,
          status: 500,
          path: `POST /v1/online-installments/applications/${cart.bankSessionId}/cancel`,
        },
      })
      await checkout.startPaymentSession(cart.cartId, { providerId: "pp_system_default" })
      // the background cancel was refused (the injected 500 is used up) and did not get through
      await waitFor(
        async () => (await bank.state()).calls[`POST /v1/online-installments/applications/{sessionId}/cancel`] >= 1,
        {
          description: "the background cancel",
        }
      )
      expect((await bank.application(cart.bankSessionId)).statusId).toBe(0)

      await bank.setStatus(cart.bankSessionId, 5) // the shopper finished the bank's page anyway
      // received: the approval, then (next page of the same run) the bank's "canceled by merchant" it caused
      expect(await sync()).toMatchObject({ received: 2, applied: 2, canceled: 1, authorized: 0, errors: [] })
      expect((await bank.application(cart.bankSessionId)).statusId).toBe(7)
      expect((await medusaStateOf(getContainer(), cart)).orderIds).toEqual([])
      expect((await bank.state()).feed).toEqual([])
      expect(await sync()).toMatchObject({ received: 0 })
    })

    it("an application whose row cannot be recorded is never handed out: the session is rolled back, the application canceled", async () => {
      const store = await seed()
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      // the database refuses the application row (as a full disk or a lost connection would)
      await pg.raw(`create or replace function tbc_it_refuse_row() returns trigger language plpgsql as $$
        begin raise exception 'application row refused by the test'; end $$`)
      await pg.raw(`create trigger tbc_it_refuse_row before insert on tbc_installment_application
        for each row execute function tbc_it_refuse_row()`)
      try {
        const refused = await cartWithInstallmentSession(api, store).catch((error) => error)
        expect(refused?.response?.status).toBe(500)
        expect(JSON.stringify(refused.response.data)).not.toMatch(/redirect_url|sessionId/)
      } finally {
        await pg.raw(`drop trigger if exists tbc_it_refuse_row on tbc_installment_application`)
      }
      const [application] = (await bank.state()).applications
      expect(application).toBeDefined()
      const { data: carts } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "payment_session", fields: ["id"], filters: { provider_id: TBC_INSTALLMENTS_PROVIDER_ID } })
      expect(carts).toEqual([]) // Medusa's compensation deleted the new session...
      await statusBecomes(application.sessionId, 7) // ...and its deletion canceled the application (CanceledByMerchant)
    })

    it("with the bank hanging, choosing another method and completing the cart end within the budget, in words", async () => {
      const store = await seed()
      const checkout = new StoreCheckout(api, store)
      const pending = await cartWithInstallmentSession(api, store, [3, 0])
      const dropped = await cartWithInstallmentSession(api, store, [0, 1])
      await bank.faults({ timeoutNext: { count: 100_000 } })

      let started = Date.now()
      const completion = await checkout.completeCart(pending.cartId)
      const completeMs = Date.now() - started
      started = Date.now()
      await checkout.startPaymentSession(dropped.cartId, { providerId: "pp_system_default" })
      const switchMs = Date.now() - started
      console.log(
        `installments, bank hanging: complete cart ${completeMs} ms, switch method ${switchMs} ms (budget ${REQUEST_BUDGET_MS} ms)`
      )
      expectWithinBudget(completeMs)
      expect(completion).toMatchObject({ type: "cart", error: { message: BANK_NOT_ANSWERING_MESSAGE } })
      expectWithinBudget(switchMs)
      expect((await checkout.sessionsOf(dropped.cartId)).map((s) => s.provider_id)).toEqual(["pp_system_default"])
      expect(await cartOpen(store, pending)).toBe(true)
      expect((await medusaStateOf(getContainer(), pending)).orderIds).toEqual([])
    })
  },
})
