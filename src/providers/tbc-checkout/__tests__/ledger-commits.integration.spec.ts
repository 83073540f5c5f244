/**
 * The provider's money operations against the sandbox bank with the ledger on PostgreSQL: what
 * the ledger commits, and how, around each bank call (src/modules/tbc/ledger/moves.ts,
 * docs/money-ledger.md "Durability"). Every write before a call that can move money is durable
 * (its commit waits for the disk); the answer is recorded relaxed, the operation and its charge
 * in one statement. The log interleaves the ledger's statements (with the commit mode PostgreSQL
 * reported inside each one's transaction) and the bank calls the sandbox received between them.
 */
import path from "path"
import { ModulesSdkUtils } from "@medusajs/framework/utils"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { testDbName } from "../../../../integration-tests/utils/db-name"
import { TBC_MODULE } from "../../../modules/tbc"
import { recordingConnection, type RecordingConnection } from "../../../modules/tbc/ledger/__tests__/recording-pg"
import { LedgerStore } from "../../../modules/tbc/ledger/ledger-store"
import { preparedStatements } from "../../../modules/tbc/prepared-statements"
import type TbcCheckoutProviderService from "../service"
import { CALLS, caught, harnessPerSuite } from "./provider-harness"

jest.setTimeout(60_000)

const MODULE_DIR = path.join(__dirname, "../../../modules/tbc")
const h = harnessPerSuite()
const BANK_CALLS: Record<string, string> = {
  [CALLS.create]: "create",
  [CALLS.completion]: "completion",
  [CALLS.cancel]: "cancel",
  [CALLS.get]: "read",
}

moduleIntegrationTestRunner({
  moduleName: TBC_MODULE,
  resolve: MODULE_DIR,
  dbName: testDbName("tbc-it-ledger-commits"),
  pathToMigrations: path.join(MODULE_DIR, "migrations"),
  testSuite: ({ dbConfig }) => {
    let knex: ReturnType<typeof ModulesSdkUtils.createPgConnection>
    let pg: RecordingConnection
    let provider: TbcCheckoutProviderService
    let seen: Record<string, number>

    beforeAll(() => {
      knex = ModulesSdkUtils.createPgConnection({ ...dbConfig, pool: { min: 1, max: 2 } })
    })
    afterAll(() => knex.destroy())

    /**
     * The bank calls the sandbox received since the last look, as one log line ("bank: cancel,
     * read"): the sandbox counts calls, so their order between two statements is not told.
     */
    const bankCallsSince = () => {
      const calls = h.sandbox.state().calls
      const made = Object.entries(BANK_CALLS).flatMap(([key, name]) =>
        Array.from({ length: (calls[key] ?? 0) - (seen[key] ?? 0) }, () => name)
      )
      if (made.length > 0) pg.log.push(`bank: ${made.join(", ")}`)
      seen = { ...calls }
    }
    /** The log of `work`: the ledger's statements and the bank calls between them. */
    const logOf = async (work: () => Promise<unknown>): Promise<string[]> => {
      bankCallsSince()
      pg.log.length = 0
      await work().catch(() => undefined)
      bankCallsSince()
      return [...pg.log]
    }

    beforeEach(() => {
      seen = {}
      pg = recordingConnection(preparedStatements(knex), [], () => bankCallsSince())
      provider = h.provider({ preAuth: true }, { __pg_connection__: pg })
    })

    let sessions = 0
    /** A payment the bank holds (preauthorized), through the provider: its charge is in the ledger. */
    const held = async (amount = 54.99) => {
      const out = await provider.initiatePayment({
        amount,
        currency_code: "gel",
        data: { session_id: `payses_commits_${++sessions}` },
      })
      await h.pay(String(out.data!.payId), "success")
      return (await provider.authorizePayment({ data: out.data })).data!
    }

    it("initiate: the charge is written durably before the bank creates the payment, its answer relaxed", async () => {
      const log = await logOf(() =>
        provider.initiatePayment({ amount: 20, currency_code: "gel", data: { session_id: "payses_commits_init" } })
      )
      expect(log).toEqual(["write durable", "bank: create", "write relaxed"])
    })

    it("capture: the completion's entry durably before the call; the answer moves it and its charge in one relaxed statement", async () => {
      const data = await held()
      const log = await logOf(() => provider.capturePayment({ data }))
      // the charge is read by the statement that opens the completion on it
      expect(log).toEqual(["write durable", "bank: completion", "write relaxed"])
      const charge = await new LedgerStore(knex).byPayId(String(data.payId))
      expect(charge).toMatchObject({ state: "paid", bank_status: "Succeeded" })
    })

    // the open need not wait for the disk: the baseline's durable commit, after the bank's read and
    // before the cancel call, flushes PostgreSQL's log up to itself, the open included
    it("cancel: the entry opened relaxed, made durable by its baseline's commit before the cancel call; the answer relaxed", async () => {
      const data = await held()
      const log = await logOf(() => provider.cancelPayment({ data }))
      expect(log).toEqual(["write relaxed", "bank: read", "write durable", "bank: cancel, read", "write relaxed"])
      const ledger = new LedgerStore(knex)
      const charge = await ledger.byPayId(String(data.payId))
      expect(charge).toMatchObject({ state: "returned" })
      expect(await ledger.operationsOf(charge!.id)).toEqual([
        expect.objectContaining({ kind: "cancel", state: "done", baseline_status: "WaitingConfirm" }),
      ])
    })

    it("refund: the same; a refund the provider refuses after its read is recorded relaxed, and no money call is made", async () => {
      const captured = (await provider.capturePayment({ data: await held(30) })).data!
      const log = await logOf(() => provider.refundPayment({ data: captured, amount: 10 }))
      expect(log).toEqual([
        "write relaxed",
        "bank: read",
        // the baseline, and in the same statement the charge's finished refunds, which every
        // instance shares (what Medusa already recorded; LedgerStore.recordRefundBaseline)
        "write durable",
        "bank: cancel, read",
        "write relaxed",
      ])
      const refused = await logOf(async () => {
        const error = await caught(provider.refundPayment({ data: captured, amount: 99 }))
        expect(error.message).toMatch(/more than the 20.00 GEL left/)
      })
      expect(refused).toEqual(["write relaxed", "bank: read", "write durable", "write relaxed"])
    })
  },
})
