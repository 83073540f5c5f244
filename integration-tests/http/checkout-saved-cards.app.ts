/**
 * Saved cards end to end (real Medusa app, PostgreSQL, the sandbox bank): a logged-in customer's
 * first order saves the card, the second pays by execution with no hosted page; the store routes
 * show and delete only the caller's cards; another customer or a guest can neither list, use nor
 * delete them; the bank token (recId) never appears in any Store API response.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder, toTetri } from "../utils/checkout-orders"
import {
  SAVED_CARD_CALLS as CALLS,
  Shopper,
  firstOrderSavesCard as firstOrderSavesCardOf,
  savedCardCastForSuite,
} from "../utils/saved-cards-shopper"
import { recordCardsForPayment } from "../../src/use-cases/saved-cards/record-from-events"
import { attentionList } from "../utils/tbc-payments"

jest.setTimeout(120_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-saved-cards"),
  testSuite: ({ api, getContainer }) => {
    let responses: string[]
    let alice: Shopper
    let bob: Shopper
    let guest: Shopper

    // Alice's two carts: her first order's, and the one her saved card pays
    const cast = savedCardCastForSuite(api, getContainer, { aliceCarts: 2 })
    beforeEach(() => {
      ;({ responses, alice, bob, guest } = cast)
    })

    /** Alice's first order with save_card: paid on the hosted page; returns her recorded card. */
    const firstOrderSavesCard = () => firstOrderSavesCardOf(alice, bank)

    it("first order saves the card; the second pays by execution with no redirect and is captured", async () => {
      const { card, recId } = await firstOrderSavesCard()
      expect(card).toEqual({
        id: expect.stringMatching(/^tbccard_/),
        provider_id: TBC_CHECKOUT_PROVIDER_ID,
        card_mask: expect.stringMatching(/\*/),
        expiry_date: expect.stringMatching(/^\d{4}$/),
        save_until: expect.stringMatching(/^\d{4}$/),
        status: "active",
        created_at: expect.any(String),
      })

      const creates = await bank.calls(CALLS.create)
      const executions = await bank.calls(CALLS.execution)
      const { cartId, collectionId, total } = await alice.cartReadyForPayment()
      const started = await alice.startSession(collectionId, { saved_card_id: card.id })
      expect(started.status).toBe(200)
      const session = started.body.payment_collection.payment_sessions[0]
      expect(session.data).not.toHaveProperty("redirect_url")
      expect(session.data).not.toHaveProperty("payId")
      expect(session.data.saved_card_mask).toBe(card.card_mask)

      // a double click: two completions at once still charge the card once and place one order
      const both = await Promise.all([
        alice.call("post", `/store/carts/${cartId}/complete`),
        alice.call("post", `/store/carts/${cartId}/complete`),
      ])
      const orders = both.filter((result) => result.body?.type === "order")
      expect(orders.length).toBeGreaterThanOrEqual(1)
      expect(new Set(orders.map((result) => result.body.order.id)).size).toBe(1)
      const completion = orders[0]
      expect(await bank.calls(CALLS.execution)).toBe(executions + 1)
      expect(await bank.calls(CALLS.create)).toBe(creates)
      const payment = onlyPayment(await readOrder(getContainer(), completion.body.order.id))
      expect(payment.capturesTetri).toEqual([toTetri(total)])
      const executed = (await bank.state()).payments.find((p: any) => p.payId === payment.data.payId)
      expect(executed).toMatchObject({ status: "Succeeded", merchantPaymentId: session.id })
      expect(toTetri(executed.amount)).toBe(toTetri(total))

      // still one card (the execution reports the same recId), also when a capture event replays
      // the recording through the payment → collection → order → customer path
      expect(await recordCardsForPayment(getContainer(), payment.id)).toEqual([
        { paymentId: payment.id, outcome: "unchanged" },
      ])
      expect(await alice.cards()).toHaveLength(1)
      expect(recId.length).toBeGreaterThan(8)
      // every Store API answer Alice got: per checkout cart, shipping, collection, session and
      // completion (twice the second time), plus her card listings: 13 at least
      expect(responses.length).toBeGreaterThanOrEqual(13)
      for (const body of responses) expect(body).not.toContain(recId)
    })

    it("another customer or a guest cannot list, use or delete the card; nothing is charged", async () => {
      const { card, recId } = await firstOrderSavesCard()
      const executions = await bank.calls(CALLS.execution)
      const deletes = await bank.calls(CALLS.deleteCard)

      expect(await bob.cards()).toEqual([])
      const bobCart = await bob.cartReadyForPayment()
      const used = await bob.startSession(bobCart.collectionId, { saved_card_id: card.id })
      expect(used.status).toBe(404)
      expect(used.body.message).toMatch(/saved card .* was not found/)
      const deleted = await bob.call("delete", `/store/customers/me/tbc-cards/${card.id}`)
      expect(deleted.status).toBe(404)

      const guestCart = await guest.cartReadyForPayment()
      expect((await guest.startSession(guestCart.collectionId, { saved_card_id: card.id })).status).toBe(401)
      expect((await guest.call("get", "/store/customers/me/tbc-cards")).status).toBe(401)
      expect((await guest.call("delete", `/store/customers/me/tbc-cards/${card.id}`)).status).toBe(401)

      // a storefront can never hand the provider a token: server-only keys are refused by name
      const forged = await bob.startSession(bobCart.collectionId, { tbc_saved_card_seal: recId })
      expect(forged.status).toBe(400)
      expect(forged.body.message).toMatch(/data.tbc_saved_card_seal: is set by the server/)

      expect(await bank.calls(CALLS.execution)).toBe(executions)
      expect(await bank.calls(CALLS.deleteCard)).toBe(deletes)
      expect(await alice.cards()).toHaveLength(1)
      for (const body of responses) expect(body).not.toContain(recId)
    })

    it("delete removes the card at the bank once and from the list", async () => {
      const { card, recId } = await firstOrderSavesCard()
      const deletes = await bank.calls(CALLS.deleteCard)
      const removed = await alice.call("delete", `/store/customers/me/tbc-cards/${card.id}`)
      expect(removed).toEqual({ status: 200, body: { id: card.id, object: "tbc_card", deleted: true } })
      expect(await bank.calls(CALLS.deleteCard)).toBe(deletes + 1)
      expect((await bank.state()).savedCards.find((c: any) => c.recId === recId).deleted).toBe(true)
      expect(await alice.cards()).toEqual([])
      expect((await alice.call("delete", `/store/customers/me/tbc-cards/${card.id}`)).status).toBe(404)
      expect((await alice.call("delete", "/store/customers/me/tbc-cards/not-an-id")).status).toBe(400)
      const { collectionId } = await alice.cartReadyForPayment()
      expect((await alice.startSession(collectionId, { saved_card_id: card.id })).status).toBe(404)
      expect(await bank.calls(CALLS.deleteCard)).toBe(deletes + 1)
    })

    it.each([
      [
        "is lost (timeout after the bank charged)",
        { timeoutNext: { count: 1, path: "POST /v1/tpay/payments/execution", afterProcessing: true } },
      ],
      [
        "is a 502 from the gateway after the bank charged",
        { failNext: { count: 1, status: 502, path: "POST /v1/tpay/payments/execution", afterProcessing: true } },
      ],
    ])(
      "an execution whose answer %s is never sent again for that session or cart; the shopper reads 'we are checking'",
      async (_name, fault) => {
        const list = await attentionList(getContainer(), api)
        const { card } = await firstOrderSavesCard()
        const { cartId, collectionId } = await alice.cartReadyForPayment()
        const started = await alice.startSession(collectionId, { saved_card_id: card.id })
        const sessionId = started.body.payment_collection.payment_sessions[0].id
        const executions = await bank.calls(CALLS.execution)
        await bank.setFaults(fault)

        const first = await alice.call("post", `/store/carts/${cartId}/complete`)
        expect(first.body.type).not.toBe("order")
        expect(JSON.stringify(first.body)).toMatch(/We are checking your payment/)
        expect(JSON.stringify(first.body)).not.toMatch(/try again/i)
        expect(await bank.calls(CALLS.execution)).toBe(executions + 1)

        // "Place order" again: refused; a fresh session of any kind on the cart: refused by the
        // ledger while the charge is unresolved (the old session, and its charge, stay)
        const retried = await alice.call("post", `/store/carts/${cartId}/complete`)
        expect(retried.body.type).not.toBe("order")
        expect(JSON.stringify(retried.body)).toMatch(/We are checking your payment/)
        const another = await alice.startSession(collectionId, { saved_card_id: card.id })
        expect(another.status).toBe(400)
        expect(JSON.stringify(another.body)).toMatch(/We are checking your payment/)
        const fresh = await alice.call("post", `/store/carts/${cartId}/complete`)
        expect(JSON.stringify(fresh.body)).toMatch(/We are checking your payment/)
        expect(await bank.calls(CALLS.execution)).toBe(executions + 1)

        // the one charge the bank made is findable by the session id, and the admin is told
        const charged = (await bank.state()).payments.filter((p: any) => p.merchantPaymentId === sessionId)
        expect(charged).toHaveLength(1)
        const held = (await list()).find((p) => p.payment_session_id === sessionId)
        expect(held).toMatchObject({
          state: "uncertain",
          kind: "execution",
          cart_id: cartId,
          pay_id: null,
          merchant_payment_id: sessionId,
          card_mask: card.card_mask,
          actions: ["attach", "not_charged"],
        })
        expect(held?.reason).toMatch(/named no payment: check TBC's merchant dashboard/)
      }
    )
  },
})
