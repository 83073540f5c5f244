/**
 * Saved cards charge only for their owner (issue 26, defect 4), through the real Store API, the
 * sandbox bank and PostgreSQL. Alice picks her saved card for a cart and leaves; the cart id is
 * all a stranger has. Completing a saved-card cart needs Alice's login (401 without, 403 for
 * another customer); changing the cart's e-mail, addresses or customer deletes the saved-card
 * session; a cart changed behind the Store API's back no longer matches what Alice chose. The
 * cart checks run in Medusa's workflows themselves (the plugin's workflow hooks), so they hold for
 * a store's own code that runs those workflows without the Store API's routes, too.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  completeCartWorkflowId,
  transferCartCustomerWorkflowId,
  updateCartWorkflowId,
} from "@medusajs/medusa/core-flows"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import type { SeededStore } from "../utils/seed-store"
import { SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, onlyPayment, readOrder } from "../utils/checkout-orders"
import { SHOPPER_ADDRESS } from "../utils/checkout-store"
import {
  SAVED_CARD_CALLS as CALLS,
  Shopper,
  aliceForSuite,
  firstOrderSavesCard,
  login,
  registerCustomer,
} from "../utils/saved-cards-shopper"

jest.setTimeout(120_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

/** Same country (same taxes, same total: Medusa keeps the sessions), another door. */
const STRANGER_ADDRESS = { ...SHOPPER_ADDRESS, first_name: "Mallory", address_1: "Chavchavadze Ave 1" }

