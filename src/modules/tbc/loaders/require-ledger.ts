/**
 * Fail closed at boot: the plugin refuses to start when the money ledger's tables cannot be read
 * (migrations not run, or no database connection). Without them no payment could be recorded
 * before its bank call, so every checkout would fail at the last step; refusing to boot says so
 * at once, with what to do. Medusa runs module loaders when the app boots, not during
 * `medusa db:migrate` (which loads modules in migration-only mode), so the check never stands in
 * the way of the migration that creates the tables.
 *
 * It also says, once at boot, when PostgreSQL keeps no statistics for the ledger by itself
 * (`autovacuum = off`): its statements are prepared, and a plan made on a near-empty, never
 * analyzed table is kept until an ANALYZE, so each money operation's cost would grow with the
 * table (docs/money-ledger.md "Statistics"). A warning, not a refusal: the money stays correct.
 */
import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { PgConnection } from "../pg-connection"

/** What a money move reads and writes: a select of these fails when a migration is missing. */
export const LEDGER_PROBES = [
  "select id, state, pay_id, cart_id, authorized_at, order_id, completion_refused_at, completion_failures from tbc_payment limit 0",
  "select id, entry_id, actor from tbc_ledger_event limit 0",
]

export async function requireLedger(pg: PgConnection | undefined): Promise<void> {
  try {
    if (!pg || typeof pg.raw !== "function") throw new Error("no PostgreSQL connection")
    for (const probe of LEDGER_PROBES) await pg.raw(probe, [])
  } catch (error) {
    const why = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 200)
    // the cause's message is in the text; target ES2021 has no Error `cause` option
    // eslint-disable-next-line preserve-caught-error
    throw new Error(
      `medusa-payment-tbc cannot start: its money ledger (tables tbc_payment, tbc_ledger_event) is not readable (${why}). ` +
        `Run "npx medusa db:migrate" and check the database connection: the plugin never takes a payment it cannot record.`
    )
  }
}

/** What the server does about statistics; `autovacuum` is 'on' or 'off'. */
export const STATISTICS_PROBE = "select current_setting('autovacuum') as autovacuum"

export const WITHOUT_STATISTICS_WARNING =
  "medusa-payment-tbc: PostgreSQL runs with autovacuum off, so nothing analyzes the money ledger's tables: " +
  'run "ANALYZE tbc_payment, tbc_ledger_event" regularly (daily is plenty), or each payment operation ' +
  'gets slower as the table grows (docs/money-ledger.md "Statistics")'

/** Warns when PostgreSQL analyzes nothing by itself; never fails the boot (the ledger's reads were checked above). */
export async function warnWithoutStatistics(
  pg: PgConnection,
  logger: { warn(message: string): void }
): Promise<boolean> {
  try {
    const { rows } = await pg.raw(STATISTICS_PROBE, [])
    if (String(rows[0]?.autovacuum) !== "off") return false
  } catch {
    return false
  }
  logger.warn(WITHOUT_STATISTICS_WARNING)
  return true
}

export default async function requireLedgerLoader({ container }: LoaderOptions): Promise<void> {
  let pg: PgConnection | undefined
  try {
    pg = container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  } catch {
    pg = undefined
  }
  await requireLedger(pg)
  let logger: { warn(message: string): void } | undefined
  try {
    logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  } catch {
    logger = undefined
  }
  if (pg && logger) await warnWithoutStatistics(pg, logger)
}
