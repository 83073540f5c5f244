/** The batched exactly-once methods of the installment sync, on real PostgreSQL. */
import { testDbName } from "../../../../integration-tests/utils/db-name"
import path from "path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { TBC_MODULE } from ".."
import { changeKeyOf } from "../installment-sync-sql"
import TbcModuleService from "../service"

jest.setTimeout(60_000)

const MODULE_DIR = path.join(__dirname, "..")

const change = (sid: string, statusId: number, date: string) => ({
  bank_session_id: sid,
  status_id: statusId,
  change_date: date,
  status_description: `status ${statusId}`,
  contribution_amount: 0,
})

moduleIntegrationTestRunner<TbcModuleService>({
  moduleName: TBC_MODULE,
  resolve: MODULE_DIR,
  dbName: testDbName("tbc-it-installment-sql"),
  pathToMigrations: path.join(MODULE_DIR, "migrations"),
  testSuite: ({ service }) => {
    it("records a change once however often it is delivered, and moves the application forward", async () => {
      expect(
        await service.ensureInstallmentApplications([
          { bank_session_id: "s1", payment_session_id: "payses_1", amount: "1234.56", cart_id: "cart_1" },
        ])
      ).toBe(1)
      expect(
        await service.ensureInstallmentApplications([
          { bank_session_id: "s1", payment_session_id: "payses_x", amount: 1 },
        ])
      ).toBe(0)

      const page = [
        change("s1", 1, "2026-01-01T10:00:00.000Z"),
        change("s1", 2, "2026-01-01T10:05:00.000Z"),
        change("s2", 6, "2026-01-01T10:06:00.000Z"),
      ]
      const first = await service.recordInstallmentStatusChanges({
        synchronization_request_id: "sync-1",
        changes: page,
      })
      expect(first.map(changeKeyOf).sort()).toEqual(page.map(changeKeyOf).sort())

      const again = await service.recordInstallmentStatusChanges({
        synchronization_request_id: "sync-2",
        changes: [...page, page[0]],
        orders: [{ bank_session_id: "s1", order_id: "order_1" }],
      })
      expect(again).toEqual([])
      expect((await service.listRecordedInstallmentChangeKeys(page)).sort()).toEqual(page.map(changeKeyOf).sort())
      expect(await service.listRecordedInstallmentChangeKeys([change("s9", 2, "x")])).toEqual([])

      const [app] = await service.listInstallmentApplications({ bank_session_id: "s1" })
      expect(app).toMatchObject({
        status_id: 2,
        status_description: "status 2",
        order_id: "order_1",
        payment_session_id: "payses_1",
      })
      expect(Number(app.amount)).toBe(1234.56)
      expect(await service.listInstallmentStatusChanges({})).toHaveLength(3)

      // an older change arriving late is recorded but does not move the application back
      await service.recordInstallmentStatusChanges({
        synchronization_request_id: "sync-3",
        changes: [change("s1", 0, "2026-01-01T09:00:00.000Z")],
      })
      const [still] = await service.listInstallmentApplications({ bank_session_id: "s1" })
      expect(still.status_id).toBe(2)
    })

    it("keeps a failed change's tries, due time and outcome; a retry that succeeded is no longer pending", async () => {
      const failed = change("f1", 2, "2026-03-01T00:00:00.000Z")
      const later = change("f2", 5, "2026-03-01T00:01:00.000Z")
      const failure = (c: typeof failed, attempts: number, retryInSeconds: number | null) => ({
        ...c,
        payment_session_id: "payses_f",
        attempts,
        error: `try ${attempts} failed`,
        retryInSeconds,
      })
      // first try: nothing recorded, a retry due at once and one due in an hour
      await service.recordInstallmentStatusChanges({
        synchronization_request_id: "r-1",
        provider_id: "pp_tbc-installments_tbc",
        changes: [],
        failures: [failure(failed, 1, 0), failure(later, 1, 3600)],
      })
      expect(await service.listRecordedInstallmentChangeKeys([failed, later])).toEqual([])
      const pending = await service.listPendingInstallmentChangeFailures([failed, later])
      expect(pending.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: changeKeyOf(failed), attempts: 1, due: true },
        { key: changeKeyOf(later), attempts: 1, due: false },
      ])

      // second try of f1 succeeds (recorded + resolved); f2 given up on its second try (recorded too)
      await service.recordInstallmentStatusChanges({
        synchronization_request_id: "r-2",
        provider_id: "pp_tbc-installments_tbc",
        changes: [failed, later],
        failures: [failure(later, 2, null)],
        resolved: [failed],
      })
      expect(await service.listPendingInstallmentChangeFailures([failed, later])).toEqual([])
      expect((await service.listRecordedInstallmentChangeKeys([failed, later])).sort()).toEqual(
        [failed, later].map(changeKeyOf).sort()
      )
      const rows = await service.listInstallmentChangeFailures({}, { order: { bank_session_id: "ASC" } })
      expect(rows).toEqual([
        expect.objectContaining({
          bank_session_id: "f1",
          attempts: 1,
          resolved_at: expect.any(Date),
          gave_up_at: null,
        }),
        expect.objectContaining({
          bank_session_id: "f2",
          provider_id: "pp_tbc-installments_tbc",
          attempts: 2,
          last_error: "try 2 failed",
          gave_up_at: expect.any(Date),
          next_attempt_at: null,
        }),
      ])
    })

    it("inserts thousands of changes in one call", async () => {
      const many = Array.from({ length: 5000 }, (_, i) => change(`bulk-${i}`, 2, "2026-02-01T00:00:00.000Z"))
      const inserted = await service.recordInstallmentStatusChanges({
        synchronization_request_id: "bulk",
        changes: many,
      })
      expect(inserted).toHaveLength(5000)
      expect(
        await service.listInstallmentStatusChanges({ synchronization_request_id: "bulk" }, { take: 10_000 })
      ).toHaveLength(5000)
    })
  },
})
