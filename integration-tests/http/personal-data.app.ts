/**
 * Personal data end to end (real Medusa app, PostgreSQL, the sandbox bank):
 * - deleting a customer through the admin API deletes their saved card at the bank and removes
 *   our row; with the bank failing, the row stays marked and the retention run finishes it;
 * - the card token (rec_id) is sealed in the database, never plain; a plain row from before
 *   sealing still charges and the retention run seals it;
 * - a saved card that could not be recorded is kept as a failure, listed in the admin and
 *   recorded by the retry run once the bank answers again.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import type { SeededStore } from "../utils/seed-store"
import { SandboxBankControl } from "../utils/checkout-bank"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { SAVED_CARD_CALLS as CALLS, Shopper, aliceForSuite, firstOrderSavesCard } from "../utils/saved-cards-shopper"
import { waitFor } from "../utils/wait-for"
import { waitForAppIdle } from "../utils/app-idle"
import { TbcClient } from "../../src/lib/tbc"
import { SANDBOX_DEFAULTS } from "../../packages/sandbox/src"
import { recordCardsForPayment, retryDueRecordings } from "../../src/use-cases/saved-cards/record-from-events"
import { runDataRetention } from "../../src/use-cases/saved-cards/data-retention"

jest.setTimeout(120_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)
const GET_PAYMENT = "GET /v1/tpay/payments/{payId}"

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-personal-data"),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let alice: Shopper

    // her first order's cart prepared (the one test that pays again builds its second)
    const suite = aliceForSuite(api, getContainer, { aliceCarts: 1 })
    beforeEach(() => {
      store = suite.store
      alice = new Shopper(api, store, suite.aliceToken, [])
    })

    afterEach(() => bank.setFaults({ reset: true }).catch(() => undefined))

    const pg = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const cardRows = (customerId: string) => pg()("tbc_saved_card").where({ customer_id: customerId })

    /**
     * Alice's first order with save_card (the shared helper), and that order's id. Returns once
     * the app is idle: the order.placed and payment.captured recordings and the bank's callback
     * have all run, so none of them writes the card again after the test changed it.
     */
    async function aliceSavesCard(): Promise<{ card: any; recId: string; orderId: string }> {
      const saved = await firstOrderSavesCard(alice, bank)
      await waitForAppIdle(getContainer())
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: ["id"],
          filters: { customer_id: store.customer.id },
        })
      return { ...saved, orderId: (data[0] as { id: string }).id }
    }

    async function bankCard(recId: string): Promise<any> {
      return (await bank.state()).savedCards.find((c: any) => c.recId === recId)
    }

    it("stores the token sealed; deleting the customer in the admin deletes the card at the bank and our row", async () => {
      const { recId } = await aliceSavesCard()
      const [row] = await cardRows(store.customer.id)
      expect(row.rec_id).toMatch(/^tbcrec1\./)
      expect(row.rec_id).not.toContain(recId)
      expect(JSON.stringify(await pg()("tbc_saved_card").select("*"))).not.toContain(recId)
      expect(row.rec_id_hash).toMatch(/^[0-9a-f]{64}$/)

      const admin = await createAdminRequestConfig(getContainer(), api)
      const deletes = await bank.calls(CALLS.deleteCard)
      const answer = await api.delete(`/admin/customers/${store.customer.id}`, admin)
      expect(answer.status).toBe(200)
      await waitFor(async () => ((await cardRows(store.customer.id)).length === 0 ? true : undefined), {
        timeoutMs: 20_000,
        description: "Alice's card row to be removed",
      })
      expect((await bankCard(recId)).deleted).toBe(true)
      expect(await bank.calls(CALLS.deleteCard)).toBe(deletes + 1)
    })

    it("a bank outage keeps the deletion marked; the retention run finishes it once the bank answers", async () => {
      const { recId } = await aliceSavesCard()
      await bank.setFaults({
        failNext: { count: 100, status: 503, path: `POST ${"/v1/tpay/payments/{recId}/delete"}` },
      })
      const admin = await createAdminRequestConfig(getContainer(), api)
      expect((await api.delete(`/admin/customers/${store.customer.id}`, admin)).status).toBe(200)
      const [marked] = await waitFor(
        async () => {
          const rows = await cardRows(store.customer.id)
          return rows[0]?.delete_requested_at ? rows : undefined
        },
        { timeoutMs: 20_000, description: "the card to be marked for deletion" }
      )
      expect(marked.status).toBe("active")
      expect((await bankCard(recId)).deleted).toBeFalsy()

      const stillDown = await runDataRetention(getContainer())
      expect(stillDown.cardDeletionsPending).toBe(1)
      expect(await cardRows(store.customer.id)).toHaveLength(1)

      await bank.setFaults({ reset: true })
      const recovered = await runDataRetention(getContainer())
      expect(recovered.cardsRemovedForDeletedCustomers).toBe(1)
      expect(await cardRows(store.customer.id)).toHaveLength(0)
      expect((await bankCard(recId)).deleted).toBe(true)
    })

    it("a card already gone at the bank counts as deleted: the retention run removes the marked row", async () => {
      const { recId } = await aliceSavesCard()
      await bank.setFaults({ failNext: { count: 100, status: 503, path: "POST /v1/tpay/payments/{recId}/delete" } })
      const admin = await createAdminRequestConfig(getContainer(), api)
      expect((await api.delete(`/admin/customers/${store.customer.id}`, admin)).status).toBe(200)
      await waitFor(async () => ((await cardRows(store.customer.id))[0]?.delete_requested_at ? true : undefined), {
        timeoutMs: 20_000,
        description: "the card to be marked for deletion",
      })
      await bank.setFaults({ reset: true })
      // someone deleted the card at the bank meanwhile (the bank now answers 404 for it)
      const other = new TbcClient({
        environment: app.sandboxUrl,
        checkout: {
          apiKey: SANDBOX_DEFAULTS.apiKey,
          clientId: SANDBOX_DEFAULTS.clientId,
          clientSecret: SANDBOX_DEFAULTS.clientSecret,
        },
      })
      await other.checkout.deleteSavedCard(recId).finally(() => other.close())
      const run = await runDataRetention(getContainer())
      expect(run).toMatchObject({ cardsRemovedForDeletedCustomers: 1, cardDeletionsPending: 0 })
      expect(await cardRows(store.customer.id)).toHaveLength(0)
    })

    it("a plain-text token from before sealing still charges, and the retention run seals it", async () => {
      const { card, recId } = await aliceSavesCard()
      await pg()("tbc_saved_card").where({ id: card.id }).update({ rec_id: recId, rec_id_hash: null })

      const executions = await bank.calls(CALLS.execution)
      const { cartId, collectionId } = await alice.cartReadyForPayment()
      expect((await alice.startSession(collectionId, { saved_card_id: card.id })).status).toBe(200)
      const completion = await alice.call("post", `/store/carts/${cartId}/complete`)
      expect(completion.body.type).toBe("order")
      expect(await bank.calls(CALLS.execution)).toBe(executions + 1)
      const executed = (await bank.state()).payments.filter((p: any) => p.recId === recId)
      expect(executed.length).toBeGreaterThanOrEqual(2)

      // the second order's card recording finds the plain row and re-seals it on the spot
      await waitFor(async () => ((await cardRows(store.customer.id))[0]?.rec_id_hash ? true : undefined), {
        timeoutMs: 20_000,
        description: "the recording of the second order to re-seal the plain row",
      })
      const [lazy] = await cardRows(store.customer.id)
      expect(lazy.rec_id).toMatch(/^tbcrec1\./)
      // a plain row nothing reads is sealed by the retention run
      await pg()("tbc_saved_card").where({ id: card.id }).update({ rec_id: recId, rec_id_hash: null })
      const run = await runDataRetention(getContainer())
      expect(run.plainTokensSealed).toBe(1)
      const [row] = await cardRows(store.customer.id)
      expect(row.rec_id).toMatch(/^tbcrec1\./)
      expect(row.rec_id).not.toContain(recId)
    })

    it("a card deleted in the store drops token and mask at once; retention removes the row and settled installment changes later", async () => {
      const { card, recId, orderId } = await aliceSavesCard()
      expect((await alice.call("delete", `/store/customers/me/tbc-cards/${card.id}`)).status).toBe(200)
      const [deleted] = await cardRows(store.customer.id)
      expect(deleted).toMatchObject({ status: "deleted", rec_id: null, card_mask: null })
      expect(deleted.rec_id_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(deleted)).not.toContain(recId)

      const day = 24 * 60 * 60 * 1000

      // an installment application of a final order, its changes applied 400 days ago
      const old = new Date(Date.now() - 400 * day)
      await pg()("tbc_installment_application").insert({
        id: "tbcapp_retention1",
        bank_session_id: "bank-sess-retention",
        payment_session_id: "payses_retention",
        order_id: orderId,
        status_id: 5,
        amount: 100,
        raw_amount: JSON.stringify({ value: "100", precision: 20 }),
        last_change_at: old,
      })
      await pg()("tbc_installment_status_change").insert([
        {
          id: "tbcchg_ret1",
          bank_session_id: "bank-sess-retention",
          status_id: 2,
          change_date: "2025-10-01T10:00:00",
          synchronization_request_id: "s1",
          applied_at: old,
        },
        {
          id: "tbcchg_ret2",
          bank_session_id: "bank-sess-retention",
          status_id: 5,
          change_date: "2025-10-02T10:00:00",
          synchronization_request_id: "s1",
          applied_at: old,
        },
      ])
      const early = await runDataRetention(getContainer())
      expect(early.installmentChangesRemoved).toBe(0) // the order is not final yet
      expect(early.deletedCardRowsRemoved).toBe(0) // deleted today: kept for deletedCardRetentionDays (90)
      await pg()("order").where({ id: orderId }).update({ status: "completed" })
      await pg()("tbc_saved_card")
        .where({ id: card.id })
        .update({ deleted_card_at: new Date(Date.now() - 91 * day) })

      const run = await runDataRetention(getContainer())
      expect(run.deletedCardRowsRemoved).toBe(1)
      expect(run.installmentChangesRemoved).toBe(2)
      expect(await cardRows(store.customer.id)).toHaveLength(0)
      expect(
        await pg()("tbc_installment_status_change").where({ bank_session_id: "bank-sess-retention" })
      ).toHaveLength(0)
    })

    it("a recording that fails is listed in the admin and recorded by the retry run", async () => {
      const { card, orderId } = await aliceSavesCard()
      await pg()("tbc_saved_card").where({ id: card.id }).delete()
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: ["payment_collections.payments.id"],
          filters: { id: orderId },
        })
      const paymentId = (data[0] as any).payment_collections[0].payments[0].id as string

      await bank.setFaults({ failNext: { count: 100, status: 503, path: GET_PAYMENT } })
      const failed = await recordCardsForPayment(getContainer(), paymentId)
      expect(failed).toEqual([{ paymentId, outcome: "error" }])
      const admin = await createAdminRequestConfig(getContainer(), api)
      const failures = async (): Promise<any[]> =>
        (await api.get("/admin/tbc/saved-cards/recording-failures", admin)).data.recording_failures
      const listed = await failures()
      expect(listed).toEqual([
        expect.objectContaining({ payment_id: paymentId, customer_id: store.customer.id, state: "retrying" }),
      ])
      expect(listed[0].attempts).toBe(1)
      expect(JSON.stringify(listed)).not.toMatch(/tbcrec1|recId/)

      await bank.setFaults({ reset: true })
      const retried = await retryDueRecordings(getContainer(), new Date(Date.now() + 60 * 60 * 1000))
      expect(retried).toEqual({ tried: 1, recorded: 1 })
      expect(await cardRows(store.customer.id)).toHaveLength(1)
      expect(await failures()).toEqual([])
      // the resolved failure is bookkeeping only: removed after deletedCardRetentionDays
      await pg()("tbc_saved_card_recording_failure")
        .where({ payment_id: paymentId })
        .update({ resolved_at: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) })
      expect((await runDataRetention(getContainer())).recordingFailuresRemoved).toBe(1)
      expect(await pg()("tbc_saved_card_recording_failure").where({ payment_id: paymentId })).toEqual([])
    })
  },
})
