/**
 * Installment applications in the money ledger (real app, PostgreSQL, the sandbox bank): the
 * provider writes the application's entry before it asks the bank, the status sync moves it; an
 * application in review or with an unreadable create answer holds the cart ("we are checking"),
 * and a refused one leaves it payable again, whatever the method.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { syncInstallmentStatusesWorkflow } from "../../src/workflows"
import { LedgerStore } from "../../src/modules/tbc/ledger/ledger-store"
import { StoreCheckout } from "../utils/checkout-store"
import { seedStore, TBC_INSTALLMENTS_PROVIDER_ID } from "../utils/seed-store"
import {
  INSTALLMENTS_GROUP_ENV,
  cartWithInstallmentSession,
  medusaStateOf,
  useInstallmentsSandbox,
} from "./installments-support"

jest.setTimeout(180_000)

const bank = useInstallmentsSandbox(INSTALLMENTS_GROUP_ENV)
/** the guard's words (by text: the constant may move) */
const CHECKING = /we are checking your payment/i
const CREATE_PATH = "POST /v1/online-installments/applications"

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-installments-ledger"),
  testSuite: ({ api, getContainer }) => {
    beforeEach(() => bank.reset())
    afterEach(() => bank.faults({ reset: true }))
    const seed = () =>
      seedStore(getContainer(), { paymentProviderIds: [TBC_INSTALLMENTS_PROVIDER_ID, "pp_system_default"] })
    const sync = async () =>
      (await syncInstallmentStatusesWorkflow(getContainer()).run({ input: {} })).result.providers[0]
    const ledger = () => new LedgerStore(getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION))
    /** a new session on the cart, as the Store API answers it (status and body, never a throw) */
    const newSession = async (checkout: StoreCheckout, cartId: string, providerId: string, data?: object) =>
      checkout
        .startPaymentSession(cartId, { providerId, ...(data ? { data: data as Record<string, unknown> } : {}) })
        .then(() => ({ status: 200, body: {} as unknown }))
        .catch((error) => ({ status: error?.response?.status as number, body: error?.response?.data as unknown }))

    it("the entry is written before the bank call and moved by the sync: review, approval, the order", async () => {
      const store = await seed()
      const cart = await cartWithInstallmentSession(api, store)
      const entry = await ledger().byPayId(cart.bankSessionId)
      expect(entry).toMatchObject({
        kind: "installment",
        state: "created",
        provider_id: TBC_INSTALLMENTS_PROVIDER_ID,
        payment_session_id: cart.paymentSessionId,
        cart_id: cart.cartId,
        payment_collection_id: cart.paymentCollectionId,
        amount: Math.round(cart.total * 100),
        bank_status: "0",
      })
      // opened in `sending` by the provider, then named by the bank's answer
      const trail = () => ledger().events(entry!.id)
      expect((await trail()).slice(0, 2)).toMatchObject([
        { event: "opened", from_state: null, to_state: "sending", actor: "provider:initiate" },
        { event: "bank_status", from_state: "sending", to_state: "created", actor: "bank:answer" },
      ])

      await bank.setStatus(cart.bankSessionId, 1) // the bank reviews
      await sync()
      expect(await ledger().byId(entry!.id)).toMatchObject({ state: "processing", bank_status: "1" })
      await bank.setStatus(cart.bankSessionId, 5) // approved, waiting for the merchant
      expect(await sync()).toMatchObject({ authorized: 1, errors: [] })
      const [orderId] = (await medusaStateOf(getContainer(), cart)).orderIds
      expect(orderId).toBeDefined()
      expect(await ledger().byId(entry!.id)).toMatchObject({ state: "held", bank_status: "5", order_id: orderId })
      const bySync = (await trail()).filter((e) => e.actor === "bank:sync")
      // the order is noted once, by whichever sees it first: the sync or the order.placed subscriber
      expect((await trail()).filter((e) => e.event === "order")).toMatchObject([{ note: orderId }])
      expect(bySync.filter((e) => e.event === "bank_status")).toMatchObject([
        { from_state: "created", to_state: "processing", note: "1" },
        { from_state: "processing", to_state: "held", note: "5" },
      ])
    })

    it("in review the cart refuses any new payment ('we are checking'); declined, it is payable again", async () => {
      const store = await seed()
      const checkout = new StoreCheckout(api, store)
      const cart = await cartWithInstallmentSession(api, store)
      await bank.setStatus(cart.bankSessionId, 1)
      await sync()
      const blocked = await newSession(checkout, cart.cartId, "pp_system_default")
      expect(blocked.status).toBe(400)
      expect(JSON.stringify(blocked.body)).toMatch(CHECKING)
      // the application was left alone: the refused session creation deleted nothing
      expect((await bank.application(cart.bankSessionId)).statusId).toBe(1)

      await bank.setStatus(cart.bankSessionId, 6) // declined
      await sync()
      expect(await ledger().byPayId(cart.bankSessionId)).toMatchObject({ state: "refused", bank_status: "6" })
      expect(await newSession(checkout, cart.cartId, "pp_system_default")).toMatchObject({ status: 200 })
      expect((await medusaStateOf(getContainer(), cart)).orderIds).toEqual([])
    })

    it("a create answered 502 after the bank acted leaves the entry uncertain and blocks a second session on the cart", async () => {
      const store = await seed()
      const checkout = new StoreCheckout(api, store)
      const cart = await cartWithInstallmentSession(api, store)
      await bank.faults({ failNext: { count: 1, status: 502, path: CREATE_PATH, afterProcessing: true } })
      const products = [{ name: "Khinkali cooking set order", price: cart.total, quantity: 1 }]
      const failed = await newSession(checkout, cart.cartId, TBC_INSTALLMENTS_PROVIDER_ID, {
        installmentProducts: products,
      })
      expect(failed.status).toBeGreaterThanOrEqual(400)
      // the bank made the application, but the ledger cannot name it: it stays unresolved (uncertain).
      // (Medusa's compensation may also recreate the replaced session, with an application of its own.)
      const applications = (await bank.state()).applications.length
      expect(applications).toBeGreaterThanOrEqual(2)
      const charges = await ledger().chargesOfCart(cart.cartId)
      expect(charges.filter((c) => c.state === "uncertain").map((c) => c.pay_id)).toEqual([null])
      expect((await ledger().byPayId(cart.bankSessionId))?.session_gone_at).not.toBeNull()

      for (const providerId of ["pp_system_default", TBC_INSTALLMENTS_PROVIDER_ID]) {
        const second = await newSession(checkout, cart.cartId, providerId, { installmentProducts: products })
        expect(second.status).toBe(400)
        expect(JSON.stringify(second.body)).toMatch(CHECKING)
      }
      expect((await bank.state()).applications).toHaveLength(applications) // nothing new was asked of the bank
    })
  },
})
