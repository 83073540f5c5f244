/**
 * LedgerStore on PostgreSQL (the tbc module's own migrations): how its writes commit (durable
 * before a bank call, relaxed for an answer, ../moves.ts) and the compare-and-set on an entry the
 * caller already holds, alone and several in one statement (apply, applyAll). Every statement is
 * logged by ./recording-pg.ts, with the commit mode PostgreSQL reported inside its transaction.
 */
import path from "path"
import { ModulesSdkUtils } from "@medusajs/framework/utils"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { testDbName } from "../../../../../integration-tests/utils/db-name"
import { TBC_MODULE } from "../.."
import { LedgerStore, OperationUnderWayError, operationSeed, type LedgerEntry, type OpenEntry } from "../ledger-store"
import { recordingConnection, type RecordingConnection } from "./recording-pg"
import { preparedStatements } from "../../prepared-statements"
import type { PgConnection } from "../../pg-connection"
import { FIRST_PAGE, heldPreauthPage, lostCallbackCandidates } from "../job-reads"
import { awaitingMedusaRecord } from "../bank-returns"

jest.setTimeout(60_000)

const MODULE_DIR = path.join(__dirname, "../..")

const chargeSeed = (sessionId = "payses_1"): OpenEntry => ({
  kind: "web",
  provider_id: "pp_tbc-checkout_tbc",
  payment_session_id: sessionId,
  amount: 5499,
  currency: "GEL",
  merchant_payment_id: sessionId,
})

const read = (status: string, payId = "PAY1") => ({ type: "bank_status" as const, status, payId })

