/**
 * A table of the app's database made unreadable for a while (renamed away and back): how the
 * fail-closed app tests make the ledger, or the admin's settings, fail to read.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { invalidateStoredSettings } from "../../src/modules/tbc/settings/settings-store"

interface Knex {
  raw(sql: string): Promise<unknown>
}

/** Runs `work` with `table` renamed away (unreadable to the app), then puts it back. */
export async function withTableHidden<T>(
  container: MedusaContainer,
  table: string,
  work: () => Promise<T>
): Promise<T> {
  const pg = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  await pg.raw(`alter table ${table} rename to ${table}_hidden_by_test`)
  invalidateStoredSettings() // the settings cache would otherwise answer for up to a second
  try {
    return await work()
  } finally {
    await pg.raw(`alter table ${table}_hidden_by_test rename to ${table}`)
    invalidateStoredSettings()
  }
}
