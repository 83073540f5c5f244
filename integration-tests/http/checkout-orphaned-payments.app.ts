/**
 * Orphaned money (issue 13 §1): Medusa deletes a cart's payment sessions when its total changes
 * (an item added in another tab) — also after the shopper already paid at the bank, or while the
 * shopper is still on the bank's page. Then:
 * - the bank's genuine callback for that payment must never reach processPaymentWorkflow (which
 *   looked carts up with no collection and completed ANOTHER shopper's cart): logged session_gone;
 * - the money is returned under the default orphan policy "refund", recorded, listed for the admin;
 * - the shopper can still pay the changed cart and gets exactly one order.
 * Callbacks are the sandbox's own (signed URL the provider gave the bank).
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { BANK_CALLS, payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, readOrder, onlyPayment, waitForOrderOfCart } from "../utils/checkout-orders"
import { holdBankCallback, waitForCallbackResults } from "../utils/checkout-callbacks"
import { attentionList, ledgerOf, waitForOrphanAction } from "../utils/tbc-payments"
import { reconcilePendingPaymentsWorkflow, sweepOrphanedPaymentsWorkflow } from "../../src/workflows/reconcile"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { LedgerStore } from "../../src/modules/tbc/ledger/ledger-store"
import { PaymentBookkeeping } from "../../src/providers/tbc-checkout/ledger/bookkeeping"
import { ORPHANS_GROUP_ENV } from "./app-group-env"
import { waitFor } from "../utils/wait-for"

jest.setTimeout(180_000)

// taken money (no preauth); a short grace so the orphan check follows the deletion quickly
const app = startSandboxForApp({}, ORPHANS_GROUP_ENV)
const bank = new SandboxBankControl(() => app.sandboxUrl)
const MANUAL_PROVIDER_ID = "pp_system_default"

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-orphaned-payments"),
  testSuite: ({ api, getContainer }) => {
    beforeEach(() => bank.setFaults({ reset: true }))

    async function openStore() {
      const store = await seedStore(getContainer(), {
        paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID, MANUAL_PROVIDER_ID],
      })
      const shop = new StoreCheckout(api, store)
      // another shopper's unfinished cart with a manual-payment session: must stay a cart
      const decoy = await shop.createCartReadyForPayment([1], "decoy@tbc-it.ge")
      await shop.startPaymentSession(decoy.cartId, { providerId: MANUAL_PROVIDER_ID })
      return { shop, decoyCartId: decoy.cartId }
    }

    async function expectCartStillOpen(cartId: string) {
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()
    }

    it("refunds money taken for a session the cart change deleted, completes no cart, and the shopper pays the new cart", async () => {
      const list = await attentionList(getContainer(), api)
      const { shop, decoyCartId } = await openStore()
      const { cartId, total } = await shop.createCartReadyForPayment([1])
      const { session } = await shop.startPaymentSession(cartId)
      const payId = payIdOf(session)

      // the bank's callback comes a little late; meanwhile the shopper adds an item in another tab
      const callback = await holdBankCallback(bank, () => app.appUrl, payId)
      await bank.pay(payId, "success")
      expect((await bank.payment(payId)).status).toBe("Succeeded")
      const changed = await shop.addItem(cartId, 0, 1)
      expect(changed.total).toBeGreaterThan(total)
      expect(await shop.sessionsOf(cartId)).toEqual([])
      expect(await callback.deliver()).toBe(200) // the bank's callback, after the cart change

      // the money goes back in full, once, and the admin sees what was done
      const recorded = await waitForOrphanAction(getContainer(), payId)
      expect(recorded).toMatchObject({
        orphan_action: "refunded",
        orphan_amount: Math.round(total * 100),
        cart_id: cartId,
      })
      expect((await bank.payment(payId)).status).toBe("Returned")
      const logs = await waitForCallbackResults(getContainer(), 1)
      expect(logs.find((row) => row.pay_id === payId)?.result).toBe("session_gone")
      await new Promise((resolve) => setTimeout(resolve, 1_500)) // what the callback started has settled
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(1)
      await expectCartStillOpen(cartId)
      await expectCartStillOpen(decoyCartId)

      // the shopper pays the changed cart: one order, paid by the new payment
      const again = await shop.startPaymentSession(cartId)
      const newPayId = payIdOf(again.session)
      expect(newPayId).not.toBe(payId)
      await bank.pay(newPayId, "success")
      const orderId = await waitForOrderOfCart(getContainer(), cartId)
      expect(onlyPayment(await readOrder(getContainer(), orderId)).data).toMatchObject({ payId: newPayId })
      expect((await bank.payment(newPayId)).status).toBe("Succeeded")
      await expectCartStillOpen(decoyCartId)
      // the returned money needs no decision: the admin's list does not show it
      expect((await list()).filter((p) => p.pay_id === payId)).toHaveLength(0)
      expect(await ledgerOf(getContainer()).byPayId(payId)).toMatchObject({
        state: "returned",
        orphan_action: "refunded",
      })
    })

    it("acts when the shopper pays after the session was deleted: by the callback, or by the sweep when the callback is lost", async () => {
      const list = await attentionList(getContainer(), api)
      const { shop, decoyCartId } = await openStore()

      // (a) deleted while on the bank's page, paid afterwards, the callback arrives
      const first = await shop.createCartReadyForPayment([1], "late@tbc-it.ge")
      const late = payIdOf((await shop.startPaymentSession(first.cartId)).session)
      await shop.addItem(first.cartId, 0, 1)
      await new Promise((resolve) => setTimeout(resolve, 2_000)) // the deletion's orphan check found nothing to do
      expect((await bank.payment(late)).status).toBe("Created")
      await bank.pay(late, "success")
      expect(await waitForOrphanAction(getContainer(), late)).toMatchObject({
        orphan_action: "refunded",
        orphan_amount: Math.round(first.total * 100),
      })
      expect((await bank.payment(late)).status).toBe("Returned")

      // (b) the same, but the bank's callback is lost: the reconcile job's sweep finds it
      const second = await shop.createCartReadyForPayment([2], "lost@tbc-it.ge")
      const lost = payIdOf((await shop.startPaymentSession(second.cartId)).session)
      await shop.addItem(second.cartId, 0, 1)
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      await bank.dropCallbacks(lost)
      await bank.pay(lost, "success")
      const { result } = await sweepOrphanedPaymentsWorkflow(getContainer()).run({ input: {} })
      expect(result).toEqual(expect.arrayContaining([{ pay_id: lost, outcome: "refunded" }]))
      expect((await bank.payment(lost)).status).toBe("Returned")
      // a second sweep finds nothing more to do: never refunded twice
      const cancels = await bank.calls(BANK_CALLS.cancel)
      const { result: again } = await sweepOrphanedPaymentsWorkflow(getContainer()).run({ input: {} })
      expect(again.find((r) => r.pay_id === lost)).toBeUndefined()
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(cancels)

      expect(await waitForOrphanAction(getContainer(), lost)).toMatchObject({ orphan_action: "refunded" })
      expect((await list()).some((p) => p.pay_id === lost || p.pay_id === late)).toBe(false)
      for (const cartId of [first.cartId, second.cartId, decoyCartId]) await expectCartStillOpen(cartId)
    })

    it("gives no money back for a session the ledger calls gone while Medusa kept it: the callback, or the sweep and the job, make the order with that money", async () => {
      const container = getContainer()
      const ledger = ledgerOf(container)
      const { shop, decoyCartId } = await openStore()
      const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }
      // what our deletePayment writes (the same bookkeeping), with no row delete by Medusa after it:
      // the process died between the two, or Medusa's delete failed (it only logs that)
      const deletePaymentRanAlone = (sessionId: string, payId: string) =>
        new PaymentBookkeeping(ledger, () => ({}) as never, quiet, TBC_CHECKOUT_PROVIDER_ID).sessionDeleted(
          sessionId,
          payId
        )
      const expectPaidOrder = async (cartId: string, payId: string) => {
        const orderId = await waitForOrderOfCart(container, cartId)
        // Medusa authorizes last in its cart completion: the order exists a moment before its payment
        const order = await waitFor(async () => {
          const read = await readOrder(container, orderId)
          return read.payments.length > 0 ? read : undefined
        })
        expect(onlyPayment(order).data).toMatchObject({ payId })
        const entry = await waitFor(
          async () => ((await ledger.byPayId(payId))?.order_id ? ledger.byPayId(payId) : undefined),
          {
            timeoutMs: 10_000,
            intervalMs: 250,
            description: `the ledger naming the order of ${payId}`,
          }
        )
        expect(entry).toMatchObject({ order_id: orderId, session_gone_at: null, orphan_action: null })
        expect((await bank.payment(payId)).status).toBe("Succeeded")
        expect((await ledger.events(entry!.id)).map((e) => e.event)).toEqual(
          expect.arrayContaining(["session_gone", "session_kept"])
        )
      }
      const cancels = await bank.calls(BANK_CALLS.cancel)

      // (a) paid at the bank; the ledger says "session gone" of a session Medusa keeps; the callback comes
      const first = await shop.createCartReadyForPayment([1], "kept@tbc-it.ge")
      const { session: kept } = await shop.startPaymentSession(first.cartId)
      const keptPayId = payIdOf(kept)
      const callback = await holdBankCallback(bank, () => app.appUrl, keptPayId)
      await bank.pay(keptPayId, "success")
      await deletePaymentRanAlone(kept.id, keptPayId)
      expect((await ledger.byPayId(keptPayId))?.session_gone_at).not.toBeNull()
      expect((await shop.sessionsOf(first.cartId)).map((s) => s.id)).toEqual([kept.id])
      await new Promise((resolve) => setTimeout(resolve, 1_500)) // past the orphan grace (1 s here)
      expect(await callback.deliver()).toBe(200)
      await expectPaidOrder(first.cartId, keptPayId)

      // (b) the same with the callback lost: the sweep past the grace gives nothing back, the job places the order
      const second = await shop.createCartReadyForPayment([2], "kept-lost@tbc-it.ge")
      const { session: lostSession } = await shop.startPaymentSession(second.cartId)
      const lostPayId = payIdOf(lostSession)
      await bank.dropCallbacks(lostPayId)
      await bank.pay(lostPayId, "success")
      await deletePaymentRanAlone(lostSession.id, lostPayId)
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const { result: swept } = await sweepOrphanedPaymentsWorkflow(container).run({ input: {} })
      expect(swept).toEqual(expect.arrayContaining([{ pay_id: lostPayId, outcome: "session_kept" }]))
      expect((await bank.payment(lostPayId)).status).toBe("Succeeded")
      await reconcilePendingPaymentsWorkflow(container).run({ input: { olderThanMinutes: 0 } })
      await expectPaidOrder(second.cartId, lostPayId)

      expect(await bank.calls(BANK_CALLS.cancel)).toBe(cancels)
      await expectCartStillOpen(decoyCartId)
    })

    it("the sweep takes money first, run after run: a paid orphan never waits behind older unpaid ones, nor behind one whose release failed", async () => {
      const container = getContainer()
      const ledger = new LedgerStore(container.resolve(ContainerRegistrationKeys.PG_CONNECTION))
      /** a charge whose Medusa session is gone, `ageMinutes` old, as the bank last showed it */
      const orphan = async (payId: string, status: string, ageMinutes: number, orphanAction: string | null = null) => {
        const entry = await ledger.open(
          {
            kind: "web",
            provider_id: TBC_CHECKOUT_PROVIDER_ID,
            payment_session_id: `payses_${payId}`,
            amount: 500,
            currency: "GEL",
          },
          "test"
        )
        await ledger.apply(entry.id, { type: "bank_status", status, payId }, "test")
        await container.resolve(ContainerRegistrationKeys.PG_CONNECTION).raw(
          `update tbc_payment set created_at = now() - (? * interval '1 minute'),
             session_gone_at = now() - interval '1 minute', orphan_action = ? where id = ?`,
          [ageMinutes, orphanAction, entry.id]
        )
      }
      // older than any money: five checkouts abandoned on the bank's page after their cart changed
      const unpaid = await bank.unpaidPayments(5, 5)
      for (const [i, payId] of unpaid.entries()) await orphan(payId, "Created", 60 + i)
      const failedBefore = await bank.paidPaymentOfAnotherStore({ total: 5, merchantPaymentId: "orphan-failed" })
      await orphan(failedBefore.payId, "Succeeded", 30, "failed")
      const fresh = await bank.paidPaymentOfAnotherStore({ total: 5, merchantPaymentId: "orphan-fresh" })
      await orphan(fresh.payId, "Succeeded", 10)

      const sweep = async () =>
        (await sweepOrphanedPaymentsWorkflow(container).run({ input: { limit: 1 } })).result.map(
          (r) => `${r.pay_id} ${r.outcome}`
        )
      expect(await sweep()).toEqual([`${fresh.payId} refunded`])
      expect(await sweep()).toEqual([`${failedBefore.payId} refunded`])
      // only then the unpaid ones, which stay candidates until the bank lets them lapse
      expect(await sweep()).toEqual([`${unpaid[4]} nothing_at_bank`])
      expect(await sweep()).toEqual([`${unpaid[4]} nothing_at_bank`])
      // a paid orphan arriving now is still taken first
      const late = await bank.paidPaymentOfAnotherStore({ total: 5, merchantPaymentId: "orphan-late" })
      await orphan(late.payId, "Succeeded", 0)
      expect(await sweep()).toEqual([`${late.payId} refunded`])
      for (const payId of [fresh.payId, failedBefore.payId, late.payId]) {
        expect((await bank.payment(payId)).status).toBe("Returned")
      }
    })
  },
})
