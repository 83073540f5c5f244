/**
 * Effective options = the medusa-config options of a provider registration + the settings a shop
 * manager stored for it, judged by the provider's own options schema (the same one the boot runs).
 *
 * - `mergeStoredSettings`: what the providers and jobs run with. A stored value that no longer
 *   passes with the current config (say a method that is no longer activated) is ignored, with the
 *   schema's words, and the config's value applies: payments never stop on a stale setting.
 * - `checkSettingsChange`: what an admin's save is allowed to store: the edited values merged over
 *   the config and the stored values still in force must pass the schema as a whole, so
 *   cross-option rules (activation, saved cards and methods, …) apply exactly as at boot. A
 *   refusal names each field and its rule.
 *
 * Pure: no I/O. Values are never echoed in problems (the schemas' rule texts only).
 */
import type { ValidationIssue } from "../tbc/errors"
import { checkWith, problemsText, type SafeParser } from "../zod-problems"
import { EDITABLE_SETTINGS, isEditable, type SettingsProviderKind } from "./editable-settings"

export interface StoredValue {
  key: string
  value: unknown
}

export interface IgnoredSetting {
  key: string
  /** why, in the schema's words ("methods.1: method 9 must be activated by the bank first …") */
  problem: string
}

export interface MergedOptions<T> {
  /** the parsed effective options; undefined only when the config itself does not parse */
  options: T | undefined
  /** config + the stored values in force, as the schema's input */
  raw: Record<string, unknown>
  /** stored keys in force */
  applied: string[]
  /** stored keys not applied, and why */
  ignored: IgnoredSetting[]
}

const PLACE = { root: "(options)" } as const
const ORDER = new Map(EDITABLE_SETTINGS.map((setting, index) => [setting.key, index]))
const byListOrder = (a: StoredValue, b: StoredValue) =>
  (ORDER.get(a.key) ?? ORDER.size) - (ORDER.get(b.key) ?? ORDER.size) || a.key.localeCompare(b.key)

const NOT_EDITABLE = "cannot be changed in the admin: it is set in medusa-config (credentials stay in the environment)"

/**
 * The config with every stored value that keeps it valid. All at once first (one parse); when
 * that fails, one by one in the editable list's order, each kept only if the whole still parses.
 */
export function mergeStoredSettings<T>(
  schema: SafeParser<T>,
  kind: SettingsProviderKind,
  config: Record<string, unknown>,
  stored: readonly StoredValue[]
): MergedOptions<T> {
  const ignored: IgnoredSetting[] = []
  const usable = [...stored].sort(byListOrder).filter((entry) => {
    if (isEditable(kind, entry.key)) return true
    ignored.push({ key: entry.key, problem: `${entry.key}: ${NOT_EDITABLE}` })
    return false
  })
  const all = { ...config, ...Object.fromEntries(usable.map((entry) => [entry.key, entry.value])) }
  const together = checkWith(schema, all, PLACE)
  if (together.ok) return { options: together.value, raw: all, applied: usable.map((e) => e.key), ignored }
  let raw = { ...config }
  let current = checkWith(schema, raw, PLACE)
  if (!current.ok) {
    const problem = `the medusa-config options do not pass: ${problemsText(current.issues)}`
    return {
      options: undefined,
      raw,
      applied: [],
      ignored: [...ignored, ...usable.map((e) => ({ key: e.key, problem }))],
    }
  }
  const applied: string[] = []
  for (const entry of usable) {
    const candidate = { ...raw, [entry.key]: entry.value }
    const checked = checkWith(schema, candidate, PLACE)
    if (checked.ok) {
      raw = candidate
      current = checked
      applied.push(entry.key)
    } else {
      ignored.push({ key: entry.key, problem: problemsText(checked.issues) })
    }
  }
  return { options: current.value, raw, applied, ignored }
}

export interface SettingsChange {
  /** key → the new value */
  set: Record<string, unknown>
  /** keys going back to the config's value */
  reset: readonly string[]
}

export interface ChangedSetting {
  key: string
  /** null: the config's value (nothing was stored) */
  old_value: unknown
  /** null: back to the config's value */
  new_value: unknown
}

export type CheckedChange = { ok: true; changes: ChangedSetting[] } | { ok: false; issues: ValidationIssue[] }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Whether `change` may be stored over `stored` for a registration with `config`, and what it
 * changes (old → new, normalized by the schema: "ka" is stored as "KA"). Unchanged keys are left
 * out; a reset of a key with nothing stored changes nothing.
 */
export function checkSettingsChange<T>(
  schema: SafeParser<T>,
  kind: SettingsProviderKind,
  config: Record<string, unknown>,
  stored: readonly StoredValue[],
  change: SettingsChange
): CheckedChange {
  const issues: ValidationIssue[] = []
  for (const key of [...Object.keys(change.set), ...change.reset]) {
    if (!isEditable(kind, key)) issues.push({ field: key, rule: "not_editable", message: NOT_EDITABLE })
  }
  for (const key of change.reset) {
    if (key in change.set)
      issues.push({ field: key, rule: "set_and_reset", message: "cannot be set and reset at once" })
  }
  for (const [key, value] of Object.entries(change.set)) {
    if (value === undefined || value === null) {
      issues.push({ field: key, rule: "required", message: "needs a value (reset it to go back to the config's)" })
    }
  }
  if (issues.length > 0) return { ok: false, issues }

  const inForce = new Set(mergeStoredSettings(schema, kind, config, stored).applied)
  const kept = stored.filter((e) => inForce.has(e.key) && !(e.key in change.set) && !change.reset.includes(e.key))
  const candidate = { ...config, ...Object.fromEntries(kept.map((e) => [e.key, e.value])), ...change.set }
  const checked = checkWith(schema, candidate, PLACE)
  if (!checked.ok) return { ok: false, issues: checked.issues }

  const parsed = checked.value as Record<string, unknown>
  const previous = new Map(stored.map((e) => [e.key, e.value]))
  const changes: ChangedSetting[] = []
  for (const [key, value] of Object.entries(change.set)) {
    const normalized = parsed[key] === undefined ? value : parsed[key]
    const old = previous.has(key) ? previous.get(key) : null
    if (!previous.has(key) || !same(old, normalized)) changes.push({ key, old_value: old, new_value: normalized })
  }
  for (const key of change.reset) {
    if (previous.has(key)) changes.push({ key, old_value: previous.get(key), new_value: null })
  }
  return { ok: true, changes }
}
