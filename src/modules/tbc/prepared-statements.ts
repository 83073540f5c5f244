/**
 * The money ledger's statements as PostgreSQL prepared statements, on the app's own pool.
 *
 * Why (BENCHMARKS.md row 2d): every money operation sends the ledger 2–5 statements, one round
 * trip each. Through `knex.raw` one statement cost about 0.2 ms of this process's CPU in knex
 * itself (its raw builder, binding rewrite, query events) and, on the server, a fresh parse and
 * plan of the ledger's CTEs every time (0.25–1 ms: the tbc_payment row has ~50 columns, 11
 * indexes and check constraints to plan around). A named statement is parsed and planned once per
 * pooled connection; later runs only bind and execute. Same SQL, same bindings, same pool, same
 * commit per statement (no transaction is opened here): only the wire protocol changes.
 *
 * What can go wrong with named statements, and what this does about each (all rare; each retry
 * is safe because the failed statement did nothing: PostgreSQL rejected it before it ran):
 * - a migration changed a table under a statement parsed before it ("cached plan must not change
 *   result type", 0A000): the statement is dropped on that connection and sent again, parsed anew;
 * - a pooler between the app and PostgreSQL that does not keep prepared statements per client
 *   (PgBouncer in transaction mode before 1.21: "prepared statement … does not exist" 26000, or
 *   "already exists" 42P05): this process stops naming statements and sends them unnamed, as
 *   knex does (still without knex's own work).
 * Anything that is not Medusa's knex (a unit test's fake, a recording wrapper) is used as it is.
 */
import { createHash } from "node:crypto"
import type { PgConnection } from "./pg-connection"

/** The pg driver's client as knex's pool hands it out (pg.Client): the one call used. */
interface PooledClient {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>
  /** pg's record of the statements this connection has parsed, by name */
  connection?: { parsedStatements?: Record<string, unknown> }
}

/** What of a knex instance is used: its pool (knex.client). */
interface KnexLike extends PgConnection {
  client: {
    acquireConnection(): Promise<PooledClient>
    releaseConnection(connection: PooledClient): Promise<unknown>
  }
}

const isKnex = (pg: PgConnection): pg is KnexLike => {
  const client = (pg as Partial<KnexLike>).client
  return typeof client?.acquireConnection === "function" && typeof client?.releaseConnection === "function"
}

/** A statement as PostgreSQL takes it: `$n` placeholders, and its name (from its text: same text, same name). */
interface Statement {
  text: string
  /** undefined: sent unnamed (past NAMED_CAP) */
  name?: string
  placeholders: number
}

const statements = new Map<string, Statement | null>()
/**
 * At most this many texts get a name (each is kept on every pooled connection that ran it). The
 * ledger has a few dozen (a text per call site, facet set and page size); the cap only guards
 * against a future caller that builds its SQL from data.
 */
const NAMED_CAP = 500

/**
 * knex's `?` placeholders as `$1…$n`. null for SQL that uses knex's other forms (`??` identifiers,
 * `\?` escapes; none of the ledger's does): knex.raw then sends it, as before.
 */
function statementOf(sql: string): Statement | null {
  const known = statements.get(sql)
  if (known !== undefined) return known
  let statement: Statement | null = null
  if (!sql.includes("??") && !sql.includes("\\")) {
    let placeholders = 0
    const text = sql.replace(/\?/g, () => `$${++placeholders}`)
    const name =
      statements.size < NAMED_CAP ? `tbc_${createHash("sha1").update(text).digest("hex").slice(0, 24)}` : undefined
    statement = { text, name, placeholders }
  }
  if (statements.size < 10 * NAMED_CAP) statements.set(sql, statement)
  return statement
}

/** PostgreSQL's codes for a named statement the server no longer matches (see the header). */
const codeOf = (error: unknown): string | undefined => (error as { code?: string })?.code
const planChanged = (error: unknown) =>
  codeOf(error) === "0A000" && /cached plan/i.test(String((error as Error)?.message ?? ""))
const POOLER_CODES = new Set(["26000", "42P05"])

let naming = true

async function run(knex: KnexLike, statement: Statement, values: unknown[]) {
  const connection = await knex.client.acquireConnection()
  try {
    const { name, text } = statement
    if (!naming || !name) return await connection.query({ text, values })
    try {
      return await connection.query({ name, text, values })
    } catch (error) {
      if (POOLER_CODES.has(codeOf(error) ?? "")) {
        naming = false
        return await connection.query({ text, values })
      }
      if (!planChanged(error)) throw error
      await connection.query({ text: `deallocate "${name}"`, values: [] })
      delete connection.connection?.parsedStatements?.[name]
      return await connection.query({ name, text, values })
    }
  } finally {
    await knex.client.releaseConnection(connection)
  }
}

const prepared = new WeakMap<object, PgConnection>()

/** `pg` sending its statements as prepared statements when it is Medusa's knex; `pg` itself otherwise. */
export function preparedStatements(pg: PgConnection): PgConnection {
  if (!isKnex(pg)) return pg
  const known = prepared.get(pg)
  if (known) return known
  const connection: PgConnection = {
    async raw(sql, bindings) {
      const statement = statementOf(sql)
      if (!statement) return pg.raw(sql, bindings)
      // knex's own checks, so a caller's mistake fails the same way on either road
      if (bindings.length !== statement.placeholders) {
        throw new Error(`Expected ${bindings.length} bindings, saw ${statement.placeholders}`)
      }
      if (bindings.some((value) => value === undefined)) {
        throw new Error(`Undefined binding(s) detected when compiling RAW query: ${sql}`)
      }
      return run(pg, statement, bindings)
    },
  }
  prepared.set(pg, connection)
  return connection
}
