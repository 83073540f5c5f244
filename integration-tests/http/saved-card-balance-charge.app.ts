/**
 * The store charges a customer's saved card for what an order owes (merchant-initiated), through
 * the Admin API with the sandbox bank: the whole balance and less (Medusa's order then owes what
 * is left, its payments captured); more than owed, a card saved without the customer's consent, an
 * order that owes nothing: refused naming why, nothing sent; a 5xx after the bank charged:
 * uncertain, listed, never sent again, and resolved once the payId is known; a second press while
 * the first is under way: refused. The order is a phone order (Medusa's createOrderWorkflow, no
 * payment): it owes its total.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { SandboxBankControl } from "../utils/checkout-bank"
import { toTetri } from "../utils/checkout-orders"
import {
  SAVED_CARD_CALLS as CALLS,
  firstOrderSavesCard,
  savedCardCastForSuite,
  type SavedCardCast,
} from "../utils/saved-cards-shopper"
import { SHOPPER_ADDRESS } from "../utils/checkout-store"
import { createAdminRequestConfig, type AdminRequestConfig } from "../utils/checkout-admin"
import type { AttentionEntryView } from "../../src/lib/ledger/attention-view"
import { reconcilePendingPaymentsWorkflow } from "../../src/workflows/reconcile"

jest.setTimeout(180_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)
const CONSENT = { merchant_charges_consent: { accepted: true, words_version: "2026-12", locale: "ka" } }

/** A phone order for the customer (no payment): it owes its total. */
async function phoneOrder(container: MedusaContainer, cast: SavedCardCast): Promise<string> {
  const { result } = await createOrderWorkflow(container).run({
    input: {
      region_id: cast.store.regionId,
      sales_channel_id: cast.store.salesChannelId,
      customer_id: cast.store.customer.id,
      email: cast.store.customer.email,
      currency_code: "gel",
      shipping_address: SHOPPER_ADDRESS,
      billing_address: SHOPPER_ADDRESS,
      items: [{ title: "Khachapuri pan", variant_id: cast.store.variantIds[0], quantity: 2, unit_price: 49.99 }],
    },
  })
  return result.id
}

