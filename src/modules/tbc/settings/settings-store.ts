/**
 * Storage of the settings a shop manager changes on Settings → TBC Bank: tbc_provider_setting
 * (what is in force per provider registration and key) and tbc_provider_setting_change (the audit
 * trail: who, when, key, old → new). Raw SQL on these two tables only, through the app's
 * PostgreSQL connection, for the reason the money ledger uses it (ledger-store.ts): a provider
 * lives in the payment module's container and cannot resolve our module.
 *
 * Reading is cached per process for SETTINGS_TTL_MS (one small select of the whole table at most
 * once a second, whatever the traffic): a value saved on one instance is in force on every other
 * within that time; the instance that saved it drops its cache at once. When the table cannot be
 * read (database trouble, migration not run), whoever needs the settings in force is refused with
 * a clear error (storedSettingsInForce): silently running on the config's values would undo what a
 * shop manager saved (a method switched off, an orphan policy changed) without anyone knowing.
 */
import { randomUUID } from "node:crypto"
import { MedusaError } from "@medusajs/framework/utils"
import type { ChangedSetting } from "../../../lib/settings/merge"
import type { PgConnection } from "../pg-connection"

/** Longest a process runs on settings older than the database's (documented in docs/admin-settings.md). */
export const SETTINGS_TTL_MS = 1000
/** At most one "cannot read" warning per process this often. */
const WARN_EVERY_MS = 60_000

export interface StoredSetting {
  provider_id: string
  key: string
  value: unknown
  updated_by: string | null
  updated_at: Date
}

export interface SettingChangeRow {
  id: string
  provider_id: string
  key: string
  old_value: unknown
  new_value: unknown
  actor_id: string
  actor_email: string | null
  created_at: Date
}

export interface StoredSettingsSnapshot {
  rows: StoredSetting[]
  /** why the rows could not be read (then `rows` is empty and storedSettingsInForce refuses), else null */
  failed: string | null
  loaded_at: number
}

/** A connection that can also run a transaction (the app's knex: PG_CONNECTION). */
export interface PgTransactional extends PgConnection {
  transaction<T>(work: (trx: PgConnection) => Promise<T>): Promise<T>
}

export interface SettingsActor {
  id: string
  email: string | null
}

const newId = (prefix: string): string => `${prefix}_${randomUUID().replace(/-/g, "").toUpperCase().slice(0, 26)}`
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)))
const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))

function toSetting(row: Record<string, unknown>): StoredSetting {
  return {
    provider_id: String(row.provider_id),
    key: String(row.key),
    value: row.value,
    updated_by: textOrNull(row.updated_by),
    updated_at: asDate(row.updated_at),
  }
}

function toChange(row: Record<string, unknown>): SettingChangeRow {
  return {
    id: String(row.id),
    provider_id: String(row.provider_id),
    key: String(row.key),
    old_value: row.old_value ?? null,
    new_value: row.new_value ?? null,
    actor_id: String(row.actor_id),
    actor_email: textOrNull(row.actor_email),
    created_at: asDate(row.created_at),
  }
}

/** JSON for a jsonb binding: knex would turn a JS array into a PostgreSQL array. */
const json = (value: unknown): string => JSON.stringify(value)

const SELECT_SETTINGS = `select provider_id, key, value, updated_by, updated_at from tbc_provider_setting
  where deleted_at is null`

export class ProviderSettingsStore {
  constructor(private readonly pg: PgConnection) {}

  async all(): Promise<StoredSetting[]> {
    const { rows } = await this.pg.raw(`${SELECT_SETTINGS} order by provider_id, key`, [])
    return rows.map(toSetting)
  }

  /** The audit trail, newest first. */
  async changes(limit: number, providerId?: string): Promise<SettingChangeRow[]> {
    const { rows } = await this.pg.raw(
      `select * from tbc_provider_setting_change where deleted_at is null ${providerId ? "and provider_id = ?" : ""}
       order by created_at desc, id desc limit ${Math.max(1, Math.min(500, Math.floor(limit)))}`,
      providerId ? [providerId] : []
    )
    return rows.map(toChange)
  }

