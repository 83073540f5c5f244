/**
 * Order edits on a held TBC payment, through the Admin API with the sandbox bank (preauthorization
 * on): capturing less starts from the order. The merchant lists what changed (an item not
 * delivered) or makes the edit in Medusa's own order-edit routes; the plugin's capture from the
 * order change (POST /admin/tbc/orders/:id/order-change-capture) has the bank complete the new
 * total from the hold, ONE completion through the ledger's partial completion, and Medusa confirm
 * the change, so the order owes nothing for money that went back to the card. Medusa's own
 * confirmation is refused while the hold stands (it would cancel the hold); the hold is never
 * cancelled to be re-taken. A raised total takes the hold whole and leaves the difference owed.
 * The held payment was created with the shopper's IP address (userIpAddress).
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { BANK_CALLS, SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder, toTetri } from "../utils/checkout-orders"
import { heldCardOrdersForSuite } from "../utils/held-order"
import { ledgerOf } from "../utils/tbc-payments"
import {
  adminOrder,
  beginTakingBack,
  collectionOf,
  collectionsOf,
  fulfillAll,
  orderChangeStatuses,
  type TakenBackKind,
} from "../utils/order-changes"

jest.setTimeout(120_000)

const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)
const fromOrder = (orderId: string) => `/admin/tbc/orders/${orderId}/order-change-capture`

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-order-change-capture"),
  testSuite: ({ api, getContainer }) => {
    const placeHeldOrder = heldCardOrdersForSuite(api, getContainer, bank, { carts: [[2, 1]] })
    /** A held order of two units of one item and one of another, what one unit of the first costs, and the bank's counters. */
    async function heldOrder() {
      const container = getContainer()
      const placed = await placeHeldOrder([2, 1])
      const order = await adminOrder(api, placed.orderId, placed.admin)
      const twoUnits = order.items.find((item) => item.quantity === 2)!
      return {
        container,
        ...placed,
        heldTetri: toTetri(placed.total),
        twoUnits,
        unitTetri: toTetri(twoUnits.total) / 2,
        completionsBefore: await bank.calls(BANK_CALLS.completion),
        cancelsBefore: await bank.calls(BANK_CALLS.cancel),
      }
    }

    it("an item not delivered: Medusa's order change records it, the bank completes the new total once, the order owes nothing", async () => {
      const { container, orderId, payId, admin, heldTetri, twoUnits, unitTetri, ...counters } = await heldOrder()
      const newTotalTetri = heldTetri - unitTetri

      const captured = await api.post(
        fromOrder(orderId),
        { items: [{ id: twoUnits.id, quantity: 1 }], note: "one not delivered" },
        admin
      )

      expect(captured.status).toBe(200)
      expect([captured.data.captured, captured.data.released, captured.data.owed].map(toTetri)).toEqual([
        newTotalTetri,
        unitTetri,
        0,
      ])
      // the bank: one completion of exactly the new total, the rest returned, the hold never cancelled
      const atBank = await bank.payment(payId)
      expect(atBank.status).toBe("Succeeded")
      expect([toTetri(atBank.confirmedAmount), toTetri(atBank.returnedAmount)]).toEqual([newTotalTetri, unitTetri])
      // the payment was created with the shopper's IP (this test's own, over loopback), for the bank's fraud checks
      expect(["127.0.0.1", "::1"]).toContain(atBank.request?.userIpAddress)
      expect(await bank.calls(BANK_CALLS.completion)).toBe(counters.completionsBefore + 1)
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(counters.cancelsBefore)
      // Medusa: the order is for the new total, captured, and owes nothing
      const order = await adminOrder(api, orderId, admin)
      expect(toTetri(order.total)).toBe(newTotalTetri)
      expect(order.items.find((item) => item.id === twoUnits.id)?.quantity).toBe(1)
      expect(toTetri(order.summary.pending_difference)).toBe(0)
      expect(captured.data.summary).toMatchObject({ pending_difference: 0 })
      // the dashboard's "Total pending" (collection amount − captured): nothing for money that went back
      expect(await collectionOf(container, orderId)).toEqual({
        status: "completed",
        amountTetri: newTotalTetri,
        capturedTetri: newTotalTetri,
      })
      const payment = onlyPayment(await readOrder(container, orderId))
      expect([payment.capturesTetri, payment.amountTetri, Boolean(payment.capturedAt)]).toEqual([
        [newTotalTetri],
        newTotalTetri,
        true,
      ])
      // the ledger: the charge paid by one completion of the new total
      const charge = (await ledgerOf(container).byPayId(payId))!
      const operations = await ledgerOf(container).operationsOf(charge.id)
      expect(operations.map((op) => [op.kind, op.state, op.amount])).toEqual([["completion", "done", newTotalTetri]])
      expect(await orderChangeStatuses(container, orderId)).toEqual(["confirmed"])
    })

    it("an edit made in Medusa's dashboard: its confirmation is refused while held, the widget offers the new total, the capture confirms it", async () => {
      const { container, orderId, payId, admin, heldTetri, twoUnits, unitTetri, ...counters } = await heldOrder()
      const newTotalTetri = heldTetri - unitTetri
      expect((await api.post("/admin/order-edits", { order_id: orderId }, admin)).status).toBe(200)
      await api.post(`/admin/order-edits/${orderId}/items/item/${twoUnits.id}`, { quantity: 1 }, admin)

      const medusaConfirm = await api.post(
        `/admin/order-edits/${orderId}/confirm`,
        {},
        {
          ...admin,
          validateStatus: () => true,
        }
      )

      expect(medusaConfirm.status).toBe(400)
      expect(medusaConfirm.data.message).toContain("TBC card payment is still held at the bank")
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(counters.cancelsBefore)
      expect(onlyPayment(await readOrder(container, orderId)).capturedAt).toBeNull()
      // the widget's view: the open edit, its new total, and what the capture takes
      const widget = (await api.get(`/admin/tbc/orders/${orderId}/payment`, admin)).data.payment
      expect(widget.order_edit).toMatchObject({ status: expect.stringMatching(/pending|requested/), refusal: null })
      expect(
        [widget.order_edit.new_total, widget.order_edit.capture.amount, widget.order_edit.capture.owed].map(toTetri)
      ).toEqual([newTotalTetri, newTotalTetri, 0])

      const captured = await api.post(fromOrder(orderId), {}, admin)

      expect(toTetri(captured.data.captured)).toBe(newTotalTetri)
      const atBank = await bank.payment(payId)
      expect([atBank.status, toTetri(atBank.confirmedAmount)]).toEqual(["Succeeded", newTotalTetri])
      expect(await bank.calls(BANK_CALLS.completion)).toBe(counters.completionsBefore + 1)
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(counters.cancelsBefore)
      const order = await adminOrder(api, orderId, admin)
      expect([toTetri(order.total), toTetri(order.summary.pending_difference)]).toEqual([newTotalTetri, 0])
      expect(await collectionOf(container, orderId)).toMatchObject({ amountTetri: newTotalTetri, status: "completed" })
      expect(await orderChangeStatuses(container, orderId)).toEqual(["confirmed"])
      // captured: the widget offers nothing more, and a second capture from the order is refused
      expect((await api.get(`/admin/tbc/orders/${orderId}/payment`, admin)).data.payment.order_edit).toBeNull()
      const again = await api.post(
        fromOrder(orderId),
        { items: [{ id: twoUnits.id, quantity: 0 }] },
        {
          ...admin,
          validateStatus: () => true,
        }
      )
      expect([again.status, again.data.message]).toEqual([400, expect.stringContaining("still holds")])
    })

    it("an edit that raises the total takes the hold whole and leaves only the difference owed", async () => {
      const { orderId, payId, admin, heldTetri, twoUnits, unitTetri, ...counters } = await heldOrder()
      await api.post("/admin/order-edits", { order_id: orderId }, admin)
      await api.post(`/admin/order-edits/${orderId}/items/item/${twoUnits.id}`, { quantity: 3 }, admin)

      const captured = await api.post(fromOrder(orderId), {}, admin)

      expect([captured.data.captured, captured.data.released, captured.data.owed].map(toTetri)).toEqual([
        heldTetri,
        0,
        unitTetri,
      ])
      const atBank = await bank.payment(payId)
      expect([atBank.status, toTetri(atBank.confirmedAmount)]).toEqual(["Succeeded", heldTetri])
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(counters.cancelsBefore)
      const order = await adminOrder(api, orderId, admin)
      expect([toTetri(order.total), toTetri(order.summary.pending_difference)]).toEqual([
        heldTetri + unitTetri,
        unitTetri,
      ])
      // what the widget offers to the saved card (with the customer's consent): exactly the difference
      const owed = (await api.get(`/admin/tbc/orders/${orderId}/saved-card-charge`, admin)).data
      expect(toTetri(owed.outstanding_amount)).toBe(unitTetri)
      // and what it offers as a TBC payment link: opened for exactly the difference, in tetri
      const link = await api.post("/admin/tbc/payment-links", { order_id: orderId }, admin)
      expect([link.status, link.data.payment_link.amount, link.data.payment_link.status]).toEqual([
        201,
        unitTetri,
        "open",
      ])
    })

    it("a return, claim or exchange is refused while held, the hold stays whole; captured, the return is confirmed", async () => {
      const { container, orderId, payId, payment, admin, heldTetri, twoUnits, unitTetri, ...counters } =
        await heldOrder()
      await fulfillAll(container, orderId)
      const options = { ...admin, validateStatus: () => true }

      for (const kind of ["return", "claim", "exchange"] as TakenBackKind[]) {
        const confirmPath = await beginTakingBack(api, admin, kind, orderId, twoUnits.id)

        const confirmed = await api.post(confirmPath, {}, options)

        expect([kind, confirmed.status]).toEqual([kind, 400])
        expect(confirmed.data.message).toContain(`Confirming this ${kind} here would cancel the hold`)
        expect(confirmed.data.message).toContain("Capture the TBC payment first, or capture less from the order")
        expect((await api.delete(confirmPath, admin)).status).toBe(200)
      }
      // the hold whole at the bank, Medusa's collection still the checkout's, authorized, none opened
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(counters.cancelsBefore)
      expect(await bank.calls(BANK_CALLS.completion)).toBe(counters.completionsBefore)
      expect((await collectionsOf(container, orderId)).map((c) => c.status)).toEqual(["authorized"])
      for (const kind of ["return_request", "claim", "exchange"]) {
        expect(await orderChangeStatuses(container, orderId, kind)).not.toContain("confirmed")
      }

      const confirmPath = await beginTakingBack(api, admin, "return", orderId, twoUnits.id)
      expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)).status).toBe(200)
      const returned = await api.post(confirmPath, {}, options)

      expect(returned.status).toBe(200)
      const atBank = await bank.payment(payId)
      expect([atBank.status, toTetri(atBank.confirmedAmount)]).toEqual(["Succeeded", heldTetri])
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(counters.cancelsBefore)
      expect(await bank.calls(BANK_CALLS.completion)).toBe(counters.completionsBefore + 1)
      // Medusa: the unit is owed back to the customer (a refund due), nothing asked of her again
      const order = await adminOrder(api, orderId, admin)
      expect(toTetri(order.summary.pending_difference)).toBe(-unitTetri)
      expect((await collectionsOf(container, orderId)).map((c) => c.status)).toEqual(["completed"])
      expect(await orderChangeStatuses(container, orderId, "return_request")).toEqual(["confirmed"])
    })

    it("two presses of the capture from the order at once: one completion at the bank, the other told so", async () => {
      const { container, orderId, payId, admin, heldTetri, twoUnits, unitTetri, ...counters } = await heldOrder()
      const newTotalTetri = heldTetri - unitTetri
      const press = () =>
        api.post(
          fromOrder(orderId),
          { items: [{ id: twoUnits.id, quantity: 1 }] },
          {
            ...admin,
            validateStatus: () => true,
          }
        )

      const answers = await Promise.all([press(), press()])

      const [won, lost] = [...answers].sort((a, b) => a.status - b.status)
      expect([won.status, toTetri(won.data.captured)]).toEqual([200, newTotalTetri])
      // pressed while the first was under way: 409; after it: nothing held any more
      expect([
        [409, expect.stringContaining("already under way")],
        [400, expect.stringContaining("still holds")],
      ]).toContainEqual([lost.status, lost.data.message])
      const atBank = await bank.payment(payId)
      expect([atBank.status, toTetri(atBank.confirmedAmount)]).toEqual(["Succeeded", newTotalTetri])
      expect(await bank.calls(BANK_CALLS.completion)).toBe(counters.completionsBefore + 1)
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(counters.cancelsBefore)
      const order = await adminOrder(api, orderId, admin)
      expect([toTetri(order.total), toTetri(order.summary.pending_difference)]).toEqual([newTotalTetri, 0])
      expect(order.items.find((item) => item.id === twoUnits.id)?.quantity).toBe(1)
      expect(await orderChangeStatuses(container, orderId)).toEqual(["confirmed"])
      expect(await collectionOf(container, orderId)).toMatchObject({ status: "completed", amountTetri: newTotalTetri })
      const charge = (await ledgerOf(container).byPayId(payId))!
      const operations = await ledgerOf(container).operationsOf(charge.id)
      expect(operations.map((op) => [op.kind, op.state, op.amount])).toEqual([["completion", "done", newTotalTetri]])
    })

    it("refuses what is not the order's before anything is written, naming the field", async () => {
      const { container, orderId, payId, admin, twoUnits, ...counters } = await heldOrder()
      const options = { ...admin, validateStatus: () => true }

      const unknown = await api.post(fromOrder(orderId), { items: [{ id: "ordli_nope", quantity: 0 }] }, options)
      const more = await api.post(fromOrder(orderId), { items: [{ id: twoUnits.id, quantity: 5 }] }, options)
      const noEdit = await api.post(fromOrder(orderId), {}, options)
      const badBody = await api.post(fromOrder(orderId), { items: [{ id: twoUnits.id, quantity: 1.5 }] }, options)

      expect([unknown.status, unknown.data.message]).toEqual([400, "items.0.id: is not an item of this order"])
      expect([more.status, more.data.message]).toEqual([400, "items.0.quantity: must be at most the 2 ordered"])
      expect([noEdit.status, noEdit.data.message]).toEqual([
        400,
        expect.stringMatching(/^items: the order has no open order edit/),
      ])
      expect([badBody.status, badBody.data.message]).toEqual([400, expect.stringContaining("items.0.quantity")])
      expect(await bank.calls(BANK_CALLS.completion)).toBe(counters.completionsBefore)
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      expect(await orderChangeStatuses(container, orderId)).toEqual([])
    })
  },
})
