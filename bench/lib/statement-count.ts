/**
 * Counts the SQL statements a provider sends to its money ledger, to explain the ledger's wall
 * time: every statement is a round trip to PostgreSQL, and every statement that writes is a
 * commit of its own (the ledger runs each statement on its own, outside any transaction), which
 * waits for PostgreSQL's WAL fsync unless it says `synchronous_commit` off for itself (a relaxed
 * commit, see docs/money-ledger.md "Durability").
 */
import type { PgConnection } from "../../src/modules/tbc/pg-connection"

export interface StatementCount {
  reads: number
  /** writes committed the default way: the commit waits for the fsync */
  durable: number
  /** writes whose commit does not wait (synchronous_commit off for that transaction) */
  relaxed: number
}

/** The ledger's tables (the admin settings' cached read, once a second, is not the ledger's). */
const LEDGER = /\btbc_(payment|ledger_event)\b/
const WRITE = /\b(insert|update|delete)\b/i
const RELAXED = /set_config\('synchronous_commit', 'off', true\)/i

/** A connection that forwards every statement to `pg` and counts it into `count` while counting. */
export function countingConnection(pg: PgConnection): {
  pg: PgConnection
  count: <T>(work: () => Promise<T>) => Promise<StatementCount>
} {
  let current: StatementCount | undefined
  const counting: PgConnection = {
    raw(sql, bindings) {
      if (current && LEDGER.test(sql)) {
        if (!WRITE.test(sql)) current.reads++
        else if (RELAXED.test(sql)) current.relaxed++
        else current.durable++
      }
      return pg.raw(sql, bindings)
    },
  }
  return {
    pg: counting,
    count: async (work) => {
      const mine: StatementCount = { reads: 0, durable: 0, relaxed: 0 }
      current = mine
      try {
        await work()
      } finally {
        current = undefined
      }
      return mine
    },
  }
}
