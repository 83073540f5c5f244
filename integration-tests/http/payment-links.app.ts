/**
 * TBC payment links (issue #34) through the Admin and Store APIs with the sandbox bank: a phone
 * order paid by its link (its web payment carries the shopper's IP; Medusa's order then owes
 * nothing; a second payment of the paid link is refused, nothing sent), a draft order paid by link (its callback lost: the lost-callback job) and
 * converted to an order, a wrong token (404 like an unknown id, nothing written), bad input (400 naming the field), an expired link (closed,
 * pay refused), an order whose owed amount changed (closed order_changed), and an order canceled
 * while its link's bank page is open (closed order_canceled; the shopper's late payment is
 * returned by the orphan policy, never the order's); the link sent by e-mail through Medusa's
 * notification module (the test app has Medusa's local provider on the e-mail channel).
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { SandboxBankControl } from "../utils/checkout-bank"
import { toTetri } from "../utils/checkout-orders"
import { SHOPPER_ADDRESS } from "../utils/checkout-store"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID, type SeededStore } from "../utils/seed-store"
import { createAdminRequestConfig, type AdminRequestConfig } from "../utils/checkout-admin"
import { waitFor } from "../utils/wait-for"
import { ledgerOf } from "../../src/modules/tbc/ledger/ledger-store"
import { TBC_MODULE, type TbcModuleService } from "../../src/modules/tbc"
import type { PaymentLinkView } from "../../src/lib/payment-links"
import { reconcilePendingPaymentsWorkflow } from "../../src/workflows/reconcile"

jest.setTimeout(180_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

/** A phone order (Medusa's createOrderWorkflow, no payment): it owes its total. */
async function phoneOrder(
  container: MedusaContainer,
  store: SeededStore,
  email: string | null = "phone@tbc-it.ge"
): Promise<string> {
  const { result } = await createOrderWorkflow(container).run({
    input: {
      region_id: store.regionId,
      sales_channel_id: store.salesChannelId,
      ...(email ? { email } : {}),
      currency_code: "gel",
      shipping_address: SHOPPER_ADDRESS,
      billing_address: SHOPPER_ADDRESS,
      items: [{ title: "Khachapuri pan", variant_id: store.variantIds[0], quantity: 2, unit_price: 49.99 }],
    },
  })
  return result.id
}

