/**
 * Medusa's saved-payment-method API with TBC (issue 27), end to end (real Medusa app, PostgreSQL,
 * the sandbox bank): GET /store/tbc/payment-methods/:account_holder_id (the answer of the
 * saved-payment-methods recipe's route, on the plugin's own path; the recipe's path stays free for
 * the store's own route) lists the customer's TBC cards, found through Medusa's customer ↔ account holder
 * link; a card added from "My account" (savePaymentMethod: a zero-amount saveCard payment on the
 * hosted page) is recorded when the bank reports it, or by the retry job when the callback is lost,
 * and then pays; another customer or a guest sees nothing; the bank token never appears.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { TBC_CHECKOUT_PROVIDER_ID, type SeededStore } from "../utils/seed-store"
import { SandboxBankControl } from "../utils/checkout-bank"
import { Shopper, firstOrderSavesCard, savedCardCastForSuite } from "../utils/saved-cards-shopper"
import { waitFor } from "../utils/wait-for"
import { waitForAppIdle } from "../utils/app-idle"
import { retryOpenCardAdditions } from "../../src/use-cases/saved-cards/card-additions"
import { deleteCustomerCards } from "../../src/use-cases/saved-cards/customer-cards-deletion"
import { runDataRetention } from "../../src/use-cases/saved-cards/data-retention"
import { TBC_MODULE, type TbcModuleService } from "../../src/modules/tbc"

jest.setTimeout(120_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

/** The customer's account holder of the tbc-checkout provider, through Medusa's customer link. */
async function accountHolderOf(container: MedusaContainer, customerId: string): Promise<string | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "customer",
    fields: ["id", "account_holders.id", "account_holders.provider_id"],
    filters: { id: customerId },
  })
  const holders = (data[0]?.account_holders ?? []) as { id: string; provider_id: string }[]
  return holders.find((holder) => holder?.provider_id === TBC_CHECKOUT_PROVIDER_ID)?.id
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-saved-card-methods"),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let responses: string[]
    let alice: Shopper
    let bob: Shopper
    let guest: Shopper

    // Alice's one cart: her first order's (test 1), or the one her added card pays (test 2)
    const cast = savedCardCastForSuite(api, getContainer, { aliceCarts: 1 })
    beforeEach(() => {
      ;({ store, responses, alice, bob, guest } = cast)
    })

    const methodsOf = async (shopper: Shopper, holderId: string) =>
      shopper.call("get", `/store/tbc/payment-methods/${holderId}`)

    it("lists the card saved at checkout at GET /store/tbc/payment-methods/:account_holder_id, to its owner only", async () => {
      const { card, recId } = await firstOrderSavesCard(alice, bank)
      const holderId = await accountHolderOf(getContainer(), store.customer.id)
      expect(holderId).toMatch(/^acchld_/)

      const listed = await methodsOf(alice, holderId!)
      expect(listed.status).toBe(200)
      expect(listed.body.payment_methods).toEqual([
        {
          id: card.id,
          provider_id: TBC_CHECKOUT_PROVIDER_ID,
          data: {
            card_mask: card.card_mask,
            expiry_date: card.expiry_date,
            save_until: card.save_until,
            created_at: card.created_at,
            card: {
              brand: expect.any(String),
              last4: card.card_mask.slice(-4),
              exp_month: Number(card.expiry_date.slice(0, 2)),
              exp_year: 2000 + Number(card.expiry_date.slice(2)),
            },
          },
        },
      ])
      expect((await methodsOf(bob, holderId!)).status).toBe(404)
      expect((await methodsOf(guest, holderId!)).status).toBe(401)
      expect((await methodsOf(alice, "acchld_unknown")).status).toBe(404)
      for (const body of responses) expect(body).not.toContain(recId)
      // the recipe's own path is the store's: the plugin registers no route (and no middleware) there
      expect((await alice.call("get", `/store/payment-methods/${holderId}`)).status).toBe(404)
    })

    it("adds a card from 'My account' with a zero-amount saveCard payment; listed once the bank reports it", async () => {
      expect(await accountHolderOf(getContainer(), store.customer.id)).toBeUndefined()
      expect((await guest.call("post", "/store/customers/me/tbc-cards", {})).status).toBe(401)
      const refused = await alice.call("post", "/store/customers/me/tbc-cards", { save_card_to_date: "13/30" })
      expect(refused.status).toBe(400)
      expect(refused.body.message).toMatch(/save_card_to_date: must be MMYY/)

      const started = await alice.call("post", "/store/customers/me/tbc-cards", {})
      expect(started.status).toBe(200)
      const { payment_method: method, redirect_url: redirectUrl } = started.body
      expect(method).toMatchObject({ id: expect.stringMatching(/^tbccadd_/), provider_id: TBC_CHECKOUT_PROVIDER_ID })
      expect(redirectUrl).toEqual(expect.stringContaining(app.sandboxUrl))
      const payment = (await bank.state()).payments.find((p: { payId: string }) => p.payId === method.data.payId)
      expect(payment).toMatchObject({ amount: 0, preAuth: false, methods: [5], merchantPaymentId: method.id })
      expect(payment.request).toMatchObject({ saveCard: true })
      expect(payment.callbackUrl).not.toContain("sig=")

      // the account holder Medusa links to the customer (created here: no checkout happened)
      const holderId = await accountHolderOf(getContainer(), store.customer.id)
      expect(holderId).toMatch(/^acchld_/)
      expect(started.body.account_holder_id).toBe(holderId)
      expect((await methodsOf(alice, holderId!)).body.payment_methods).toEqual([])

      await bank.pay(method.data.payId, "success")
      const [listed] = await waitFor(
        async () => {
          const methods = (await methodsOf(alice, holderId!)).body.payment_methods
          return methods.length > 0 ? methods : undefined
        },
        { timeoutMs: 20_000, intervalMs: 250, description: "the added card listed" }
      )
      expect(listed).toMatchObject({
        id: expect.stringMatching(/^tbccard_/),
        data: { card: { last4: expect.any(String) } },
      })
      expect((await alice.cards()).map((card) => card.id)).toEqual([listed.id])
      const tbc = getContainer().resolve<TbcModuleService>(TBC_MODULE)
      const logged = await waitFor(async () => (await tbc.listCallbackLogs({ pay_id: method.data.payId }))[0], {
        timeoutMs: 10_000,
        description: "the callback logged",
      })
      expect(logged.result).toBe("card_addition")

      // the added card pays the next order at once (no bank page)
      const { cartId, collectionId } = await alice.cartReadyForPayment()
      expect((await alice.startSession(collectionId, { saved_card_id: listed.id })).status).toBe(200)
      const completed = await alice.call("post", `/store/carts/${cartId}/complete`)
      expect(completed.body.type).toBe("order")

      const recId = (await bank.state()).savedCards.find((c: any) => c.payId === method.data.payId).recId
      for (const body of responses) expect(body).not.toContain(recId)
    })

    it("records an added card whose callback was lost through the retry job", async () => {
      const started = await alice.call("post", "/store/customers/me/tbc-cards", {})
      const payId = started.body.payment_method.data.payId
      await bank.dropCallbacks(payId)
      await bank.pay(payId, "success")
      expect(await alice.cards()).toEqual([])

      const run = await retryOpenCardAdditions(getContainer(), new Date(Date.now() + 120_000))
      expect(run).toMatchObject({ tried: 1, saved: 1 })
      expect(await alice.cards()).toHaveLength(1)
      const holderId = await accountHolderOf(getContainer(), store.customer.id)
      expect((await methodsOf(alice, holderId!)).body.payment_methods).toHaveLength(1)
      expect(await retryOpenCardAdditions(getContainer(), new Date(Date.now() + 120_000))).toMatchObject({ tried: 0 })

      // bookkeeping only: an ended addition goes after deletedCardRetentionDays (90)
      const tbc = getContainer().resolve<TbcModuleService>(TBC_MODULE)
      const additionId = started.body.payment_method.id
      await tbc.updateCardAdditions({ id: additionId, settled_at: new Date(Date.now() - 91 * 24 * 3600_000) })
      expect((await runDataRetention(getContainer())).cardAdditionsRemoved).toBe(1)
      expect(await tbc.listCardAdditions({ id: additionId })).toEqual([])
    })

    it("a deleted customer's card addition is forgotten: nothing is recorded for them afterwards", async () => {
      const started = await bob.call("post", "/store/customers/me/tbc-cards", {})
      const bobId = (await bob.ok("get", "/store/customers/me")).customer.id
      await deleteCustomerCards(getContainer(), bobId)
      const payId = started.body.payment_method.data.payId
      await bank.pay(payId, "success")
      const tbc = getContainer().resolve<TbcModuleService>(TBC_MODULE)
      // the bank's callback came and everything it started has finished
      await waitFor(async () => (await tbc.listCallbackLogs({ pay_id: payId }))[0], { description: "the callback" })
      await waitForAppIdle(getContainer())
      expect(await tbc.listCardAdditions({ customer_id: bobId })).toEqual([])
      expect(await retryOpenCardAdditions(getContainer(), new Date(Date.now() + 120_000))).toMatchObject({ tried: 0 })
      expect(await tbc.listSavedCards({ customer_id: bobId })).toEqual([])
    })
  },
})