/** The ids of the cart's payment sessions, read through Query. */
async function sessionIdsOfCart(container: MedusaContainer, cartId: string): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "payment_collection.payment_sessions.id"],
    filters: { id: cartId },
  })
  const sessions = (data[0] as any)?.payment_collection?.payment_sessions ?? []
  return sessions.map((session: { id: string }) => session.id)
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-saved-card-owner"),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let alice: Shopper
    let bob: Shopper
    let stranger: Shopper
    let bobId: string

    let bobToken: string

    // her first order's cart, which saves the card, and the one she chooses her saved card for
    const suite = aliceForSuite(api, getContainer, { aliceCarts: 2 })
    // Bob for the suite too (the database is restored before each test)
    beforeAll(async () => {
      bobId = await registerCustomer(getContainer(), "bob@tbc-it.ge", "bobsecret")
      bobToken = await login(api, "bob@tbc-it.ge", "bobsecret")
    })

    beforeEach(async () => {
      await bank.setFaults({ reset: true })
      store = suite.store
      alice = new Shopper(api, store, suite.aliceToken, [])
      bob = new Shopper(api, store, bobToken, [])
      stranger = new Shopper(api, store, undefined, [])
    })

    /** Alice's second cart, with her saved card chosen (the session is created, nothing charged yet). */
    async function aliceChoseHerCard() {
      const { card } = await firstOrderSavesCard(alice, bank)
      const cart = await alice.cartReadyForPayment()
      const started = await alice.startSession(cart.collectionId, { saved_card_id: card.id })
      expect(started.status).toBe(200)
      const sessionId: string = started.body.payment_collection.payment_sessions[0].id
      return { ...cart, card, sessionId, executions: await bank.calls(CALLS.execution) }
    }

    it("a stranger without login changes the e-mail and shipping address and completes: the card is not charged", async () => {
      const { cartId, total, sessionId, executions } = await aliceChoseHerCard()

      const changed = await stranger.call("post", `/store/carts/${cartId}`, {
        email: "mallory@elsewhere.ge",
        shipping_address: STRANGER_ADDRESS,
      })
      expect(changed.status).toBe(200)
      expect(Number(changed.body.cart.total)).toBe(total)

      const completion = await stranger.call("post", `/store/carts/${cartId}/complete`)
      expect(completion.body?.type).not.toBe("order")
      expect(await bank.calls(CALLS.execution)).toBe(executions)
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()
      // why: the change deleted Alice's saved-card session (choosing the card again needs her
      // login), so Medusa finds no payment session to complete with
      expect(await sessionIdsOfCart(getContainer(), cartId)).not.toContain(sessionId)
      expect(completion.status).toBe(400)
      expect(completion.body.message).toMatch(/payment session/i)
    })

    it("without login, completing a saved-card cart is 401 and nothing is charged, changed cart or not", async () => {
      const { cartId, executions } = await aliceChoseHerCard()

      const untouched = await stranger.call("post", `/store/carts/${cartId}/complete`)
      expect(untouched.status).toBe(401)
      expect(untouched.body.message).toMatch(/log in/i)

      // changed behind the Store API's back (the host's own code, an admin tool): still 401
      await getContainer()
        .resolve(Modules.CART)
        .updateCarts(cartId, { email: "mallory@elsewhere.ge", shipping_address: STRANGER_ADDRESS })
      const changed = await stranger.call("post", `/store/carts/${cartId}/complete`)
      expect(changed.status).toBe(401)

      expect(await bank.calls(CALLS.execution)).toBe(executions)
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()
    })

    it("another logged-in customer completing Alice's saved-card cart is 403 and nothing is charged", async () => {
      const { cartId, executions } = await aliceChoseHerCard()

      const completion = await bob.call("post", `/store/carts/${cartId}/complete`)
      expect(completion.status).toBe(403)
      expect(completion.body.message).toMatch(/another customer's saved card/)
      expect(await bank.calls(CALLS.execution)).toBe(executions)
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()
    })

    it("the owner completes: one execution, the order is placed and paid", async () => {
      const { cartId, sessionId, executions } = await aliceChoseHerCard()
      // after the refusals above, the owner's checkout is unchanged
      expect((await stranger.call("post", `/store/carts/${cartId}/complete`)).status).toBe(401)

      const completion = await alice.call("post", `/store/carts/${cartId}/complete`)
      expect(completion.body.type).toBe("order")
      expect(await bank.calls(CALLS.execution)).toBe(executions + 1)
      const payment = onlyPayment(await readOrder(getContainer(), completion.body.order.id))
      const executed = (await bank.state()).payments.find((p: any) => p.payId === payment.data.payId)
      expect(executed).toMatchObject({ status: "Succeeded", merchantPaymentId: sessionId })
    })

    it.each([
      ["e-mail", { email: "alice.new@tbc-it.ge" }],
      ["shipping address", { shipping_address: { ...SHOPPER_ADDRESS, address_1: "Rustaveli Ave 14" } }],
      ["billing address", { billing_address: { ...SHOPPER_ADDRESS, last_name: "Kapanadze" } }],
    ])("a change of the %s, even by the owner, deletes the saved-card session", async (_what, change) => {
      const { cartId, sessionId, executions } = await aliceChoseHerCard()

      // resending what the cart already holds changes nothing: the session stays
      const same = await alice.call("post", `/store/carts/${cartId}`, {
        email: store.customer.email,
        shipping_address: SHOPPER_ADDRESS,
        billing_address: SHOPPER_ADDRESS,
      })
      expect(same.status).toBe(200)
      expect(await sessionIdsOfCart(getContainer(), cartId)).toEqual([sessionId])

      expect((await alice.call("post", `/store/carts/${cartId}`, change)).status).toBe(200)
      expect(await sessionIdsOfCart(getContainer(), cartId)).toEqual([])
      expect(await bank.calls(CALLS.execution)).toBe(executions)
    })

    it("taking over the cart (POST /store/carts/:id/customer) deletes the saved-card session", async () => {
      const { cartId, sessionId, executions } = await aliceChoseHerCard()
      expect(await sessionIdsOfCart(getContainer(), cartId)).toEqual([sessionId])

      const transferred = await bob.call("post", `/store/carts/${cartId}/customer`)
      expect(transferred.status).toBe(200)
      expect(await sessionIdsOfCart(getContainer(), cartId)).toEqual([])
      expect((await bob.call("post", `/store/carts/${cartId}/complete`)).body?.type).not.toBe("order")
      expect(await bank.calls(CALLS.execution)).toBe(executions)
    })

    it("a cart changed behind the Store API's back no longer matches the owner's choice: refused, nothing charged", async () => {
      const { cartId, executions } = await aliceChoseHerCard()
      await getContainer().resolve(Modules.CART).updateCarts(cartId, { shipping_address: STRANGER_ADDRESS })

      const completion = await alice.call("post", `/store/carts/${cartId}/complete`)
      expect(completion.status).toBe(400)
      expect(completion.body.message).toMatch(/choose your saved card again/)
      expect(await bank.calls(CALLS.execution)).toBe(executions)
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()
    })

    /** Runs one of Medusa's workflows by id, as a store's own route or job would: no Store API route. */
    const runWorkflow = (id: string, input: Record<string, unknown>) =>
      getContainer().resolve(Modules.WORKFLOW_ENGINE).run(id, { input, throwOnError: false })

    it("completeCartWorkflow and updateCartWorkflow run without the Store API: a changed cart is refused, a change drops the card", async () => {
      const { cartId, executions } = await aliceChoseHerCard()
      await getContainer().resolve(Modules.CART).updateCarts(cartId, { shipping_address: STRANGER_ADDRESS })

      const { errors } = await runWorkflow(completeCartWorkflowId, { id: cartId })
      expect(errors[0]?.error?.message).toMatch(/choose your saved card again/)
      expect(await bank.calls(CALLS.execution)).toBe(executions)
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()

      const updated = await runWorkflow(updateCartWorkflowId, { id: cartId, email: "mallory@elsewhere.ge" })
      expect(updated.errors).toEqual([])
      expect(await sessionIdsOfCart(getContainer(), cartId)).toEqual([])
    })

    it("transferCartCustomerWorkflow run without the Store API deletes the saved-card session", async () => {
      const { cartId, executions } = await aliceChoseHerCard()
      const { errors } = await runWorkflow(transferCartCustomerWorkflowId, { id: cartId, customer_id: bobId })
      expect(errors).toEqual([])
      expect(await sessionIdsOfCart(getContainer(), cartId)).toEqual([])
      expect(await bank.calls(CALLS.execution)).toBe(executions)
    })
  },
})
