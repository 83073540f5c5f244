/**
 * The cancel of an order whose card payment the bank holds (preauthorization on) when releasing
 * the hold fails: the bank answers 5xx, or the ledger cannot be read; asked by the admin (Admin
 * API) and by the expiring-preauthorization job. The order and Medusa's payment stay as they were
 * while the bank holds the money (src/workflows/hooks/held-order-cancel.ts), the failed cancel is
 * kept for the admin, and the next try releases the hold, once.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { SandboxBankControl } from "../utils/checkout-bank"
import { heldCardOrdersForSuite } from "../utils/held-order"
import { ledgerOf } from "../utils/tbc-payments"
import { withTableHidden } from "../utils/hidden-table"
import { reconcileExpiringPreauthsWorkflow } from "../../src/workflows/reconcile"

jest.setTimeout(120_000)

const DAY_MS = 24 * 60 * 60 * 1000

const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-held-order-cancel"),
  testSuite: ({ api, getContainer }) => {
    // callbacks would be processed against the next test's restored database; not what is tested here
    beforeAll(() => bank.dropCallbacks())
    const placeHeldOrder = heldCardOrdersForSuite(api, getContainer, bank, { carts: [[1]] })
    // a fault a failed assertion left armed must not reach the next test's bank calls
    afterEach(() => bank.setFaults({ failNext: { count: 0, status: 503 } }))

    /** A held order, its admin's cancel through the Admin API and what the store and the bank show of it. */
    async function heldOrder() {
      const held = await placeHeldOrder([1])
      const { orderId, payId, admin } = held
      const cancel = async () => {
        const answer = await api.post(`/admin/orders/${orderId}/cancel`, {}, { ...admin, validateStatus: () => true })
        return answer.status === 200 ? "200" : `${answer.status} ${answer.data?.message}`
      }
      /** The bank's next cancel call of this payment is answered 503 (the bank does not act). */
      const bankFailsCancel = () =>
        bank.setFaults({ failNext: { count: 1, status: 503, path: `POST /v1/tpay/payments/${payId}/cancel` } })
      /** The charge's ledger entry, its cancels, and those of them the admin's list (Settings → TBC Bank) shows. */
      const cancelsOfCharge = async () => {
        const ledger = ledgerOf(getContainer())
        const charge = (await ledger.byPayId(payId))!
        const cancels = (await ledger.operationsOf(charge.id)).filter((op) => op.kind === "cancel")
        const attention: { id: string }[] = (await api.get("/admin/tbc/payments/attention?limit=50", admin)).data
          .entries
        return { charge, cancels, listed: cancels.filter((op) => attention.some((e) => e.id === op.id)) }
      }
      /** The admin re-checks each cancel the list shows: what each answers. */
      const recheckListed = async () => {
        const answers: string[] = []
        for (const op of (await cancelsOfCharge()).listed) {
          const answer = await api.post(
            `/admin/tbc/ledger/${op.id}/recheck`,
            {},
            { ...admin, validateStatus: () => true }
          )
          answers.push(`${answer.status} listed: ${answer.data?.listed}`)
        }
        return answers
      }
      const shown = async () => {
        const container = getContainer()
        const order = (await api.get(`/admin/orders/${orderId}?fields=id,status,*payment_collections`, admin)).data
          .order
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const { data: payments } = await query.graph({
          entity: "payment",
          fields: ["id", "canceled_at", "captured_at"],
          filters: { id: held.payment.id },
        })
        const { charge, cancels, listed } = await cancelsOfCharge()
        const atBank = await bank.payment(payId)
        return {
          order: order.status,
          collection: order.payment_collections[0].status,
          medusaPayment: payments[0].canceled_at ? "canceled" : payments[0].captured_at ? "captured" : "held",
          atBank: atBank.status,
          releasesAtBank: atBank.history?.filter((h: { status: string }) => h.status === "Returned").length ?? 0,
          charge: charge.state,
          cancels: cancels.map((op) => op.state),
          cancelsListed: listed.map((op) => op.state),
        }
      }
      return { ...held, cancel, bankFailsCancel, recheckListed, shown }
    }

    /** What a held order shows before anything released it (the cancels' states aside). */
    const stillHeld = {
      order: "pending",
      collection: "authorized",
      medusaPayment: "held",
      atBank: "WaitingConfirm",
      releasesAtBank: 0,
      charge: "held",
    }
    const released = {
      order: "canceled",
      collection: "canceled",
      medusaPayment: "canceled",
      atBank: "Returned",
      releasesAtBank: 1,
      charge: "returned",
    }
    const notCanceled = (paymentId: string) =>
      expect.stringMatching(
        new RegExp(`^400 The order was not canceled: TBC still holds its payment ${paymentId}, .*try the cancel again`)
      )

    it("the bank answering 5xx to the cancel of a held order: the order stays, the cancel is listed, and the next cancel releases the hold once", async () => {
      const held = await heldOrder()
      await held.bankFailsCancel()
      const failed = await held.cancel()
      const afterFailure = await held.shown()
      const again = await held.cancel()
      const afterRetry = await held.shown()
      // the failed cancel stays listed (never marked done by the next one); the admin's re-check settles it
      const rechecked = await held.recheckListed()
      expect({ failed, afterFailure, again, afterRetry, rechecked, afterRecheck: await held.shown() }).toEqual({
        failed: notCanceled(held.payment.id),
        afterFailure: { ...stillHeld, cancels: ["uncertain"], cancelsListed: ["uncertain"] },
        again: "200",
        afterRetry: { ...released, cancels: ["uncertain", "done"], cancelsListed: ["uncertain"] },
        rechecked: ["200 listed: false"],
        afterRecheck: expect.objectContaining({ ...released, cancelsListed: [] }),
      })
    })

    it("a second cancel of a held order whose first was refused (the ledger unreadable) releases the hold once", async () => {
      const held = await heldOrder()
      const refused = await withTableHidden(getContainer(), "tbc_payment", held.cancel)
      const afterRefusal = await held.shown()
      const again = await held.cancel()
      expect({ refused, afterRefusal, again, afterRetry: await held.shown() }).toEqual({
        refused: notCanceled(held.payment.id),
        afterRefusal: { ...stillHeld, cancels: [], cancelsListed: [] },
        again: "200",
        afterRetry: { ...released, cancels: ["done"], cancelsListed: [] },
      })
    })

    it("the expiring-preauthorization job whose cancel the bank answers 5xx reports it, keeps the order, and cancels on its next run", async () => {
      const container = getContainer()
      const held = await heldOrder()
      const day29 = new Date(Date.now() + 29 * DAY_MS).toISOString()
      const run = async () => {
        const { result } = await reconcileExpiringPreauthsWorkflow(container).run({
          input: { now: day29, action: "cancel" },
        })
        const mine = result.find((r) => r.pay_id === held.payId)
        return { outcome: mine?.outcome, error: mine?.error }
      }
      await held.bankFailsCancel()
      const first = await run()
      const afterFirst = await held.shown()
      const next = await run()
      expect({ first, afterFirst, next, afterNext: await held.shown() }).toEqual({
        first: { outcome: "error", error: expect.stringContaining(`TBC still holds its payment ${held.payment.id}`) },
        afterFirst: { ...stillHeld, cancels: ["uncertain"], cancelsListed: ["uncertain"] },
        next: { outcome: "canceled", error: undefined },
        afterNext: { ...released, cancels: ["uncertain", "done"], cancelsListed: ["uncertain"] },
      })
    })
  },
})
