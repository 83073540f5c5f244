import { testDbName } from "../../../../integration-tests/utils/db-name"
import path from "path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { TBC_MODULE } from ".."
import TbcModuleService from "../service"

jest.setTimeout(60_000)

const MODULE_DIR = path.join(__dirname, "..")
const TABLES = [
  "tbc_saved_card",
  "tbc_installment_application",
  "tbc_installment_status_change",
  "tbc_installment_sync_run",
  "tbc_installment_sync_poll",
  "tbc_callback_log",
  "tbc_installment_change_failure",
  "tbc_payment",
  "tbc_saved_card_recording_failure",
  "tbc_ledger_event",
  "tbc_card_addition",
  "tbc_provider_setting",
  "tbc_provider_setting_change",
  "tbc_payment_link",
]

const savedCard = (recId: string) => ({
  customer_id: "cus_01",
  provider_id: "pp_tbc-checkout_tbc",
  rec_id: recId,
  pay_id: `pay-${recId}`,
})

const statusChange = (changeDate: string) => ({
  bank_session_id: "bank-session-1",
  status_id: 3,
  change_date: changeDate,
  synchronization_request_id: "sync-1",
  applied_at: new Date(),
})

moduleIntegrationTestRunner<TbcModuleService>({
  moduleName: TBC_MODULE,
  resolve: MODULE_DIR,
  dbName: testDbName("tbc-it-module"),
  // The real generated migrations build the schema, not the models: this proves they run.
  pathToMigrations: path.join(MODULE_DIR, "migrations"),
  testSuite: ({ service, MikroOrmWrapper }) => {
    describe("migrations", () => {
      it("create every tbc_ table", async () => {
        const rows: { table_name: string }[] = await MikroOrmWrapper.getManager().execute(
          `select table_name from information_schema.tables where table_schema = 'public' and table_name like 'tbc\\_%'`
        )
        expect(rows.map((row) => row.table_name).sort()).toEqual([...TABLES].sort())
      })

      it("match the models (a model changed without a new migration fails here)", async () => {
        const diff = await MikroOrmWrapper.getOrm().getSchemaGenerator().getUpdateSchemaSQL({
          wrap: false,
          safe: true,
        })
        expect(diff.trim()).toBe("")
      })
    })

    describe("SavedCard", () => {
      it("stores a card with the tbccard id prefix and pending status", async () => {
        const card = await service.createSavedCards(savedCard("rec-1"))
        expect(card.id).toMatch(/^tbccard_/)
        expect(card.status).toBe("pending")
        const [listed] = await service.listSavedCards({ customer_id: "cus_01" })
        expect(listed.rec_id).toBe("rec-1")
      })

      it("rejects a second row for the same rec_id, even after the first is soft-deleted", async () => {
        const first = await service.createSavedCards(savedCard("rec-dup"))
        await expect(service.createSavedCards(savedCard("rec-dup"))).rejects.toThrow()
        await service.softDeleteSavedCards([first.id])
        await expect(service.createSavedCards(savedCard("rec-dup"))).rejects.toThrow()
      })

      it("rejects a status outside pending|active|deleted", async () => {
        await expect(service.createSavedCards({ ...savedCard("rec-bad"), status: "stolen" as never })).rejects.toThrow()
      })
    })

    describe("InstallmentApplication", () => {
      it("keeps amounts exact and bank_session_id unique", async () => {
        const created = await service.createInstallmentApplications({
          bank_session_id: "bank-session-1",
          payment_session_id: "payses_01",
          status_id: 0,
          amount: 1234.56,
          contribution_amount: 0.01,
        })
        expect(created.id).toMatch(/^tbcapp_/)
        const stored = await service.retrieveInstallmentApplication(created.id)
        expect(Number(stored.amount)).toBe(1234.56)
        expect(Number(stored.contribution_amount)).toBe(0.01)
        await expect(
          service.createInstallmentApplications({
            bank_session_id: "bank-session-1",
            payment_session_id: "payses_02",
            status_id: 0,
            amount: 1,
          })
        ).rejects.toThrow()
      })
    })

    describe("InstallmentStatusChange", () => {
      it("accepts a change once per (bank_session_id, status_id, change_date)", async () => {
        await service.createInstallmentStatusChanges(statusChange("2026-11-22T10:00:00"))
        await expect(service.createInstallmentStatusChanges(statusChange("2026-11-22T10:00:00"))).rejects.toThrow()
        // The same status reported again at another time is a new change.
        await service.createInstallmentStatusChanges(statusChange("2026-11-22T10:05:00"))
        const [, count] = await service.listAndCountInstallmentStatusChanges({
          bank_session_id: "bank-session-1",
        })
        expect(count).toBe(2)
      })

      it("lets ON CONFLICT DO NOTHING on the exactly-once key work without a predicate", async () => {
        const insert = `insert into tbc_installment_status_change
          (id, bank_session_id, status_id, change_date, synchronization_request_id, applied_at)
          values (?, 'bank-session-9', 5, 'd1', 'sync-9', now())
          on conflict (bank_session_id, status_id, change_date) do nothing`
        const manager = MikroOrmWrapper.getManager()
        await manager.execute(insert, ["tbcchg_a"])
        await manager.execute(insert, ["tbcchg_b"])
        const rows: { id: string }[] = await manager.execute(
          `select id from tbc_installment_status_change where bank_session_id = 'bank-session-9'`
        )
        expect(rows.map((row) => row.id)).toEqual(["tbcchg_a"])
      })
    })

    describe("TbcPayment", () => {
      const payment = (payId: string | null) => ({
        provider_id: "pp_tbc-checkout_tbc",
        pay_id: payId,
        payment_session_id: "payses_1",
        amount: 123_456_789,
        currency: "GEL",
        kind: "web",
      })

      it("keeps one row per payId, tetri as integers, and any number of not-yet-answered executions", async () => {
        const created = await service.createTbcPayments(payment("pay-1"))
        expect(created.id).toMatch(/^tbcpay_/)
        expect((await service.listTbcPayments({ pay_id: "pay-1" }))[0].amount).toBe(123_456_789)
        await expect(service.createTbcPayments(payment("pay-1"))).rejects.toThrow()
        await service.createTbcPayments([
          { ...payment(null), kind: "execution" },
          { ...payment(null), kind: "execution" },
        ])
        expect(await service.listTbcPayments({ payment_session_id: "payses_1" })).toHaveLength(3)
      })

      it("holds kind, state (by kind) and a completion failure's class to their values", async () => {
        await service.createTbcPayments([
          { ...payment("pay-ok-1"), kind: "web", state: "held" },
          { ...payment("pay-ok-2"), kind: "refund", state: "done", completion_failure_class: "unknown" },
        ])
        for (const bad of [
          { kind: "loan", state: "sending" },
          { kind: "web", state: "done" },
          { kind: "refund", state: "held" },
          { kind: "web", state: "Held" },
          { kind: "web", state: "held", completion_failure_class: "flaky" },
        ]) {
          await expect(service.createTbcPayments({ ...payment(null), ...bad })).rejects.toThrow(/check constraint/)
        }
      })
    })

    describe("InstallmentSyncRun and CallbackLog", () => {
      it("record a sync run and a callback", async () => {
        const run = await service.createInstallmentSyncRuns({
          synchronization_request_id: "sync-1",
          change_count: 2,
          applied_count: 1,
        })
        expect(run.acknowledged_at).toBeNull()
        const log = await service.createCallbackLogs({
          provider_id: "pp_tbc-checkout_tbc",
          pay_id: "pay-1",
          source_ip: "127.0.0.1",
          result: "accepted",
        })
        const [listed] = await service.listCallbackLogs({ pay_id: "pay-1" })
        expect(listed.id).toBe(log.id)
        expect(listed.result).toBe("accepted")
      })

      it("keep a sync run's bookkeeping through the single-statement methods", async () => {
        const id = await service.startInstallmentSyncRun({ synchronization_request_id: "sync-2", change_count: 500 })
        expect(id).toMatch(/^tbcsync_/)
        const [started] = await service.listInstallmentSyncRuns({ id })
        expect(started).toMatchObject({
          synchronization_request_id: "sync-2",
          change_count: 500,
          applied_count: 0,
          applied_at: null,
          error: null,
        })

        await service.markInstallmentSyncRunApplied(id, {
          applied_count: 498,
          error: "2 change(s) could not be applied to Medusa",
        })
        await service.markInstallmentSyncRunAcknowledged(id)
        const [done] = await service.listInstallmentSyncRuns({ id })
        expect(done).toMatchObject({ applied_count: 498, error: "2 change(s) could not be applied to Medusa" })
        expect(done.applied_at).toBeInstanceOf(Date)
        expect(done.acknowledged_at).toBeInstanceOf(Date)

        await service.markInstallmentSyncRunFailed(id, "x".repeat(5000))
        const [failed] = await service.listInstallmentSyncRuns({ id })
        expect(failed.error).toBe("x".repeat(1000))
        expect(failed.applied_count).toBe(498)
      })

      it("keep one last-poll row per provider, overwritten by each poll", async () => {
        await service.recordInstallmentSyncPoll({ provider_id: "pp_a", received: 3 })
        const [first] = await service.listInstallmentSyncPolls({ provider_id: "pp_a" })
        expect(first).toMatchObject({ provider_id: "pp_a", received: 3 })
        await service.recordInstallmentSyncPoll({ provider_id: "pp_a", received: 0 })
        await service.recordInstallmentSyncPoll({ provider_id: "pp_b", received: 0 })
        const polls = await service.listInstallmentSyncPolls({}, { order: { provider_id: "ASC" } })
        expect(polls.map((p) => [p.provider_id, p.received])).toEqual([
          ["pp_a", 0],
          ["pp_b", 0],
        ])
        expect(polls[0].id).toBe(first.id)
        expect(polls[0].polled_at.getTime()).toBeGreaterThanOrEqual(first.polled_at.getTime())
      })
    })
  },
})
