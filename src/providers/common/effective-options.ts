/**
 * The options a TBC provider runs with at each payment operation: its medusa-config options
 * (the defaults and the fallback) + the settings a shop manager stored on Settings → TBC Bank,
 * judged by the provider's own schema (src/lib/settings/merge.ts). The stored rows come from the
 * per-process cache of src/modules/tbc/settings/settings-store.ts (at most SETTINGS_TTL_MS old),
 * so two instances on one database agree within that time, and no restart is needed.
 *
 * Without a database (unit tests) the config's values apply; a stored value that no longer passes
 * with the config is skipped with a warning. Settings that cannot be read stop the operation with a
 * clear error (fail closed: storedSettingsInForce), never a silent fall back to the config.
 */
import { mergeStoredSettings, type MergedOptions } from "../../lib/settings/merge"
import type { SettingsProviderKind } from "../../lib/settings/editable-settings"
import type { TbcLogger } from "../../lib/tbc/types"
import type { SafeParser } from "../../lib/zod-problems"
import type { PgConnection } from "../../modules/tbc/pg-connection"
import { storedSettingsInForce, type StoredSetting } from "../../modules/tbc/settings/settings-store"
import { checkoutOptionsSchema } from "../tbc-checkout/options"
import { installmentsOptionsSchema } from "../tbc-installments/options"

/** Each provider kind's options schema: the one judge of config and admin settings alike. */
export const OPTION_SCHEMAS: Readonly<Record<SettingsProviderKind, SafeParser<Record<string, unknown>>>> = {
  "tbc-checkout": checkoutOptionsSchema,
  "tbc-installments": installmentsOptionsSchema,
}

/** merged options per registration and stored rows: a schema parse only when something changed */
const memo = new Map<string, MergedOptions<unknown>>()
const MEMO_MAX = 64

/** The config merged with the registration's stored rows (those of other registrations are skipped). */
export function mergeWithStored<T>(
  kind: SettingsProviderKind,
  providerId: string,
  config: Record<string, unknown>,
  rows: readonly StoredSetting[],
  onIgnored?: (merged: MergedOptions<T>) => void
): MergedOptions<T> {
  const mine = rows.filter((row) => row.provider_id === providerId).map((row) => ({ key: row.key, value: row.value }))
  const fingerprint = JSON.stringify([kind, providerId, config, mine])
  const known = memo.get(fingerprint) as MergedOptions<T> | undefined
  if (known) return known
  const merged = mergeStoredSettings(OPTION_SCHEMAS[kind], kind, config, mine) as unknown as MergedOptions<T>
  if (memo.size >= MEMO_MAX) memo.clear()
  memo.set(fingerprint, merged)
  if (merged.ignored.length > 0) onIgnored?.(merged)
  return merged
}

/** A provider's live options: `current()` before each payment operation. */
export class EffectiveOptions<T> {
  constructor(
    private readonly kind: SettingsProviderKind,
    private readonly providerId: string,
    /** the registration's options as written in medusa-config */
    private readonly config: Record<string, unknown>,
    /** the config's options as the provider parsed them at boot */
    private readonly fallback: T,
    private readonly pg: PgConnection | undefined,
    private readonly logger: TbcLogger
  ) {}

  async current(): Promise<T> {
    if (!this.pg) return this.fallback
    const rows = await storedSettingsInForce(this.pg, this.logger)
    if (!rows.some((row) => row.provider_id === this.providerId)) return this.fallback
    const merged = mergeWithStored<T>(this.kind, this.providerId, this.config, rows, ({ ignored }) =>
      this.logger.warn(
        `admin settings not applied (the medusa-config value is used): ${ignored.map((i) => i.problem).join("; ")}`
      )
    )
    return merged.options ?? this.fallback
  }
}