moduleIntegrationTestRunner({
  moduleName: TBC_MODULE,
  resolve: MODULE_DIR,
  dbName: testDbName("tbc-it-ledger-store"),
  pathToMigrations: path.join(MODULE_DIR, "migrations"),
  testSuite: ({ dbConfig }) => {
    let knex: ReturnType<typeof ModulesSdkUtils.createPgConnection>
    let pg: RecordingConnection
    let ledger: LedgerStore

    // ONE pooled connection: a setting that outlived its statement would show in the next one
    beforeAll(() => {
      knex = ModulesSdkUtils.createPgConnection({ ...dbConfig, pool: { min: 1, max: 1 } })
    })
    afterAll(() => knex.destroy())
    beforeEach(() => {
      // as in the app: the store's statements prepared on the pool (../../prepared-statements.ts)
      pg = recordingConnection(preparedStatements(knex))
      ledger = new LedgerStore(pg)
    })

    const setting = async (): Promise<string> =>
      (await knex.raw("select current_setting('synchronous_commit') as mode")).rows[0].mode
    /** A charge the bank holds (WaitingConfirm, payId PAY1), as the ledger has it. */
    const heldCharge = async (): Promise<LedgerEntry> => {
      const opened = await ledger.open(chargeSeed(), "test")
      const moved = await ledger.apply(opened.id, read("WaitingConfirm"), "test")
      if (!moved.ok) throw new Error(moved.reason)
      pg.log.length = 0
      return moved.entry
    }
    const auditOf = async (id: string) =>
      (await ledger.events(id)).map((line) => `${line.event}: ${line.from_state} → ${line.to_state}`)

    describe("commits", () => {
      it("opens durably; a relaxed move commits with synchronous_commit off for its own transaction only", async () => {
        const opened = await ledger.open(chargeSeed(), "test")
        const moved = await ledger.apply(opened, read("Created"), "bank:answer", { commit: "relaxed" })
        expect(moved).toMatchObject({ ok: true, changed: true, entry: { state: "created", pay_id: "PAY1" } })
        // the next durable write, on the same pooled connection, is durable again
        await ledger.apply(moved.entry!, read("WaitingConfirm"), "bank:callback")
        expect(pg.log).toEqual(["write durable", "write relaxed", "write durable"])
        expect(await setting()).not.toBe("off")
      })

      it("a durable write turns synchronous_commit on for itself where the connection's default is off", async () => {
        await knex.raw("set synchronous_commit to off")
        try {
          await ledger.open(chargeSeed(), "test")
          expect(pg.log).toEqual(["write durable"])
          expect(await setting()).toBe("off")
        } finally {
          await knex.raw("reset synchronous_commit")
        }
      })

      it("a bank read of the status the entry already has keeps only its time, relaxed", async () => {
        const charge = await heldCharge()
        const again = await ledger.applyByPayId("PAY1", read("WaitingConfirm"), "bank:callback")
        expect(again).toMatchObject({ ok: true, changed: false, entry: { id: charge.id, revision: charge.revision } })
        expect(pg.log).toEqual(["read", "write relaxed"])
      })
    })

    describe("apply on the entry the caller holds", () => {
      it("writes without reading it first; its revision guards the write", async () => {
        const charge = await heldCharge()
        const paid = await ledger.apply(charge, read("Succeeded"), "bank:answer")
        expect(paid).toMatchObject({
          ok: true,
          changed: true,
          entry: { state: "paid", revision: charge.revision! + 1 },
        })
        expect(pg.log).toEqual(["write durable"])
      })

      it("a copy that another move made stale loses its compare-and-set and is judged again as the entry now is", async () => {
        const charge = await heldCharge()
        await ledger.apply(charge.id, read("Succeeded"), "bank:callback") // a callback, meanwhile
        pg.log.length = 0
        const late = await ledger.apply(charge, read("Succeeded"), "bank:answer")
        expect(late).toMatchObject({ ok: true, changed: false, entry: { state: "paid" } })
        expect(pg.log).toEqual(["write lost", "read", "write relaxed"])
        expect((await auditOf(charge.id)).filter((line) => line.endsWith("→ paid"))).toHaveLength(1)
      })

      it("never refuses on a held copy: a refusal is decided on the entry as it now is", async () => {
        const charge = await heldCharge()
        expect(await ledger.claimOrphan("PAY1", false, "policy:orphan")).toBe(true)
        const claimed = (await ledger.byId(charge.id))!
        await ledger.releaseOrphanClaim("PAY1", "policy:orphan") // the claim given back, meanwhile
        pg.log.length = 0
        // on the copy the money is being released (refused); as the entry now is, it is free
        const authorized = await ledger.markAuthorized(claimed, "provider:authorize")
        expect(authorized).toMatchObject({ ok: true, changed: true })
        expect(authorized.entry?.authorized_at).toBeInstanceOf(Date)
        expect(pg.log).toEqual(["read", "write durable"])
      })
    })

    describe("applyAll", () => {
      it("moves an operation and its charge in ONE statement, each with its audit line", async () => {
        const charge = await heldCharge()
        const op = await ledger.open(operationSeed(charge, "completion", 5499), "provider:admin-request")
        pg.log.length = 0
        const [opMoved, chargeMoved] = await ledger.applyAll(
          [
            { entry: op, event: { type: "bank_status", status: "Succeeded" }, actor: "bank:answer" },
            { entry: charge, event: read("Succeeded"), actor: "bank:answer" },
          ],
          { commit: "relaxed" }
        )
        expect(opMoved).toMatchObject({ ok: true, changed: true, entry: { id: op.id, state: "done" } })
        expect(chargeMoved).toMatchObject({ ok: true, changed: true, entry: { id: charge.id, state: "paid" } })
        expect(pg.log).toEqual(["write relaxed"])
        expect(await auditOf(op.id)).toEqual(["opened: null → sending", "bank_status: sending → done"])
        expect((await auditOf(charge.id)).at(-1)).toBe("bank_status: held → paid")
      })

      it("a held entry moved meanwhile is read again and judged as it now is; the other move stays written", async () => {
        const charge = await heldCharge()
        const op = await ledger.open(operationSeed(charge, "completion", 5499), "provider:admin-request")
        await ledger.apply(charge.id, read("Succeeded"), "bank:callback") // the callback came first
        pg.log.length = 0
        const [opMoved, chargeMoved] = await ledger.applyAll(
          [
            { entry: op, event: { type: "bank_status", status: "Succeeded" }, actor: "bank:answer" },
            { entry: charge, event: read("Succeeded"), actor: "bank:answer" },
          ],
          { commit: "relaxed" }
        )
        expect(opMoved).toMatchObject({ ok: true, changed: true, entry: { state: "done" } })
        expect(chargeMoved).toMatchObject({ ok: true, changed: false, entry: { state: "paid" } })
        // one statement (the operation's row came back, the charge's did not), then the charge alone
        expect(pg.log).toEqual(["write relaxed", "read", "write relaxed"])
        expect((await auditOf(charge.id)).filter((line) => line.endsWith("→ paid"))).toHaveLength(1)
      })
    })

    describe("openOperationOn", () => {
      it("reads the charge and opens the operation on it in ONE statement, with its audit line", async () => {
        const charge = await heldCharge()
        const opened = await ledger.openOperationOn(
          "PAY1",
          { kind: "refund", amountMinor: 1200 },
          "provider:admin-request"
        )
        expect(opened?.charge).toMatchObject({ id: charge.id, state: "held", revision: charge.revision })
        expect(opened?.op).toMatchObject({
          kind: "refund",
          state: "sending",
          parent_id: charge.id,
          amount: 1200,
          currency: "GEL",
          provider_id: charge.provider_id,
          payment_session_id: charge.payment_session_id,
          pay_id: null,
        })
        expect(pg.log).toEqual(["write durable"])
        expect(await auditOf(opened!.op.id)).toEqual(["opened: null → sending"])
        expect((await ledger.events(opened!.op.id))[0].note).toBe("refund 1200 GEL")
      })

      it("refuses a second operation while one is under way, naming it; opens nothing for an unknown payId", async () => {
        await heldCharge()
        const first = await ledger.openOperationOn("PAY1", { kind: "completion", amountMinor: 5499 }, "test")
        const second = await ledger
          .openOperationOn("PAY1", { kind: "cancel", amountMinor: 5499 }, "test", { commit: "relaxed" })
          .catch((error: unknown) => error)
        expect(second).toBeInstanceOf(OperationUnderWayError)
        expect((second as OperationUnderWayError).open?.id).toBe(first?.op.id)
        expect(await ledger.openOperationOn("PAY_UNKNOWN", { kind: "refund", amountMinor: 1 }, "test")).toBeUndefined()
        expect(await ledger.operationsOf(first!.charge.id)).toHaveLength(1)
      })
    })

    // the inserts return only the times the server makes: the entry they hand back is built from what they wrote
    describe("entries as opened", () => {
      it("open and openOperationOn hand back the entry exactly as it then reads", async () => {
        const opened = await ledger.open({ ...chargeSeed("payses_2"), cart_id: "cart_2", card_mask: "4111" }, "test")
        expect(opened).toEqual(await ledger.byId(opened.id))
        await heldCharge()
        const on = await ledger.openOperationOn("PAY1", { kind: "cancel", amountMinor: 5499 }, "test")
        expect(on!.op).toEqual(await ledger.byId(on!.op.id))
        expect(on!.charge).toEqual(await ledger.byPayId("PAY1"))
      })
    })

    describe("recordRefundBaseline", () => {
      it("keeps the baseline durably and reads the charge's operations in the same statement", async () => {
        const charge = await heldCharge()
        const completion = await ledger.openOperationOn("PAY1", { kind: "completion", amountMinor: 5499 }, "test")
        await ledger.apply(completion!.op, { type: "bank_status", status: "Succeeded" }, "bank:answer")
        const refund = await ledger.openOperationOn("PAY1", { kind: "refund", amountMinor: 1000 }, "test", {
          commit: "relaxed",
        })
        pg.log.length = 0
        const kept = await ledger.recordRefundBaseline(
          refund!.op,
          { status: "Succeeded", returnedMinor: 0, confirmedMinor: 5499 },
          "test"
        )
        expect(pg.log).toEqual(["write durable"])
        expect(kept!.entry).toMatchObject({ id: refund!.op.id, baseline_status: "Succeeded", baseline_confirmed: 5499 })
        expect(kept!.entry).toEqual(await ledger.byId(refund!.op.id))
        expect(kept!.operations).toEqual(await ledger.operationsOf(charge.id))
        expect(kept!.operations!.map((op) => [op.kind, op.state])).toEqual([
          ["completion", "done"],
          ["refund", "sending"],
        ])
      })

      it("a held copy made stale: the baseline is written the usual way and the operations are left to the caller", async () => {
        await heldCharge()
        const refund = await ledger.openOperationOn("PAY1", { kind: "refund", amountMinor: 1000 }, "test")
        await ledger.apply(refund!.op.id, { type: "unreadable_answer", reason: "test" }, "test") // moved meanwhile
        const kept = await ledger.recordRefundBaseline(
          refund!.op,
          { status: "Succeeded", returnedMinor: 0, confirmedMinor: 5499 },
          "test"
        )
        expect(kept?.operations).toBeUndefined()
      })
    })

    // Every job's and the attention list's read can be served by IDX_tbc_payment_unresolved (its
    // WHERE implies the index's predicate): with the table's other indexes dropped and sequential
    // scans off, in a transaction rolled back, each plan must name it. A query edited so that it no
    // longer implies the predicate would scan the whole table in production, and fails here.
    describe("the unresolved entries' index", () => {
      it("serves the jobs' and the attention list's reads", async () => {
        const statements: { sql: string; bindings: unknown[] }[] = []
        const capture: PgConnection = {
          raw: async (sql, bindings) => {
            statements.push({ sql, bindings })
            return { rows: [] }
          },
        }
        const provider = "pp_tbc-checkout_tbc"
        const store = new LedgerStore(capture)
        await store.attentionCandidates(50)
        await store.orphanCandidates(provider, 3600, 50)
        await lostCallbackCandidates(capture, provider, { newest: new Date(), oldest: new Date(0), limit: 50 })
        await heldPreauthPage(capture, provider, FIRST_PAGE, 50)
        await awaitingMedusaRecord(capture, provider, 50)
        // settled entries, so that reading the whole table by another road costs more
        await knex.raw(
          `insert into tbc_payment (id, provider_id, payment_session_id, amount, currency, kind, state, order_id)
           select 'tbcpay_settled_' || g, ?, 'payses_s_' || g, 100, 'GEL', 'web', 'paid', 'order_' || g
           from generate_series(1, 2000) g`,
          [provider]
        )
        await knex.raw("analyze tbc_payment")
        const plans: string[] = []
        await knex
          .transaction(async (trx) => {
            const { rows } = await trx.raw(
              `select indexname from pg_indexes where tablename = 'tbc_payment'
               and indexname not in ('IDX_tbc_payment_unresolved', 'tbc_payment_pkey')`
            )
            for (const { indexname } of rows) await trx.raw(`drop index "${indexname}"`)
            await trx.raw("set local enable_seqscan = off")
            for (const { sql, bindings } of statements) {
              const plan = await trx.raw(`explain ${sql}`, bindings as never[])
              plans.push(plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n"))
            }
            throw new Error("rolled back")
          })
          .catch((error: Error) => {
            if (error.message !== "rolled back") throw error
          })
        await knex.raw("delete from tbc_payment where id like 'tbcpay_settled_%'")
        expect(plans).toHaveLength(5)
        for (const plan of plans) expect(plan).toContain("IDX_tbc_payment_unresolved")
      })
    })

    // the store's statements as prepared statements (../../prepared-statements.ts), on the one pooled connection
    describe("prepared statements", () => {
      const preparedOnConnection = async (): Promise<string[]> =>
        (
          await knex.raw("select statement from pg_prepared_statements where name like 'tbc\\_%' order by statement")
        ).rows.map((row: { statement: string }) => row.statement)

      it("parses each statement once per connection: a second run reuses it", async () => {
        const charge = await heldCharge()
        expect(await ledger.byPayId("PAY1")).toMatchObject({ id: charge.id })
        const parsed = await preparedOnConnection()
        expect(parsed.filter((text) => text.includes("pay_id = $1") && text.startsWith("select"))).toHaveLength(1)
        expect(parsed.some((text) => text.includes("insert into tbc_payment"))).toBe(true)
        await ledger.byPayId("PAY1")
        await ledger.open(chargeSeed("payses_2"), "test")
        expect(await preparedOnConnection()).toEqual(parsed)
      })

      it("a migration that changes the table under a parsed statement: the statement is parsed again", async () => {
        const charge = await heldCharge()
        await ledger.byPayId("PAY1") // parsed with the table as it was
        await knex.raw("alter table tbc_payment add column prepared_probe text")
        try {
          expect(await ledger.byPayId("PAY1")).toMatchObject({ id: charge.id, state: "held" })
          const moved = await ledger.apply(charge, read("Succeeded"), "bank:callback")
          expect(moved).toMatchObject({ ok: true, changed: true, entry: { state: "paid" } })
        } finally {
          await knex.raw("alter table tbc_payment drop column prepared_probe")
        }
      })

      // last: it turns naming off for this process (as a pooler that drops statements would)
      it("statements dropped behind the driver's back (a transaction pooler): sent unnamed from then on", async () => {
        const charge = await heldCharge()
        await ledger.byPayId("PAY1")
        await knex.raw("deallocate all") // what PgBouncer in transaction mode does to a client's statements
        expect(await ledger.byPayId("PAY1")).toMatchObject({ id: charge.id })
        expect(await ledger.apply(charge, read("Succeeded"), "bank:callback")).toMatchObject({
          ok: true,
          changed: true,
        })
        expect(await preparedOnConnection()).toEqual([])
      })
    })
  },
})