  /**
   * One admin save of one registration, all or nothing: under a lock per registration (two admins
   * saving at once are judged one after the other), `decide` sees what is stored now and returns
   * the changes (or throws: nothing is written); each is written with its audit line.
   */
  async save(
    providerId: string,
    actor: SettingsActor,
    decide: (stored: StoredSetting[]) => ChangedSetting[]
  ): Promise<ChangedSetting[]> {
    const pg = this.pg as Partial<PgTransactional>
    if (typeof pg.transaction !== "function") throw new Error("settings are saved through the app's connection")
    const changes = await pg.transaction(async (trx) => {
      await trx.raw(`select pg_advisory_xact_lock(hashtext(?))`, [`tbc_provider_setting:${providerId}`])
      const { rows } = await trx.raw(`${SELECT_SETTINGS} and provider_id = ? for update`, [providerId])
      const decided = decide(rows.map(toSetting))
      for (const change of decided) {
        if (change.new_value === null) {
          await trx.raw(`delete from tbc_provider_setting where provider_id = ? and key = ?`, [providerId, change.key])
        } else {
          await trx.raw(
            `insert into tbc_provider_setting (id, provider_id, key, value, updated_by)
             values (?, ?, ?, ?::jsonb, ?)
             on conflict (provider_id, key) do update set value = excluded.value, updated_by = excluded.updated_by,
               updated_at = now(), deleted_at = null`,
            [newId("tbcset"), providerId, change.key, json(change.new_value), actor.email ?? actor.id]
          )
        }
        await trx.raw(
          `insert into tbc_provider_setting_change (id, provider_id, key, old_value, new_value, actor_id, actor_email)
           values (?, ?, ?, ?::jsonb, ?::jsonb, ?, ?)`,
          [
            newId("tbcsetc"),
            providerId,
            change.key,
            change.old_value === null ? null : json(change.old_value),
            change.new_value === null ? null : json(change.new_value),
            actor.id,
            actor.email,
          ]
        )
      }
      return decided
    })
    invalidateStoredSettings()
    return changes
  }
}

// ---- the per-process cache, shared by the providers (payment module) and the app (one process) ----

interface CacheState {
  snapshot?: StoredSettingsSnapshot
  loading?: Promise<StoredSettingsSnapshot>
  warnedAt: number
}

const CACHE_KEY = Symbol.for("medusa-payment-tbc.stored-settings")
const cache = (): CacheState => {
  const holder = globalThis as unknown as Record<symbol, CacheState | undefined>
  return (holder[CACHE_KEY] ??= { warnedAt: 0 })
}

/** Drops this process's cached settings: the next read asks the database. */
export function invalidateStoredSettings(): void {
  const state = cache()
  state.snapshot = undefined
  state.loading = undefined
}

/**
 * Every stored setting, at most SETTINGS_TTL_MS old. Never throws: a failed read gives no rows
 * and `failed`, logged as a warning at most once a minute (and cached for SETTINGS_TTL_MS like a
 * good read, so a database in trouble is not asked on every request).
 */
export function storedSettings(
  pg: PgConnection,
  logger?: { warn(message: string): void },
  now: () => number = Date.now
): Promise<StoredSettingsSnapshot> {
  const state = cache()
  if (state.snapshot && now() - state.snapshot.loaded_at < SETTINGS_TTL_MS) return Promise.resolve(state.snapshot)
  if (state.loading) return state.loading
  const loading = new ProviderSettingsStore(pg)
    .all()
    .then((rows): StoredSettingsSnapshot => ({ rows, failed: null, loaded_at: now() }))
    .catch((error: unknown): StoredSettingsSnapshot => {
      const why = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 200)
      if (now() - state.warnedAt >= WARN_EVERY_MS) {
        state.warnedAt = now()
        logger?.warn(
          `[tbc settings] the admin's settings could not be read (${why}); TBC payments and jobs wait until they can`
        )
      }
      return { rows: [], failed: why, loaded_at: now() }
    })
    .then((snapshot) => {
      if (state.loading === loading) {
        state.snapshot = snapshot
        state.loading = undefined
      }
      return snapshot
    })
  state.loading = loading
  return loading
}

/**
 * The stored settings, or a clear error when they cannot be read (fail closed): a payment, job or
 * store route never runs on the config's values in place of what a shop manager saved.
 */
export async function storedSettingsInForce(
  pg: PgConnection,
  logger?: { warn(message: string): void }
): Promise<StoredSetting[]> {
  const snapshot = await storedSettings(pg, logger)
  if (snapshot.failed !== null) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "The TBC settings saved in the admin could not be read, so nothing was sent to the bank. Please try again in a moment."
    )
  }
  return snapshot.rows
}
