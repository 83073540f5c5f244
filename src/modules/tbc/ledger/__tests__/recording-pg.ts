/**
 * A PostgreSQL connection for the ledger's database tests that forwards every statement and logs
 * what it was: `read`, or a write with the commit mode PostgreSQL itself reported for the
 * statement's transaction (the `commit_mode` column every ledger write returns, ../moves.ts):
 * `write durable`, `write relaxed`, or `write lost` (a compare-and-set that matched no row, so
 * nothing was written). Only the ledger's statements are logged. A test may push its own lines (a
 * bank call) into the same log, to see what was committed, and how, before and after each call.
 */
import type { PgConnection } from "../../pg-connection"

const WRITE = /\b(insert|update|delete)\b/i
/** The ledger's tables (a provider also reads the admin's settings, which are not the ledger's). */
const LEDGER = /\btbc_(payment|ledger_event)\b/

export interface RecordingConnection extends PgConnection {
  /** every statement (and whatever the test pushed), in order */
  log: string[]
}

/** `before`: runs before each ledger statement is sent (e.g. to log the bank calls made since the last). */
export function recordingConnection(pg: PgConnection, log: string[] = [], before = () => {}): RecordingConnection {
  return {
    log,
    async raw(sql, bindings) {
      if (!LEDGER.test(sql)) return pg.raw(sql, bindings)
      before()
      const result = await pg.raw(sql, bindings)
      if (!WRITE.test(sql)) log.push("read")
      else if (result.rows.length === 0) log.push("write lost")
      else {
        const mode = result.rows[0].commit_mode
        log.push(
          mode === "off" ? "write relaxed" : typeof mode === "string" ? "write durable" : "write (mode not reported)"
        )
      }
      return result
    },
  }
}