/** What the order owes and its payments, as Medusa's own order shows them. */
async function medusaOrder(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "summary.*", "payment_collections.status", "payment_collections.payments.captures.amount"],
    filters: { id: orderId },
  })
  const order = data[0] as any
  return {
    owesTetri: toTetri(order.summary.pending_difference),
    collections: (order.payment_collections ?? []).map((pc: any) => ({
      status: pc.status,
      capturedTetri: (pc.payments ?? []).flatMap((p: any) => p.captures.map((c: any) => toTetri(c.amount))),
    })),
  }
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-balance-charge"),
  testSuite: ({ api, getContainer }) => {
    // Alice's first order's cart prepared; the admin made once too (its token holds no database state)
    const cast = savedCardCastForSuite(api, getContainer, { aliceCarts: 1 })
    let admin: AdminRequestConfig
    beforeAll(async () => {
      admin = await createAdminRequestConfig(getContainer(), api)
    })
    const charge = (orderId: string, body: Record<string, unknown>) =>
      api.post(`/admin/tbc/orders/${orderId}/saved-card-charge`, body, { ...admin, validateStatus: () => true })
    const view = async (orderId: string) =>
      (await api.get(`/admin/tbc/orders/${orderId}/saved-card-charge`, admin)).data
    const executions = async () => (await bank.state()).payments.filter((p: any) => p.paymentMethod === 11)

    it("charges less, then the rest: Medusa's order owes nothing; more than owed is refused, nothing sent", async () => {
      const container = getContainer()
      const { card } = await firstOrderSavesCard(cast.alice, bank, CONSENT)
      const orderId = await phoneOrder(container, cast)
      const before = await view(orderId)
      expect(before.cards).toEqual([
        expect.objectContaining({ id: card.id, merchant_charges_consent_at: expect.any(String), usable: true }),
      ])
      const owed = toTetri(before.outstanding_amount)
      expect(owed).toBeGreaterThan(1000)
      const sent = await bank.calls(CALLS.execution)

      const part = await charge(orderId, { saved_card_id: card.id, amount: "10.00" })
      expect(part.status).toBe(200)
      expect(part.data).toMatchObject({ outcome: "charged", amount: 10, payment_id: expect.stringMatching(/^pay_/) })
      expect(toTetri(part.data.balance.outstanding_amount)).toBe(owed - 1000)

      const tooMuch = await charge(orderId, { saved_card_id: card.id, amount: owed })
      expect(`${tooMuch.status} ${tooMuch.data.message}`).toMatch(
        /^400 amount: .* is more than the .* GEL the order owes/
      )
      expect(await bank.calls(CALLS.execution)).toBe(sent + 1)

      const rest = await charge(orderId, { saved_card_id: card.id })
      expect(rest.status).toBe(200)
      expect(toTetri(rest.data.amount)).toBe(owed - 1000)
      expect(await medusaOrder(container, orderId)).toEqual({
        owesTetri: 0,
        collections: expect.arrayContaining([
          { status: "completed", capturedTetri: [1000] },
          { status: "completed", capturedTetri: [owed - 1000] },
        ]),
      })
      const again = await charge(orderId, { saved_card_id: card.id })
      expect(`${again.status} ${again.data.message}`).toBe("400 id: the order owes nothing")
      // TBC's documented request: initiator "merchant", taken at once (no hold)
      const mine = (await executions()).slice(-2)
      expect(mine.map((p: any) => [p.initiator, p.preAuth, p.status])).toEqual([
        ["merchant", false, "Succeeded"],
        ["merchant", false, "Succeeded"],
      ])
      expect(await bank.calls(CALLS.execution)).toBe(sent + 2)
    })

    it("a card saved without the consent to charges by the store is refused, naming why; nothing is sent", async () => {
      const { card } = await firstOrderSavesCard(cast.alice, bank)
      const orderId = await phoneOrder(getContainer(), cast)
      expect((await view(orderId)).cards).toEqual([expect.objectContaining({ merchant_charges_consent_at: null })])
      const sent = await bank.calls(CALLS.execution)
      const refused = await charge(orderId, { saved_card_id: card.id })
      expect(`${refused.status} ${refused.data.message}`).toMatch(
        /^400 saved_card_id: the customer did not agree to charges by the store/
      )
      expect(await bank.calls(CALLS.execution)).toBe(sent)
      expect((await medusaOrder(getContainer(), orderId)).collections).toEqual([])
    })

    it("a 5xx after the bank charged: uncertain, listed, never sent again; the payId resolves it into the order", async () => {
      const container = getContainer()
      const list = async (): Promise<AttentionEntryView[]> =>
        (await api.get("/admin/tbc/payments/attention?limit=50", admin)).data.entries
      const { card } = await firstOrderSavesCard(cast.alice, bank, CONSENT)
      const orderId = await phoneOrder(container, cast)
      const owed = toTetri((await view(orderId)).outstanding_amount)
      const sent = await bank.calls(CALLS.execution)
      await bank.setFaults({ failNext: { count: 1, status: 502, path: CALLS.execution, afterProcessing: true } })

      const first = await charge(orderId, { saved_card_id: card.id })
      expect(first.status).toBe(200)
      expect(first.data).toMatchObject({ outcome: "uncertain", payment_id: null })
      expect(first.data.balance.unresolved).toEqual([expect.objectContaining({ id: first.data.entry_id })])
      const listed = (await list()).find((entry) => entry.id === first.data.entry_id)
      expect(listed).toMatchObject({ kind: "execution", state: "uncertain", pay_id: null, card_mask: card.card_mask })

      const retried = await charge(orderId, { saved_card_id: card.id })
      expect(`${retried.status} ${retried.data.message}`).toMatch(/^409 id: an earlier charge .* is never sent again/)
      expect(await bank.calls(CALLS.execution)).toBe(sent + 1)

      // the payId TBC's dashboard shows for the session: attached, read at the bank; the job places it
      const [taken] = (await executions()).filter((p: any) => p.merchantPaymentId === first.data.session_id)
      const attached = await api.post(
        `/admin/tbc/ledger/${first.data.entry_id}/attach-pay-id`,
        { pay_id: taken.payId },
        admin
      )
      expect(attached.status).toBe(200)
      await reconcilePendingPaymentsWorkflow(container).run({
        input: { now: new Date(Date.now() + 20 * 60_000).toISOString() },
      })
      expect(await medusaOrder(container, orderId)).toEqual({
        owesTetri: 0,
        collections: [{ status: "completed", capturedTetri: [owed] }],
      })
      expect((await list()).find((entry) => entry.id === first.data.entry_id)).toBeUndefined()
      expect(await bank.calls(CALLS.execution)).toBe(sent + 1)
    })

    it("a second press while the first is under way is refused; the card is charged once", async () => {
      const container = getContainer()
      const { card } = await firstOrderSavesCard(cast.alice, bank, CONSENT)
      const orderId = await phoneOrder(container, cast)
      const sent = await bank.calls(CALLS.execution)
      await bank.setFaults({ latencyMs: 1500 })
      const both = await Promise.all([
        charge(orderId, { saved_card_id: card.id }),
        charge(orderId, { saved_card_id: card.id }),
      ])
      await bank.setFaults({ latencyMs: 0 })
      expect(both.map((r) => r.status).sort()).toEqual([200, 409])
      expect(both.find((r) => r.status === 409)?.data.message).toMatch(
        /^id: a charge of this order's saved card is already under way/
      )
      expect(await bank.calls(CALLS.execution)).toBe(sent + 1)
      expect((await medusaOrder(container, orderId)).owesTetri).toBe(0)
    })
  },
})
