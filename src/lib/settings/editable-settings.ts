/**
 * The options a shop manager may change on Settings → TBC Bank, as data: one line per option.
 * Each names the medusa-config option it overrides, the provider kinds that have it and the input
 * the page draws for it. Everything else (credentials, URLs, environment, activation, timeouts)
 * stays in medusa-config and the environment: the admin routes refuse any key not listed here.
 *
 * The rules of a value are NOT here: an edited value goes through the provider's own options
 * schema merged with the config (src/lib/settings/merge.ts), so the page and the boot apply the
 * same rules. Labels and hints are the admin's words (src/admin/lib/settings-words.ts).
 *
 * Pure: no I/O, no Medusa imports (the admin bundle imports this file).
 */
import { CHECKOUT_METHODS } from "../tbc/types"

export type SettingsProviderKind = "tbc-checkout" | "tbc-installments"

export type SettingInput =
  | { type: "boolean" }
  | { type: "choice"; choices: readonly string[] }
  | { type: "methods"; choices: readonly number[] }
  | { type: "days" }
  | { type: "text"; maxLength: number }
  /** any JSON value the schema accepts (an object such as per-method limits), edited as JSON text */
  | { type: "json" }

export interface EditableSetting {
  /** the option's name in medusa-config */
  key: string
  kinds: readonly SettingsProviderKind[]
  input: SettingInput
}

const CHECKOUT = ["tbc-checkout"] as const
/**
 * The bank's limit of `extra`, the statement text (LIMITS.extra in src/lib/tbc/validation/fields.ts,
 * not imported: that file needs Node, this one is bundled into the admin; a unit test keeps them equal).
 */
export const STATEMENT_TEXT_MAX = 25

export const EDITABLE_SETTINGS: readonly EditableSetting[] = [
  { key: "methods", kinds: CHECKOUT, input: { type: "methods", choices: CHECKOUT_METHODS } },
  { key: "preAuth", kinds: CHECKOUT, input: { type: "boolean" } },
  // per-method min/max in GEL ({ "8": { "min": 100, "max": 10000 }, "bnpl": { … } }), checkout only
  { key: "methodLimits", kinds: CHECKOUT, input: { type: "json" } },
  { key: "language", kinds: CHECKOUT, input: { type: "choice", choices: ["KA", "EN", "RU"] } },
  { key: "saveCards", kinds: CHECKOUT, input: { type: "boolean" } },
  { key: "statementText", kinds: CHECKOUT, input: { type: "text", maxLength: STATEMENT_TEXT_MAX } },
  { key: "orphanPolicy", kinds: CHECKOUT, input: { type: "choice", choices: ["refund", "notify"] } },
  { key: "deletedCardRetentionDays", kinds: CHECKOUT, input: { type: "days" } },
  { key: "callbackLogRetentionDays", kinds: CHECKOUT, input: { type: "days" } },
  { key: "installmentChangeRetentionDays", kinds: ["tbc-installments"], input: { type: "days" } },
]

/** The editable settings of one provider kind, in the list's order. */
export function editableSettingsOf(kind: SettingsProviderKind): EditableSetting[] {
  return EDITABLE_SETTINGS.filter((setting) => setting.kinds.includes(kind))
}

export function isEditable(kind: SettingsProviderKind, key: string): boolean {
  return editableSettingsOf(kind).some((setting) => setting.key === key)
}
