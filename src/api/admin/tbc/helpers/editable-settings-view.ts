/**
 * What Settings → TBC Bank shows of the settings a shop manager may change, per provider
 * registration: each editable option (src/lib/settings/editable-settings.ts) with the config's
 * value, the stored one (who set it, when), the value in force, and why a stored value is ignored
 * (it no longer passes with the config). And the audit trail's rows as the page reads them.
 *
 * Only the editable list's keys are ever read from the options here, so no credential can reach
 * the page through this view. Pure: no I/O.
 */
import type { TbcProviderRegistration } from "../../../../use-cases/tbc-providers"
import { availableInput, editableSettingsOf, type SettingInput } from "../../../../lib/settings/editable-settings"
import { OPTION_SCHEMAS } from "../../../../providers/common/effective-options"
import { mergeStoredSettings } from "../../../../lib/settings/merge"
import { checkWith } from "../../../../lib/zod-problems"
import type { SettingChangeRow, StoredSetting } from "../../../../modules/tbc/settings/settings-store"

export interface EditableSettingView {
  key: string
  input: SettingInput
  /** the medusa-config value with the provider's defaults (null: unset) */
  config_value: unknown
  /** the value in force (null: unset) */
  value: unknown
  /** what the admin stored, or null when the config's value applies */
  stored: { value: unknown; updated_by: string | null; updated_at: string } | null
  /** why the stored value is not in force (the schema's words), or null */
  ignored: string | null
}

export interface ProviderEditableSettings {
  provider_id: string
  settings: EditableSettingView[]
  /** the registration's options with the stored settings in force (for the providers table) */
  optionsInForce: Record<string, unknown>
}

/** A row of the audit trail as the admin reads it (old/new null: the config's value), its time as ISO text. */
export type SettingChangeView = Omit<SettingChangeRow, "created_at"> & { created_at: string }

const orNull = (value: unknown): unknown => (value === undefined ? null : value)

/** The options as the provider parses them, or the raw ones when they do not parse. */
function parsedConfig(registration: TbcProviderRegistration): Record<string, unknown> {
  const checked = checkWith(OPTION_SCHEMAS[registration.kind], registration.options)
  return checked.ok ? (checked.value as Record<string, unknown>) : registration.options
}

export function editableSettingsView(
  registration: TbcProviderRegistration,
  rows: readonly StoredSetting[]
): ProviderEditableSettings {
  const mine = rows.filter((row) => row.provider_id === registration.providerId)
  const config = parsedConfig(registration)
  const merged = mergeStoredSettings(
    OPTION_SCHEMAS[registration.kind],
    registration.kind,
    registration.options,
    mine.map((row) => ({ key: row.key, value: row.value }))
  )
  const inForce = (merged.options ?? config) as Record<string, unknown>
  const activated = Array.isArray(config.activatedMethods) ? (config.activatedMethods as number[]) : []
  const settings = editableSettingsOf(registration.kind).map((setting): EditableSettingView => {
    const row = mine.find((r) => r.key === setting.key)
    return {
      key: setting.key,
      input: availableInput(setting.input, activated),
      config_value: orNull(config[setting.key]),
      value: orNull(inForce[setting.key]),
      stored: row ? { value: row.value, updated_by: row.updated_by, updated_at: row.updated_at.toISOString() } : null,
      ignored: merged.ignored.find((i) => i.key === setting.key)?.problem ?? null,
    }
  })
  return { provider_id: registration.providerId, settings, optionsInForce: merged.raw }
}

export function settingChangeView(row: SettingChangeRow): SettingChangeView {
  return { ...row, created_at: row.created_at.toISOString() }
}
