/**
 * Partial capture through the Admin API with the sandbox bank (preauthorization on, callbacks live):
 * the admin captures less than the hold (POST /admin/tbc/payments/:id/capture) → ONE completion of
 * that amount, the bank returns the rest; Medusa records that capture and marks the payment
 * captured (no rest left to capture); the ledger and the order widget's route show held /
 * confirmed / returned; the bank's Succeeded callback records nothing more; a second capture is
 * refused with the reason; refunds stop at what was confirmed. A completion entry another request
 * left unsent never shapes a later capture; two captures at once make one completion. An
 * unanswered completion is re-checked against the amount the bank completed. The widget's capture
 * of an amount starts from the order: the rest is the order's credit, so nothing is owed or pending.
 * The admin's cancel of an order captured for less (or in full) succeeds and refunds what the bank
 * took, once, releasing nothing, also when Medusa's payment was left not marked captured.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { BANK_CALLS, SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder, toTetri } from "../utils/checkout-orders"
import { heldCardOrdersForSuite } from "../utils/held-order"
import { listCallbackLogs } from "../utils/checkout-callbacks"
import { waitFor } from "../utils/wait-for"
import { waitForAppIdle } from "../utils/app-idle"
import { ledgerOf } from "../utils/tbc-payments"
import { operationSeed } from "../../src/modules/tbc/ledger/ledger-store"
import { CAPTURE_INTENT_ACTOR } from "../../src/lib/capture-amount"
import { collectionOf, creditLinesOf, orderChangeNotes } from "../utils/order-changes"

jest.setTimeout(120_000)

const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)
const major = (tetri: number) => tetri / 100
/** The plugin's capture for an amount; Medusa's own route captures the whole hold. */
const captureLess = (paymentId: string) => `/admin/tbc/payments/${paymentId}/capture`

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-partial-capture"),
  testSuite: ({ api, getContainer }) => {
    const placeHeldOrder = heldCardOrdersForSuite(api, getContainer, bank, {
      carts: [
        [1, 1],
        [1, 0],
      ],
    })
    /** An order placed from a preauthorized card payment the bank holds, and an admin to act on it. */
    async function heldOrder(quantities: number[]) {
      return { container: getContainer(), ...(await placeHeldOrder(quantities)) }
    }

    it("captures less than the hold once, shows held / confirmed / returned, refuses a second capture, refunds at most what was taken", async () => {
      const { container, total, payId, orderId, payment, admin } = await heldOrder([1, 1])
      const heldTetri = toTetri(total)
      // less than half the hold: a second capture of as much would still fit in what Medusa sees left
      const takenTetri = Math.floor(heldTetri / 2) - 7
      const restTetri = heldTetri - takenTetri
      const completionsBefore = await bank.calls(BANK_CALLS.completion)

      const captured = await api.post(captureLess(payment.id), { amount: major(takenTetri) }, admin)

      expect(captured.status).toBe(200)
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore + 1)
      const atBank = await bank.payment(payId)
      expect(atBank.status).toBe("Succeeded")
      expect([toTetri(atBank.amount), toTetri(atBank.confirmedAmount), toTetri(atBank.returnedAmount)]).toEqual([
        heldTetri,
        takenTetri,
        restTetri,
      ])
      // Medusa: one capture of what the bank took, the payment now for that, nothing left to capture
      const afterCapture = onlyPayment(await readOrder(container, orderId))
      expect(afterCapture.capturesTetri).toEqual([takenTetri])
      expect(afterCapture.amountTetri).toBe(takenTetri)
      expect(afterCapture.capturedAt).not.toBeNull()
      const { rows: raw } = await container
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(`select amount, raw_amount from payment where id = ?`, [payment.id])
      expect([toTetri(raw[0].amount), toTetri(raw[0].raw_amount.value)]).toEqual([takenTetri, takenTetri])
      expect(afterCapture.data).toMatchObject({ status: "Succeeded" })
      expect(toTetri(afterCapture.data.returnedAmount)).toBe(restTetri)

      // the ledger: the completion entry, written before the call, with its amount; the charge paid
      const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows: ledger } = await pg.raw(
        `select c.state as charge_state, o.kind, o.state, o.amount from tbc_payment c
         join tbc_payment o on o.parent_id = c.id where c.pay_id = ? order by o.created_at`,
        [payId]
      )
      expect(ledger.map((r: Record<string, unknown>) => [r.charge_state, r.kind, r.state, Number(r.amount)])).toEqual([
        ["paid", "completion", "done", takenTetri],
      ])

      // the order widget's view
      const widget = (await api.get(`/admin/tbc/orders/${orderId}/payment`, admin)).data.payment
      expect(widget.captured_at).not.toBeNull()
      expect(widget.checkout).toMatchObject({ status: "Succeeded", pre_auth: true })
      expect(
        [
          widget.checkout.authorized_amount,
          widget.checkout.confirmed_amount,
          widget.checkout.returned_amount,
          widget.checkout.released_amount,
        ].map(toTetri)
      ).toEqual([heldTetri, takenTetri, restTetri, restTetri])

      // the bank's Succeeded callback: judged, and no second capture recorded
      await waitFor(
        async () =>
          (await listCallbackLogs(container)).find((log) => log.pay_id === payId && log.bank_status === "Succeeded"),
        { timeoutMs: 20_000, description: "the Succeeded callback judged" }
      )
      await waitForAppIdle(container)
      expect(onlyPayment(await readOrder(container, orderId)).capturesTetri).toEqual([takenTetri])

      // a second capture, of any amount, is refused before anything moves, saying why
      for (const amount of [major(restTetri), major(takenTetri)]) {
        const again = await api.post(captureLess(payment.id), { amount }, { ...admin, validateStatus: () => true })
        expect(again.status).toBe(400)
        expect(again.data.message).toBe(
          `amount: this TBC payment was already captured: the bank completed ${major(takenTetri).toFixed(2)} GEL and ` +
            `returned the other ${major(restTetri).toFixed(2)} GEL of the hold to the card. The bank completes a hold ` +
            "only once, so nothing more can be captured; refund from the captured amount if needed."
        )
      }
      // Medusa's own capture sees the payment captured: nothing is sent
      await api.post(`/admin/payments/${payment.id}/capture`, {}, { ...admin, validateStatus: () => true })
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore + 1)
      expect(onlyPayment(await readOrder(container, orderId)).capturesTetri).toEqual([takenTetri])

      // refunds: never more than was confirmed
      const tooMuch = await api.post(
        `/admin/payments/${payment.id}/refund`,
        { amount: major(takenTetri + 1) },
        { ...admin, validateStatus: () => true }
      )
      expect(tooMuch.status).toBe(400)
      expect((await api.post(`/admin/payments/${payment.id}/refund`, { amount: 1 }, admin)).status).toBe(200)
      expect(toTetri((await bank.payment(payId)).returnedAmount)).toBe(restTetri + 100)
      const rest = await api.post(`/admin/payments/${payment.id}/refund`, { amount: major(takenTetri - 100) }, admin)
      expect(rest.status).toBe(200)
      const refunded = await bank.payment(payId)
      expect(refunded.status).toBe("Returned")
      expect([toTetri(refunded.confirmedAmount), toTetri(refunded.returnedAmount)]).toEqual([takenTetri, heldTetri])
      expect(onlyPayment(await readOrder(container, orderId)).refundsTetri).toEqual([100, takenTetri - 100])
    })

    /**
     * The admin cancels the order (Admin API) once the hold was captured: what Medusa, the bank and
     * the ledger show after it. Medusa's cancel refunds what was captured (refundCapturedPaymentsWorkflow)
     * and cancels only payments without captures, so the bank is asked for one refund and no release.
     */
    async function cancelCaptured(held: Awaited<ReturnType<typeof heldOrder>>) {
      const { container, payId, orderId, payment, admin } = held
      const bankCallsBefore = await bank.calls(BANK_CALLS.cancel)
      const answer = await api.post(`/admin/orders/${orderId}/cancel`, {}, { ...admin, validateStatus: () => true })
      await waitForAppIdle(container)
      const order = (await api.get(`/admin/orders/${orderId}?fields=id,status,*payment_collections`, admin)).data.order
      const medusa = onlyPayment(await readOrder(container, orderId))
      const atBank = await bank.payment(payId)
      const ledger = ledgerOf(container)
      const charge = (await ledger.byPayId(payId))!
      const operations = await ledger.operationsOf(charge.id)
      const attention: { id: string }[] = (await api.get("/admin/tbc/payments/attention?limit=50", admin)).data.entries
      return {
        cancel: answer.status === 200 ? "200" : `${answer.status} ${answer.data?.message}`,
        order: order.status,
        collection: order.payment_collections[0].status,
        medusa: {
          capturedAt: medusa.capturedAt ? "set" : null,
          canceled: (await paymentCanceledAt(container, payment.id)) !== null,
          captures: medusa.capturesTetri,
          refunds: medusa.refundsTetri,
        },
        bank: {
          status: atBank.status,
          confirmed: toTetri(atBank.confirmedAmount),
          returned: toTetri(atBank.returnedAmount),
          cancelCalls: (await bank.calls(BANK_CALLS.cancel)) - bankCallsBefore,
        },
        ledger: { charge: charge.state, operations: operations.map((op) => [op.kind, op.state, op.amount]) },
        listed: [charge, ...operations].filter((entry) => attention.some((e) => e.id === entry.id)).length,
      }
    }
    async function paymentCanceledAt(container: ReturnType<typeof getContainer>, paymentId: string) {
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "payment",
        fields: ["id", "canceled_at"],
        filters: { id: paymentId },
      })
      return (data[0] as { canceled_at?: unknown } | undefined)?.canceled_at ?? null
    }

    it("cancelling an order captured for less: the order is canceled, what the bank took is refunded once, no release is sent", async () => {
      const held = await heldOrder([1, 1])
      const heldTetri = toTetri(held.total)
      const takenTetri = Math.round(heldTetri * 0.6)
      expect((await api.post(captureLess(held.payment.id), { amount: major(takenTetri) }, held.admin)).status).toBe(200)

      expect(await cancelCaptured(held)).toEqual({
        cancel: "200",
        order: "canceled",
        collection: "canceled",
        medusa: { capturedAt: "set", canceled: false, captures: [takenTetri], refunds: [takenTetri] },
        bank: { status: "Returned", confirmed: takenTetri, returned: heldTetri, cancelCalls: 1 },
        ledger: {
          charge: "returned",
          operations: [
            ["completion", "done", takenTetri],
            ["refund", "done", takenTetri],
          ],
        },
        listed: 0,
      })
    })

    it("cancelling an order captured for less whose payment was not marked captured: the capture ended the hold, so the cancel refunds it", async () => {
      const held = await heldOrder([1, 1])
      const heldTetri = toTetri(held.total)
      const takenTetri = Math.round(heldTetri * 0.6)
      expect((await api.post(captureLess(held.payment.id), { amount: major(takenTetri) }, held.admin)).status).toBe(200)
      // the capture's last step (Medusa's payment for what the bank took, captured) did not land:
      // it only logs then, and Medusa, which sets captured_at only once the captures reach the
      // payment's amount, shows one capture of less than the hold and no captured_at
      await held.container
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(
          `update payment set captured_at = null, amount = ?, raw_amount = jsonb_set(raw_amount, '{value}', to_jsonb(?::text)) where id = ?`,
          [major(heldTetri), String(major(heldTetri)), held.payment.id]
        )

      expect(await cancelCaptured(held)).toEqual({
        cancel: "200",
        order: "canceled",
        collection: "canceled",
        medusa: { capturedAt: null, canceled: false, captures: [takenTetri], refunds: [takenTetri] },
        bank: { status: "Returned", confirmed: takenTetri, returned: heldTetri, cancelCalls: 1 },
        ledger: {
          charge: "returned",
          operations: [
            ["completion", "done", takenTetri],
            ["refund", "done", takenTetri],
          ],
        },
        listed: 0,
      })
    })

    it("cancelling an order captured in full: the order is canceled and the whole amount refunded once", async () => {
      const held = await heldOrder([1, 0])
      const heldTetri = toTetri(held.total)
      expect((await api.post(`/admin/payments/${held.payment.id}/capture`, {}, held.admin)).status).toBe(200)

      expect(await cancelCaptured(held)).toEqual({
        cancel: "200",
        order: "canceled",
        collection: "canceled",
        medusa: { capturedAt: "set", canceled: false, captures: [heldTetri], refunds: [heldTetri] },
        bank: { status: "Returned", confirmed: heldTetri, returned: heldTetri, cancelCalls: 1 },
        ledger: {
          charge: "returned",
          operations: [
            ["completion", "done", heldTetri],
            ["refund", "done", heldTetri],
          ],
        },
        listed: 0,
      })
    })

    it("refuses amounts that are no money before anything is recorded, and still asks for an admin", async () => {
      const { container, payId, payment, admin } = await heldOrder([1, 0])
      const completionsBefore = await bank.calls(BANK_CALLS.completion)

      const odd = await api.post(
        captureLess(payment.id),
        { amount: 1.005 },
        {
          ...admin,
          validateStatus: () => true,
        }
      )
      expect(odd.status).toBe(400)
      expect(odd.data.message).toBe("amount: must be a number of at most 2 decimals.")
      const stranger = await api.post(captureLess(payment.id), { amount: 1 }, { validateStatus: () => true })
      expect(stranger.status).toBe(401)
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore)
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = await pg.raw(
        `select o.id from tbc_payment c join tbc_payment o on o.parent_id = c.id where c.pay_id = ?`,
        [payId]
      )
      expect(rows).toEqual([])
    })

    it("never completes an amount another request left unsent: a later whole capture is refused until it is settled", async () => {
      const { container, total, payId, orderId, payment, admin } = await heldOrder([1, 1])
      const heldTetri = toTetri(total)
      // a capture of half the hold whose process died after writing its completion entry and
      // before the provider ran: the entry stays `sending`
      const ledger = ledgerOf(container)
      const leftover = await ledger.open(
        operationSeed((await ledger.byPayId(payId))!, "completion", Math.floor(heldTetri / 2)),
        `${CAPTURE_INTENT_ACTOR}user_gone`
      )
      const completionsBefore = await bank.calls(BANK_CALLS.completion)
      const medusaCapture = () =>
        api.post(`/admin/payments/${payment.id}/capture`, {}, { ...admin, validateStatus: () => true })

      // minutes later the order is captured in full: the old half is never sent in its place
      const whole = await medusaCapture()

      expect(whole.status).toBe(400)
      expect(whole.data.message).toContain(`another operation of this payment is under way (completion ${leftover.id}`)
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore)
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      expect(onlyPayment(await readOrder(container, orderId)).capturesTetri).toEqual([])
      // the plugin's capture is refused the same way
      const less = await api.post(captureLess(payment.id), { amount: 1 }, { ...admin, validateStatus: () => true })
      expect([less.status, less.data.message]).toEqual([400, expect.stringContaining(leftover.id)])

      // once listed, the admin settles it: the bank shows it did not happen, marked not done
      const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(`update tbc_payment set created_at = now() - interval '5 minutes' where id = ?`, [leftover.id])
      const notDone = await api.post(
        `/admin/tbc/ledger/${leftover.id}/not-charged`,
        { reason: "TBC's dashboard shows the hold untouched" },
        admin
      )
      expect(notDone.status).toBe(200)
      expect((await medusaCapture()).status).toBe(200)
      const atBank = await bank.payment(payId)
      expect([atBank.status, toTetri(atBank.confirmedAmount)]).toEqual(["Succeeded", heldTetri])
      expect(onlyPayment(await readOrder(container, orderId)).capturesTetri).toEqual([heldTetri])
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore + 1)
    })

    it("two captures at once: the ledger lets one reach the bank, the other is refused saying why", async () => {
      const { container, total, payId, orderId, payment, admin } = await heldOrder([1, 1])
      const heldTetri = toTetri(total)
      const completionsBefore = await bank.calls(BANK_CALLS.completion)
      const options = { ...admin, validateStatus: () => true }

      const answers: Array<{ status: number; data: { message?: string } }> = await Promise.all([
        api.post(captureLess(payment.id), { amount: major(heldTetri - 500) }, options),
        api.post(captureLess(payment.id), { amount: major(heldTetri - 700) }, options),
      ])

      const statuses = answers.map((a) => a.status).sort()
      expect(statuses).toEqual([200, 400])
      expect(answers.find((a) => a.status === 400)?.data.message).toMatch(
        /(another operation of this payment is under way|already captured)/
      )
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore + 1)
      const atBank = await bank.payment(payId)
      expect(atBank.status).toBe("Succeeded")
      expect([heldTetri - 500, heldTetri - 700]).toContain(toTetri(atBank.confirmedAmount))
      expect(onlyPayment(await readOrder(container, orderId)).capturesTetri).toEqual([toTetri(atBank.confirmedAmount)])
    })

    it("re-checks an unanswered completion against the amount the bank completed: another amount is not its effect", async () => {
      const { container, total, payId, payment, admin } = await heldOrder([1, 1])
      const heldTetri = toTetri(total)
      // the hold completed in full (the admin's capture), and two completion entries whose answers
      // were lost: one for part of the hold (another amount), one for the whole hold
      expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)).status).toBe(200)
      expect(toTetri((await bank.payment(payId)).confirmedAmount)).toBe(heldTetri)
      const ledger = ledgerOf(container)
      const charge = (await ledger.byPayId(payId))!
      const unanswered = async (amountTetri: number) => {
        const op = await ledger.open(operationSeed(charge, "completion", amountTetri), "test")
        await ledger.apply(op.id, { type: "unreadable_answer", reason: "answer lost" }, "test")
        return op.id
      }
      const partId = await unanswered(heldTetri - 1_000)
      const wholeId = await unanswered(heldTetri)
      const recheck = (id: string) =>
        api.post(`/admin/tbc/ledger/${id}/recheck`, {}, { ...admin, validateStatus: () => true })

      const part = await recheck(partId)
      expect(part.status).toBe(409)
      expect(part.data.message).toContain(
        `the bank completed payment ${payId} for ${major(heldTetri).toFixed(2)} GEL, not the ` +
          `${major(heldTetri - 1_000).toFixed(2)} GEL of this completion`
      )
      expect((await ledger.byId(partId))?.state).toBe("uncertain")
      const whole = await recheck(wholeId)
      expect([whole.status, whole.data.message]).toEqual([200, undefined])
      expect(whole.data.listed).toBe(false)
      expect((await ledger.byId(wholeId))?.state).toBe("done")
    })
    it("the widget's capture of an amount starts from the order: one completion, the rest the order's credit, nothing owed", async () => {
      const { container, total, payId, orderId, admin } = await heldOrder([1, 1])
      const heldTetri = toTetri(total)
      const takenTetri = heldTetri - 1000
      const completionsBefore = await bank.calls(BANK_CALLS.completion)
      const fromOrder = `/admin/tbc/orders/${orderId}/order-change-capture`
      const options = { ...admin, validateStatus: () => true }
      // a bare amount needs its reason (the only record of why the order owes less), and at most the hold
      const noReason = await api.post(fromOrder, { amount: major(takenTetri) }, options)
      const tooMuch = await api.post(fromOrder, { amount: major(heldTetri + 1), note: "x" }, options)
      expect([noReason.status, noReason.data.message]).toEqual([400, expect.stringMatching(/^note: say why/)])
      expect([tooMuch.status, tooMuch.data.message]).toEqual([400, expect.stringMatching(/^amount: must be at most/)])
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore)

      const captured = await api.post(fromOrder, { amount: major(takenTetri), note: "10 GEL off, by phone" }, admin)

      expect([captured.data.captured, captured.data.released, captured.data.owed].map(toTetri)).toEqual([
        takenTetri,
        1000,
        0,
      ])
      const atBank = await bank.payment(payId)
      expect([atBank.status, toTetri(atBank.confirmedAmount), toTetri(atBank.returnedAmount)]).toEqual([
        "Succeeded",
        takenTetri,
        1000,
      ])
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore + 1)
      // Medusa: nothing outstanding, nothing pending; the rest is the order's credit, with the reason
      expect(toTetri(captured.data.summary.pending_difference)).toBe(0)
      const collection = await collectionOf(container, orderId)
      expect(collection).toEqual({ status: "completed", amountTetri: takenTetri, capturedTetri: takenTetri })
      expect(await creditLinesOf(container, orderId)).toEqual([[1000, "tbc_capture"]])
      expect(await orderChangeNotes(container, orderId, "credit_line")).toEqual([["confirmed", "10 GEL off, by phone"]])
    })
  },
})
