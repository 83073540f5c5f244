/**
 * Medusa's records follow the bank's money (preauthorization on, callbacks live, the sandbox bank):
 *   - Medusa's own capture route for 40 % of a hold: the bank completes the whole hold (Medusa gives
 *     the provider no amount), so Medusa records the rest as captured too, the entry is listed for
 *     the merchant, and a second capture completes nothing at the bank;
 *   - a partial refund made in TBC's merchant dashboard: one Medusa refund of that amount, no bank
 *     call from Medusa, also when the callback comes three more times; a Medusa refund afterwards
 *     returns only the rest;
 *   - a hold released in the dashboard: Medusa's payment cancelled, nothing sent.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { BANK_CALLS, SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder, toTetri } from "../utils/checkout-orders"
import { heldCardOrdersForSuite } from "../utils/held-order"
import { callbackBody, listCallbackLogs, postRawCallback } from "../utils/checkout-callbacks"
import { waitFor } from "../utils/wait-for"
import { waitForAppIdle } from "../utils/app-idle"
import { ledgerOf } from "../utils/tbc-payments"
import type { AttentionEntryView } from "../../src/lib/ledger/attention-view"

jest.setTimeout(120_000)

const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)
const major = (tetri: number) => tetri / 100
const ok = { validateStatus: () => true }

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-bank-truth"),
  testSuite: ({ api, getContainer }) => {
    const placeHeldOrder = heldCardOrdersForSuite(api, getContainer, bank, { carts: [[1, 1]] })
    /** An order placed from a card payment the bank holds, and an admin to act on it. */
    async function heldOrder() {
      const container = getContainer()
      const { total, payId, orderId, payment, admin } = await placeHeldOrder([1, 1])
      const paymentNow = async () => onlyPayment(await readOrder(container, orderId))
      return { container, heldTetri: toTetri(total), payId, orderId, payment, admin, paymentNow }
    }

    /** The ledger's operations of the charge `payId`: [kind, state, amount, made at the bank, Medusa's record]. */
    async function operationsOf(container: ReturnType<typeof getContainer>, payId: string) {
      const ledger = ledgerOf(container)
      const charge = await ledger.byPayId(payId)
      return (await ledger.operationsOf(charge!.id)).map((op) => ({
        id: op.id,
        kind: op.kind,
        state: op.state,
        amount: op.amount,
        made_at_bank: op.made_at_bank,
        recorded: op.medusa_record !== null && op.medusa_record !== undefined,
        capture_asked: op.capture_asked,
      }))
    }

    it("Medusa's own capture route for 40 % of a hold: Medusa shows the whole hold captured, it is listed, nothing completes twice", async () => {
      const { container, heldTetri, payId, payment, admin, paymentNow } = await heldOrder()
      const askedTetri = Math.floor(heldTetri * 0.4)
      const completionsBefore = await bank.calls(BANK_CALLS.completion)

      const captured = await api.post(`/admin/payments/${payment.id}/capture`, { amount: major(askedTetri) }, admin)
      expect(captured.status).toBe(200)

      // the bank completed the whole hold; Medusa records the rest as captured (no second completion)
      await waitFor(async () => (await paymentNow()).capturedAt, { timeoutMs: 20_000, description: "captured in full" })
      await waitForAppIdle(container)
      const after = await paymentNow()
      expect(after.capturesTetri).toEqual([askedTetri, heldTetri - askedTetri])
      expect(toTetri((await bank.payment(payId)).confirmedAmount)).toBe(heldTetri)
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore + 1)
      const [completion] = await operationsOf(container, payId)
      expect(completion).toMatchObject({
        kind: "completion",
        state: "done",
        amount: heldTetri,
        capture_asked: askedTetri,
      })
      expect(completion.recorded).toBe(true)

      // listed for the merchant, in words saying what happened and that a refund returns the excess
      const list: AttentionEntryView[] = (await api.get("/admin/tbc/payments/attention?limit=50", admin)).data.entries
      const listed = list.find((entry) => entry.id === completion.id)
      expect(listed?.reason).toMatch(/whole hold/)
      expect(listed?.reason).toMatch(/refund/i)

      // a second capture through Medusa's route: refused or a no-op, never a second completion
      const again = await api.post(`/admin/payments/${payment.id}/capture`, { amount: major(1) }, { ...admin, ...ok })
      expect([200, 400]).toContain(again.status)
      await waitForAppIdle(container)
      expect((await paymentNow()).capturesTetri).toEqual([askedTetri, heldTetri - askedTetri])
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore + 1)
    })

    it("a partial refund in TBC's dashboard becomes one Medusa refund, with no bank call, however often the bank calls back", async () => {
      const { container, heldTetri, payId, payment, admin, paymentNow } = await heldOrder()
      expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)).status).toBe(200)
      await waitForAppIdle(container)
      const cancelsBefore = await bank.calls(BANK_CALLS.cancel)
      const dashboardTetri = Math.floor(heldTetri * 0.3)

      await bank.dashboardReturn(payId, major(dashboardTetri))
      await waitFor(async () => (await paymentNow()).refundsTetri.length > 0, {
        timeoutMs: 20_000,
        description: "the dashboard's refund shown in Medusa",
      })
      // the bank calls back three more times: still one refund
      for (let i = 0; i < 3; i++) expect(await postRawCallback(app.appUrl, callbackBody(payId))).toBe(200)
      await waitFor(
        async () =>
          (await listCallbackLogs(container)).filter((l) => l.pay_id === payId && l.bank_status === "PartialReturned")
            .length >= 4,
        { timeoutMs: 20_000, description: "four PartialReturned callbacks judged" }
      )
      await waitForAppIdle(container)
      expect((await paymentNow()).refundsTetri).toEqual([dashboardTetri])
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(cancelsBefore)
      const refunds = (await operationsOf(container, payId)).filter((op) => op.kind === "refund")
      expect(refunds).toEqual([
        expect.objectContaining({ state: "done", amount: dashboardTetri, made_at_bank: true, recorded: true }),
      ])

      // a Medusa refund afterwards returns only the rest
      const restTetri = heldTetri - dashboardTetri
      const tooMuch = await api.post(
        `/admin/payments/${payment.id}/refund`,
        { amount: major(restTetri + 1) },
        { ...admin, ...ok }
      )
      expect(tooMuch.status).toBe(400)
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(cancelsBefore)
      expect((await api.post(`/admin/payments/${payment.id}/refund`, { amount: major(restTetri) }, admin)).status).toBe(
        200
      )
      await waitForAppIdle(container)
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(cancelsBefore + 1)
      const atBank = await bank.payment(payId)
      expect([atBank.status, toTetri(atBank.returnedAmount)]).toEqual(["Returned", heldTetri])
      expect((await paymentNow()).refundsTetri).toEqual([dashboardTetri, restTetri])
    })

    it("a hold released in TBC's dashboard cancels Medusa's payment, with no bank call", async () => {
      const { container, payId, orderId, payment } = await heldOrder()
      const cancelsBefore = await bank.calls(BANK_CALLS.cancel)

      await bank.dashboardReturn(payId)
      await waitFor(
        async () => {
          const rows = (await readOrder(container, orderId)).payments
          return rows.length === 0 || (await paymentCanceled(container, payment.id))
        },
        { timeoutMs: 20_000, description: "Medusa's payment cancelled" }
      )
      await waitForAppIdle(container)
      expect(await paymentCanceled(container, payment.id)).toBe(true)
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(cancelsBefore)
      expect(
        (await operationsOf(container, payId)).map((op) => [op.kind, op.state, op.made_at_bank, op.recorded])
      ).toEqual([["cancel", "done", true, true]])
    })
  },
})

async function paymentCanceled(container: { resolve<T>(key: string): T }, paymentId: string): Promise<boolean> {
  const query = container.resolve<{ graph(i: unknown): Promise<{ data: { canceled_at?: unknown }[] }> }>("query")
  const { data } = await query.graph({ entity: "payment", fields: ["id", "canceled_at"], filters: { id: paymentId } })
  return !!data[0]?.canceled_at
}
