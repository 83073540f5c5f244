/**
 * Settings → TBC Bank's attention list and the admin's actions on an unresolved ledger entry,
 * against the real app, PostgreSQL and the sandbox bank with its faults: a saved-card execution
 * answered 502 after the bank charged is listed with what is known; the admin attaches the payId
 * from the bank (refused for an unknown payId, another entry's, or another amount), re-checks it
 * and, once no order can own the money, refunds it; an execution that never reached the bank is
 * marked "not charged" and the shopper pays again. Every action is audited in tbc_ledger_event as
 * `admin:<user id>`; store customers and anonymous callers get 401. What a process left `sending`
 * when it died mid-call (a hosted page, a completion) is listed once no longer in flight, and a
 * re-check settles the completion; a refund is re-checked by what the bank returned since it was
 * opened (its baseline), not by the payment's totals.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { BANK_CALLS, SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder, toTetri } from "../utils/checkout-orders"
import { paidOrderOf } from "./admin-paid-order"
import { createAdminRequestConfig, type AdminRequestConfig } from "../utils/checkout-admin"
import { SAVED_CARD_CALLS as CALLS, Shopper, aliceForSuite, firstOrderSavesCard } from "../utils/saved-cards-shopper"
import { StoreCheckout } from "../utils/checkout-store"
import { ledgerOf } from "../utils/tbc-payments"
import { operationSeed } from "../../src/modules/tbc/ledger/ledger-store"
import type { AttentionEntryView } from "../../src/lib/ledger/attention-view"

jest.setTimeout(120_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)
const CHECKING = /we are checking your payment/i

interface Answer {
  status: number
  body: any
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-ledger-admin"),
  testSuite: ({ api, getContainer }) => {
    /** The test admin's requests and user id (what the audit trail must name). */
    async function asAdmin(container: MedusaContainer) {
      const headers = await createAdminRequestConfig(container, api)
      const [user] = await container.resolve(Modules.USER).listUsers({ email: "admin@tbc-it.ge" })
      return { headers, actor: `admin:${user.id}` }
    }
    // once per suite (the runner restores that database before each test; the admin's token holds
    // no database state): the admin, the store, Alice's login and carts (her first order's and her
    // saved card's, for the two unresolved executions), the guest cart of the refund test
    let admin: Awaited<ReturnType<typeof asAdmin>>
    beforeAll(async () => {
      admin = await asAdmin(getContainer())
    })
    const suite = aliceForSuite(api, getContainer, { aliceCarts: 2, guestCarts: [[1, 1]] })

    const post = (path: string, body: unknown, config?: AdminRequestConfig): Promise<Answer> =>
      api
        .post(path, body, { ...config, validateStatus: () => true })
        .then((r: { status: number; data: unknown }) => ({ status: r.status, body: r.data }))

    const listed = async (headers: AdminRequestConfig): Promise<AttentionEntryView[]> =>
      (await api.get("/admin/tbc/payments/attention?limit=50", headers)).data.entries

    /**
     * Alice (card saved by her first order) at "Place order" of a second cart with a saved-card
     * session; the bank's callbacks are lost. `fault` hits the execution: after processing = the
     * bank charged and the answer was lost; before = the bank never saw it.
     */
    async function unresolvedExecution(afterProcessing: boolean) {
      const token = suite.aliceToken
      const alice = new Shopper(api, suite.store, token, [])
      const { card } = await firstOrderSavesCard(alice, bank)
      await bank.dropCallbacks()
      const { cartId, collectionId, total } = await alice.cartReadyForPayment()
      const started = await alice.startSession(collectionId, { saved_card_id: card.id })
      expect(started.status).toBe(200)
      const sessionId: string = started.body.payment_collection.payment_sessions[0].id
      const executions = await bank.calls(CALLS.execution)
      await bank.setFaults({ failNext: { count: 1, status: 502, path: CALLS.execution, afterProcessing } })
      const first = await alice.call("post", `/store/carts/${cartId}/complete`)
      expect(JSON.stringify(first.body)).toMatch(CHECKING)
      expect(await bank.calls(CALLS.execution)).toBe(executions + 1)
      const charges = (await bank.state()).payments.filter((p: any) => p.merchantPaymentId === sessionId)
      return { alice, token, card, cartId, collectionId, total, sessionId, charges }
    }

    it("lists an uncertain saved-card charge with what is known; the admin attaches its payId, re-checks and refunds it; audited", async () => {
      const container = getContainer()
      const { headers, actor } = admin
      const { card, cartId, total, sessionId, charges } = await unresolvedExecution(true)
      expect(charges.map((c: any) => c.status)).toEqual(["Succeeded"])
      const payId: string = charges[0].payId

      const entry = (await listed(headers)).find((e) => e.merchant_payment_id === sessionId)
      expect(entry).toMatchObject({
        kind: "execution",
        state: "uncertain",
        provider_id: TBC_CHECKOUT_PROVIDER_ID,
        amount: toTetri(total),
        currency: expect.stringMatching(/^gel$/i),
        card_mask: card.card_mask,
        pay_id: null,
        cart_id: cartId,
        payment_session_id: sessionId,
        reason: "the bank's answer could not be read and it named no payment: check TBC's merchant dashboard",
        actions: ["attach", "not_charged"],
      })
      const at = (action: string) => `/admin/tbc/ledger/${entry!.id}/${action}`

      // refusals: each names its field or rule, and nothing moves
      const refusals = {
        recheck: await post(at("recheck"), {}, headers),
        release: await post(at("release"), {}, headers),
        noPayId: await post(at("attach-pay-id"), {}, headers),
        badPayId: await post(at("attach-pay-id"), { pay_id: "not a pay id!" }, headers),
        unknownPayId: await post(at("attach-pay-id"), { pay_id: "nosuchpayment0000" }, headers),
        unknownEntry: await post("/admin/tbc/ledger/tbcpay_NOSUCHENTRY/recheck", {}, headers),
        badEntryId: await post("/admin/tbc/ledger/order_1/recheck", {}, headers),
        extraKey: await post(at("recheck"), { force: true }, headers),
      }
      expect(
        Object.fromEntries(Object.entries(refusals).map(([k, v]) => [k, `${v.status} ${v.body.message}`]))
      ).toEqual({
        recheck: expect.stringMatching(
          /^409 Cannot re-check entry .*: the entry names no bank payment: attach its payId/
        ),
        release: expect.stringMatching(/^409 Cannot release or refund entry .*: the bank holds no money/),
        noPayId: expect.stringMatching(/^400 .*pay_id: is required/),
        badPayId: expect.stringMatching(/^400 .*pay_id: must be a payId as TBC's dashboard shows it/),
        unknownPayId: "400 pay_id: the bank knows no payment nosuchpayment0000",
        unknownEntry: "404 Ledger entry tbcpay_NOSUCHENTRY was not found",
        badEntryId: expect.stringMatching(/^400 .*id: must be a ledger entry id/),
        extraKey: expect.stringMatching(/^400 /),
      })
      // another payment at the bank: another amount, or a payId the ledger gives another entry
      const other = await bank.paidPaymentOfAnotherStore({ total: total + 1, merchantPaymentId: "elsewhere-1" })
      const wrongAmount = await post(at("attach-pay-id"), { pay_id: other.payId }, headers)
      expect(wrongAmount.status).toBe(409)
      expect(wrongAmount.body.message).toMatch(/is not this entry's: the bank's payment is for .*, the entry for/)
      const firstOrderPayId: string = (await bank.state()).savedCards[0].payId
      const taken = await post(at("attach-pay-id"), { pay_id: firstOrderPayId }, headers)
      expect(`${taken.status} ${taken.body.message}`).toMatch(/^409 pay_id: payment .* already belongs to ledger entry/)
      expect(await ledgerOf(container).byId(entry!.id)).toMatchObject({ state: "uncertain", pay_id: null })

      // the payId the merchant dashboard shows for the merchantPaymentId: attached, read, paid
      const attached = await post(at("attach-pay-id"), { pay_id: payId }, headers)
      expect(attached.status).toBe(200)
      expect(attached.body).toMatchObject({
        listed: false,
        entry: { id: entry!.id, state: "paid", pay_id: payId, bank_status: "Succeeded", reason: null, actions: [] },
        done: `Payment ${payId} attached; the bank shows it as Succeeded.`,
        next: expect.stringMatching(/the order is placed on the next reconcile run/),
      })
      expect((await listed(headers)).find((e) => e.id === entry!.id)).toBeUndefined()
      expect((await post(at("attach-pay-id"), { pay_id: payId }, headers)).status).toBe(409)

      // the order cannot be placed (the job recorded a permanent refusal): listed again, with its money
      const ledger = ledgerOf(container)
      await ledger.recordCompletionFailure(entry!.id, { kind: "permanent", reason: "sold out" }, "job:test")
      expect((await listed(headers)).find((e) => e.id === entry!.id)).toMatchObject({
        reason: "money at the bank, the order could not be placed",
        actions: ["recheck", "release"],
      })
      const rechecked = await post(at("recheck"), {}, headers)
      expect(rechecked.body).toMatchObject({ listed: true, done: `The bank shows payment ${payId} as Succeeded.` })
      const refundsBefore = await bank.calls(BANK_CALLS.cancel)
      // two admins press "Release" at once while the bank is slow: the charge's lock serves them one
      // after the other, so the second decides on what the first left (never "being acted on")
      await bank.setFaults({ latencyMs: 300 })
      const [released, second] = (
        await Promise.all([post(at("release"), {}, headers), post(at("release"), {}, headers)])
      ).sort((a, b) => a.status - b.status)
      await bank.setFaults({ latencyMs: 0 })
      expect(`${second.status} ${second.body.code}`).toBe("409 tbc_ledger_action_refused")
      expect(released.status).toBe(200)
      expect(released.body).toMatchObject({
        listed: false,
        entry: { state: "returned", orphan_action: "refunded" },
        done: expect.stringMatching(/^The money was returned to the card\./),
      })
      expect((await bank.payment(payId)).status).toBe("Returned")
      expect((await post(at("release"), {}, headers)).status).toBe(409)
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(refundsBefore + 1)

      // who did what, in order
      const trail = (await ledger.events(entry!.id)).map((e) => [e.event, e.from_state, e.to_state, e.actor, e.note])
      expect(trail.filter(([, , , who]) => who === actor)).toEqual([
        ["admin_attach_pay_id", "uncertain", "uncertain", actor, payId],
        ["bank_status", "uncertain", "paid", actor, "Succeeded"],
        ["admin_recheck", "paid", "paid", actor, "Succeeded"],
        // the release's claim: in the ledger's compare-and-set, so no order can be placed from it meanwhile
        ["orphan_claim", "paid", "paid", actor, null],
        ["bank_status", "paid", "returned", actor, "Returned"],
        ["orphan_refunded", "returned", "returned", actor, null],
      ])

      // money an order owns is never released from here (the first order's payment)
      const owned = (await ledger.byPayId(firstOrderPayId))!
      await ledger.recordCompletionFailure(owned.id, { kind: "permanent", reason: "listed for the test" }, "job:test")
      const refusedRelease = await post(`/admin/tbc/ledger/${owned.id}/release`, {}, headers)
      expect(`${refusedRelease.status} ${refusedRelease.body.message}`).toMatch(
        // an order owns it: the ledger knows (order.placed recorded it), or Medusa's payment says so
        /^409 Cannot release or refund entry .*: (Medusa payment pay_\w+ was made from it: an order owns this money|the entry needs no action \(state paid, .*\))$/
      )
      expect((await bank.payment(firstOrderPayId)).status).toBe("Succeeded")
    })

    it("marks an execution the bank never saw 'not charged' (reason required, audited); the shopper pays again; non-admins get 401", async () => {
      const container = getContainer()
      const { headers, actor } = admin
      const { alice, token, card, cartId, collectionId, sessionId, charges } = await unresolvedExecution(false)
      expect(charges).toEqual([])
      const entry = (await listed(headers)).find((e) => e.merchant_payment_id === sessionId)!
      expect(entry).toMatchObject({ state: "uncertain", pay_id: null, actions: ["attach", "not_charged"] })
      const at = (action: string) => `/admin/tbc/ledger/${entry.id}/${action}`

      // only an admin: anonymous callers and store customers are refused before anything is read
      const customer: AdminRequestConfig = { headers: { authorization: `Bearer ${token}` } }
      for (const path of ["recheck", "attach-pay-id", "not-charged", "release"].map(at)) {
        expect([path, (await post(path, { reason: "x" })).status]).toEqual([path, 401])
        expect([path, (await post(path, { reason: "x" }, customer)).status]).toEqual([path, 401])
      }
      const anonymousList = await api.get("/admin/tbc/payments/attention", { validateStatus: () => true })
      expect(anonymousList.status).toBe(401)

      const noReason = await post(at("not-charged"), { reason: " " }, headers)
      expect(`${noReason.status} ${noReason.body.message}`).toMatch(/^400 .*reason: must say why/)
      const reason = "Not in TBC's merchant dashboard for this merchantPaymentId"
      const marked = await post(at("not-charged"), { reason }, headers)
      expect(marked.status).toBe(200)
      expect(marked.body).toMatchObject({
        listed: false,
        entry: { state: "refused", state_by: actor, state_reason: reason },
        done: "Marked not charged; your reason is kept in its record.",
      })
      const again = await post(at("not-charged"), { reason }, headers)
      expect(`${again.status} ${again.body.message}`).toMatch(/^409 .*needs no action \(state refused\)/)
      expect((await ledgerOf(container).events(entry.id)).filter((e) => e.actor === actor)).toEqual([
        expect.objectContaining({
          event: "admin_not_charged",
          from_state: "uncertain",
          to_state: "refused",
          note: reason,
        }),
      ])

      // off the attention list, its history stays in the admin's view: who decided what and why
      const history = await api.get("/admin/tbc/ledger-history?limit=20", headers)
      const kept = history.data.entries.find((e: { id: string }) => e.id === entry.id)
      expect(kept).toMatchObject({ state: "refused", listed: false, amount: entry.amount })
      expect(kept.events.at(-1)).toMatchObject({
        event: "admin_not_charged",
        from_state: "uncertain",
        to_state: "refused",
        actor,
        actor_email: "admin@tbc-it.ge",
        note: reason,
      })
      expect(kept.events[0]).toMatchObject({ event: "opened" })
      const anonymousHistory = await api.get("/admin/tbc/ledger-history", { validateStatus: () => true })
      expect(anonymousHistory.status).toBe(401)

      // nothing was charged, so the cart may be paid: a fresh saved-card session places the order
      expect((await alice.startSession(collectionId, { saved_card_id: card.id })).status).toBe(200)
      const completed = await alice.call("post", `/store/carts/${cartId}/complete`)
      expect(completed.body.type).toBe("order")
      expect((await listed(headers)).filter((e) => e.cart_id === cartId)).toEqual([])
    })

    it("lists what stopped mid-call once it is no longer in flight: a hosted page never answered, and a completion the admin re-checks", async () => {
      const container = getContainer()
      const { headers } = admin
      const ledger = ledgerOf(container)
      const [payId] = await bank.unpaidPayments(1, 25)
      await bank.pay(payId, "success")
      const seed = (n: number) => ({
        provider_id: TBC_CHECKOUT_PROVIDER_ID,
        payment_session_id: `payses_MIDCALL${n}`,
        cart_id: `cart_MIDCALL${n}`,
        amount: 2_500,
        currency: "GEL",
      })
      const charge = await ledger.open({ ...seed(1), kind: "web", pay_id: payId, state: "paid" }, "test")
      const completion = await ledger.open(operationSeed(charge, "completion", 2_500), "test")
      const hosted = await ledger.open({ ...seed(2), kind: "web" }, "test")
      const shown = async () => new Map((await listed(headers)).map((e) => [e.id, e]))
      // just opened: in flight, not the admin's business yet
      expect([...(await shown()).keys()]).not.toEqual(expect.arrayContaining([completion.id]))
      expect([...(await shown()).keys()]).not.toEqual(expect.arrayContaining([hosted.id]))

      await container
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(`update tbc_payment set created_at = created_at - interval '3 minutes' where id in (?, ?)`, [
          completion.id,
          hosted.id,
        ])
      const list = await shown()
      expect(list.get(completion.id)).toMatchObject({
        reason: "sent to the bank, no answer recorded: re-check it at the bank",
        actions: ["recheck", "not_charged"],
      })
      expect(list.get(hosted.id)?.reason).toBe("sent to the bank, no answer recorded: check TBC's merchant dashboard")

      const rechecked = await post(`/admin/tbc/ledger/${completion.id}/recheck`, {}, headers)
      expect([rechecked.status, rechecked.body.listed]).toEqual([200, false])
      expect((await ledger.byId(completion.id))?.state).toBe("done")
    })

    it("re-checks a refund by what the bank returned since it was opened: one the bank never carried out stays listed", async () => {
      const container = getContainer()
      const { headers } = admin
      const { orderId, payId, total } = await paidOrderOf(new StoreCheckout(api, suite.store), bank, [1, 1])
      const paymentId = onlyPayment(await readOrder(container, orderId)).id
      const totalTetri = toTetri(total)
      const half = Math.floor(totalTetri / 2)
      const third = Math.floor(totalTetri / 3)
      const refund = (tetri: number) => post(`/admin/payments/${paymentId}/refund`, { amount: tetri / 100 }, headers)
      expect((await refund(half)).status).toBe(200)
      await bank.advanceClockDays(1) // the bank allows one partial return a day
      // the second refund is answered 502 and the bank does not act (every retry too)
      await bank.setFaults({ failNext: { count: 10, status: 502, path: `POST /v1/tpay/payments/${payId}/cancel` } })
      const lost = await refund(third)
      await bank.setFaults({ reset: true })
      expect(lost.status).toBeGreaterThanOrEqual(400)
      expect(toTetri((await bank.payment(payId)).returnedAmount)).toBe(half)
      const ledger = ledgerOf(container)
      const ops = await ledger.operationsOf((await ledger.byPayId(payId))!.id)
      const second = ops.find((op) => op.kind === "refund" && op.amount === third)!
      expect([second.state, second.baseline_returned]).toEqual(["uncertain", half])

      const rechecked = await post(`/admin/tbc/ledger/${second.id}/recheck`, {}, headers)

      // the payment's total returned (half) covers a third, but none of it came back since
      expect(rechecked.status).toBe(409)
      expect(rechecked.body.message).toContain("which does not show this refund")
      expect((await ledger.byId(second.id))?.state).toBe("uncertain")
      expect((await listed(headers)).map((e) => e.id)).toContain(second.id)
    })
  },
})