async function medusaOrder(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "status", "is_draft_order", "summary.*", "payment_collections.status"],
    filters: { id: orderId },
  })
  const order = data[0] as any
  return {
    status: order.status as string,
    is_draft_order: order.is_draft_order as boolean,
    owesTetri: toTetri(order.summary.pending_difference),
    collections: (order.payment_collections ?? []).map((pc: any) => pc.status as string),
  }
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-payment-links"),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let admin: AdminRequestConfig
    let storeHeaders: { headers: Record<string, string>; validateStatus: () => boolean }
    beforeAll(async () => {
      store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      admin = await createAdminRequestConfig(getContainer(), api)
      storeHeaders = { headers: { "x-publishable-api-key": store.publishableKey }, validateStatus: () => true }
    })
    const open = (body: Record<string, unknown>) =>
      api.post("/admin/tbc/payment-links", body, { ...admin, validateStatus: () => true })
    const links = async (orderId: string): Promise<PaymentLinkView[]> =>
      (await api.get(`/admin/tbc/payment-links?order_id=${orderId}`, admin)).data.payment_links
    const shopperView = (id: string, token: string) =>
      api.get(`/store/tbc/payment-links/${id}?token=${encodeURIComponent(token)}`, storeHeaders)
    const pay = (id: string, token: string, language?: string) =>
      api.post(`/store/tbc/payment-links/${id}/pay`, { token, ...(language ? { language } : {}) }, storeHeaders)
    const tokenOf = (link: PaymentLinkView) => new URL(link.url!).searchParams.get("token")!
    const bankPayments = async () => (await bank.state()).payments.length as number
    /** The bank's payId of the link's latest session (the ledger's charge of it). */
    const payIdOfLink = async (linkId: string): Promise<string> => {
      const tbc = getContainer().resolve<TbcModuleService>(TBC_MODULE)
      const [row] = await tbc.listPaymentLinks({ id: linkId })
      const [charge] = await ledgerOf(getContainer()).chargesOfSession(row.payment_session_id!)
      return charge.pay_id!
    }
    const statusOf = async (orderId: string, linkId: string) => (await links(orderId)).find((l) => l.id === linkId)!

    it("a phone order paid by its link owes nothing; the paid link is never paid again; a wrong token is 404 and writes nothing", async () => {
      const container = getContainer()
      const orderId = await phoneOrder(container, store)
      const owed = (await medusaOrder(container, orderId)).owesTetri
      const created = await open({ order_id: orderId })
      expect(created.status).toBe(201)
      const link: PaymentLinkView = created.data.payment_link
      expect(link).toMatchObject({ order_id: orderId, amount: owed, currency_code: "gel", status: "open" })
      expect(link.url).toMatch(/^http:\/\/localhost:8000\/pay\/tbcpl_\w+\?token=[\w-]{43}$/)
      // the token is shown once: the list has no URL, the row only its hash
      expect((await links(orderId)).map((l) => [l.id, l.url])).toEqual([[link.id, null]])
      const token = tokenOf(link)

      const paymentsBefore = await bankPayments()
      const wrong = `${token.slice(0, -2)}xx`
      const [wrongView, wrongPay, unknown] = await Promise.all([
        shopperView(link.id, wrong),
        pay(link.id, wrong),
        shopperView("tbcpl_00000000000000000000000000", token),
      ])
      expect([wrongView.status, wrongPay.status, unknown.status]).toEqual([404, 404, 404])
      expect(wrongView.data.message).toBe(unknown.data.message)
      expect(await bankPayments()).toBe(paymentsBefore)
      const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
      expect((await tbc.listPaymentLinks({ id: link.id }))[0]).toMatchObject({ payment_session_id: null })

      const view = await shopperView(link.id, token)
      expect(view.status).toBe(200)
      expect(view.data.payment_link).toMatchObject({
        id: link.id,
        status: "open",
        amount: owed,
        order: { items: [{ title: "Khachapuri pan", quantity: 2, total: 9998 }], total: owed },
      })
      const first = await pay(link.id, token, "KA")
      expect(first.status).toBe(200)
      expect(first.data.redirect_url).toMatch(/^http/)
      // the bank's page is still open: pressing pay again resumes it, no second bank payment
      const again = await pay(link.id, token)
      expect([again.status, again.data.redirect_url]).toEqual([200, first.data.redirect_url])
      expect(await bankPayments()).toBe(paymentsBefore + 1)
      const payId = await payIdOfLink(link.id)
      const sent = await bank.payment(payId)
      expect([sent.amount, sent.request?.language]).toEqual([owed / 100, "KA"])
      expect(String(sent.request?.returnurl ?? sent.request?.returnUrl)).toBe(
        `http://localhost:8000/pay/${link.id}?returned=1`
      )
      expect(JSON.stringify(sent.request)).not.toContain(token)
      // created with the shopper's IP (this test's own, over loopback), as at checkout, for the bank's fraud checks
      expect(["127.0.0.1", "::1"]).toContain(sent.request?.userIpAddress)

      await bank.pay(payId, "success")
      await waitFor(async () => (await statusOf(orderId, link.id)).status === "paid", { timeoutMs: 30_000 })
      await waitFor(async () => (await medusaOrder(container, orderId)).owesTetri === 0, { timeoutMs: 30_000 })
      expect(await medusaOrder(container, orderId)).toMatchObject({ owesTetri: 0, collections: ["completed"] })
      // the ledger records the order as the money's owner (Medusa's capture event, the link subscriber)
      await waitFor(async () => (await ledgerOf(container).byPayId(payId))?.order_id === orderId, { timeoutMs: 30_000 })
      expect(await ledgerOf(container).byPayId(payId)).toMatchObject({ state: "paid", order_id: orderId })
      expect((await tbc.listPaymentLinks({ id: link.id }))[0]).toMatchObject({ status: "paid" })

      // paid twice? the second payment is refused before anything reaches the bank
      const twice = await pay(link.id, token)
      expect(`${twice.status} ${twice.data.message}`).toBe("409 id: this link is already paid")
      expect(await bankPayments()).toBe(paymentsBefore + 1)
      // and nothing is owed, so no new link either
      const none = await open({ order_id: orderId })
      expect(`${none.status} ${none.data.message}`).toMatch(/^400 .*order_id: the order owes nothing/)
    })

    it("a draft order paid by its link, its callback lost, becomes an order through the lost-callback job, as Medusa's admin converts it", async () => {
      const container = getContainer()
      const draft = await api.post(
        "/admin/draft-orders",
        {
          email: "draft@tbc-it.ge",
          region_id: store.regionId,
          sales_channel_id: store.salesChannelId,
          items: [{ variant_id: store.variantIds[0], quantity: 1 }],
          shipping_address: SHOPPER_ADDRESS,
          billing_address: SHOPPER_ADDRESS,
        },
        admin
      )
      const draftId = draft.data.draft_order.id
      expect(await medusaOrder(container, draftId)).toMatchObject({ status: "draft", is_draft_order: true })
      const created = await open({ order_id: draftId, expires_in_hours: 24 })
      expect(created.status).toBe(201)
      const link: PaymentLinkView = created.data.payment_link
      expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBeGreaterThan(23.9 * 3600_000)
      const paid = await pay(link.id, tokenOf(link))
      expect(paid.status).toBe(200)
      // the bank's callback is lost: the lost-callback job pays the draft order (Medusa's processPaymentWorkflow)
      const payId = await payIdOfLink(link.id)
      await bank.dropCallbacks(payId)
      await bank.pay(payId, "success")
      expect(await medusaOrder(container, draftId)).toMatchObject({ is_draft_order: true })
      await reconcilePendingPaymentsWorkflow(container).run({
        input: { now: new Date(Date.now() + 20 * 60_000).toISOString() },
      })
      await waitFor(async () => !(await medusaOrder(container, draftId)).is_draft_order, { timeoutMs: 30_000 })
      expect(await medusaOrder(container, draftId)).toMatchObject({ status: "pending", owesTetri: 0 })
      expect((await statusOf(draftId, link.id)).status).toBe("paid")
    })

    it("with preauthorization switched on in the admin, a link's payment is still taken at once: the order owes nothing", async () => {
      const container = getContainer()
      const settings = (body: Record<string, unknown>) =>
        api.post("/admin/tbc/settings", { provider_id: TBC_CHECKOUT_PROVIDER_ID, ...body }, admin)
      expect((await settings({ set: { preAuth: true } })).status).toBe(200)
      try {
        const orderId = await phoneOrder(container, store)
        const link: PaymentLinkView = (await open({ order_id: orderId })).data.payment_link
        expect((await pay(link.id, tokenOf(link))).status).toBe(200)
        const payId = await payIdOfLink(link.id)
        expect((await bank.payment(payId)).preAuth).toBe(false)
        await bank.pay(payId, "success")
        await waitFor(async () => (await medusaOrder(container, orderId)).owesTetri === 0, { timeoutMs: 30_000 })
        expect(await medusaOrder(container, orderId)).toMatchObject({ collections: ["completed"] })
      } finally {
        await settings({ reset: ["preAuth"] })
      }
    })

    it("sent to the customer's e-mail: one e-mail notification through Medusa's notification module, with the URL the merchant is shown", async () => {
      const container = getContainer()
      const orderId = await phoneOrder(container, store, "nino@tbc-it.ge")
      const created = await open({ order_id: orderId, notify_customer: true, expires_in_hours: 24 })
      expect(created.status).toBe(201)
      const link: PaymentLinkView = created.data.payment_link
      expect(link.notified).toBe(true)
      const notifications = await container.resolve(Modules.NOTIFICATION).listNotifications({ to: "nino@tbc-it.ge" })
      expect(notifications).toHaveLength(1)
      expect(notifications[0]).toMatchObject({
        channel: "email",
        template: "tbc-payment-link",
        data: {
          url: link.url,
          amount: link.amount / 100,
          currency_code: "gel",
          expires_at: link.expires_at,
          display_id: link.display_id,
        },
      })
      // the list shows it was sent, never the URL again
      expect((await links(orderId)).map((l) => [l.id, l.notified, l.url])).toEqual([[link.id, true, null]])
    })

    it("bad input is refused naming the field; an expired link and an order that changed are closed and not payable", async () => {
      const container = getContainer()
      const orderId = await phoneOrder(container, store)
      const noEmail = await phoneOrder(container, store, null)
      const refusals = await Promise.all([
        open({ order_id: 5 }),
        open({ order_id: orderId, expires_in_hours: 0 }),
        open({ order_id: orderId, expires_in_hours: 721 }),
        open({ order_id: orderId, surprise: true }),
        open({ order_id: noEmail, notify_customer: true }),
      ])
      expect(refusals.map((r) => `${r.status} ${r.data.message}`)).toEqual([
        "400 Invalid body: order_id: must be a string",
        "400 Invalid body: expires_in_hours: must be at least 1",
        "400 Invalid body: expires_in_hours: must be at most 720 (30 days)",
        expect.stringMatching(/^400 Invalid body: .*surprise/),
        // (a store with no e-mail provider: "the store has no notification provider for e-mail",
        // payment-link-rules' hasEmailChannel, unit-tested; the test app has Medusa's local one)
        "400 notify_customer: the order has no e-mail address",
      ])
      expect(await links(noEmail)).toEqual([])
      expect((await open({ order_id: "order_nope" })).status).toBe(404)
      expect(await links(orderId)).toEqual([])

      // expired: the link's time is up (its row moved back), shown expired, pay refused
      const expiring: PaymentLinkView = (await open({ order_id: orderId, expires_in_hours: 1 })).data.payment_link
      const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
      await tbc.updatePaymentLinks({ id: expiring.id, expires_at: new Date(Date.now() - 1000) })
      const lapsed = await pay(expiring.id, tokenOf(expiring))
      expect(`${lapsed.status} ${lapsed.data.message}`).toBe("409 id: this link has expired")
      expect(await statusOf(orderId, expiring.id)).toMatchObject({ status: "expired", closed_reason: "expired" })

      // a new link replaces an open one; then the order changes (an item added): closed order_changed
      const older: PaymentLinkView = (await open({ order_id: orderId })).data.payment_link
      const link: PaymentLinkView = (await open({ order_id: orderId })).data.payment_link
      expect(await statusOf(orderId, older.id)).toMatchObject({ status: "closed", closed_reason: "merchant" })
      expect((await pay(older.id, tokenOf(older))).status).toBe(409)
      await api.post("/admin/order-edits", { order_id: orderId }, admin)
      await api.post(
        `/admin/order-edits/${orderId}/items`,
        { items: [{ variant_id: store.variantIds[0], quantity: 1 }] },
        admin
      )
      await api.post(`/admin/order-edits/${orderId}/confirm`, {}, admin)
      const changed = await pay(link.id, tokenOf(link))
      expect(changed.status).toBe(409)
      expect(await statusOf(orderId, link.id)).toMatchObject({ status: "closed", closed_reason: "order_changed" })
      // the merchant's new link asks for the new amount
      const fresh: PaymentLinkView = (await open({ order_id: orderId })).data.payment_link
      expect(fresh.amount).toBe((await medusaOrder(container, orderId)).owesTetri)
      expect(fresh.amount).toBeGreaterThan(link.amount)
      // closing is idempotent
      const closes = [
        await api.post(`/admin/tbc/payment-links/${fresh.id}/close`, {}, admin),
        await api.post(`/admin/tbc/payment-links/${fresh.id}/close`, {}, admin),
      ]
      expect(closes.map((c) => [c.data.payment_link.status, c.data.payment_link.closed_reason])).toEqual([
        ["closed", "merchant"],
        ["closed", "merchant"],
      ])
    })

    it("an order canceled while its link's bank page is open: the link closes, and the late payment is returned, never the order's", async () => {
      const container = getContainer()
      const orderId = await phoneOrder(container, store)
      const link: PaymentLinkView = (await open({ order_id: orderId })).data.payment_link
      expect((await pay(link.id, tokenOf(link))).status).toBe(200)
      const payId = await payIdOfLink(link.id)
      expect((await bank.payment(payId)).status).toBe("Created")

      const canceled = await api.post(`/admin/orders/${orderId}/cancel`, {}, { ...admin, validateStatus: () => true })
      expect(canceled.status).toBe(200)
      await waitFor(async () => (await statusOf(orderId, link.id)).status === "closed", { timeoutMs: 30_000 })
      expect(await statusOf(orderId, link.id)).toMatchObject({ closed_reason: "order_canceled" })
      const refused = await pay(link.id, tokenOf(link))
      expect(refused.status).toBe(409)

      // the shopper still pays on the bank's page: its session is gone, the orphan policy returns the money
      await bank.pay(payId, "success")
      // the ledger records the return after the bank's answer: wait for the ledger, then check the bank
      await waitFor(async () => (await ledgerOf(container).byPayId(payId))?.orphan_action === "refunded", {
        timeoutMs: 60_000,
      })
      expect(await ledgerOf(container).byPayId(payId)).toMatchObject({ state: "returned", orphan_action: "refunded" })
      expect((await bank.payment(payId)).status).toBe("Returned")
      expect(await medusaOrder(container, orderId)).toMatchObject({ status: "canceled" })
    })
  },
})
