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
import {
  CHECKOUT_CHOICES,
  CHECKOUT_IDENTIFIERS,
  choiceOf,
  LIMIT_KEYS,
  METHOD_TITLE_MAX,
  type LimitKey,
} from "../checkout-choices"
import { CARD_METHOD, CHECKOUT_METHODS, MERCHANT_ACTIVATED_METHODS } from "../tbc/types"

export type SettingsProviderKind = "tbc-checkout" | "tbc-installments"

export type SettingInput =
  | { type: "boolean" }
  | { type: "choice"; choices: readonly string[] }
  /**
   * choices: what can be saved with this registration's config; unavailable: what the bank has not
   * activated for the shop (not offered: it could never be saved, see availableInput)
   */
  | { type: "methods"; choices: readonly number[]; unavailable?: readonly number[] }
  /** a min/max in GEL per limit key (a method's number or "bnpl"), edited as two fields per method */
  | { type: "limits"; keys: readonly LimitKey[] }
  /** a text per checkout choice (by service identifier), each at most maxLength characters */
  | { type: "titles"; keys: readonly string[]; maxLength: number }
  | { type: "days" }
  | { type: "text"; maxLength: number }

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
/** The bank's limit of the page's `description` (LIMITS.description, kept equal by the same test). */
export const DESCRIPTION_MAX = 30

export const EDITABLE_SETTINGS: readonly EditableSetting[] = [
  { key: "methods", kinds: CHECKOUT, input: { type: "methods", choices: CHECKOUT_METHODS } },
  { key: "preAuth", kinds: CHECKOUT, input: { type: "boolean" } },
  // per-method min/max in GEL ({ "8": { "min": 100, "max": 10000 }, "bnpl": { … } }), checkout only
  { key: "methodLimits", kinds: CHECKOUT, input: { type: "limits", keys: LIMIT_KEYS } },
  { key: "language", kinds: CHECKOUT, input: { type: "choice", choices: ["KA", "EN", "RU"] } },
  { key: "saveCards", kinds: CHECKOUT, input: { type: "boolean" } },
  { key: "statementText", kinds: CHECKOUT, input: { type: "text", maxLength: STATEMENT_TEXT_MAX } },
  { key: "description", kinds: CHECKOUT, input: { type: "text", maxLength: DESCRIPTION_MAX } },
  {
    key: "methodTitles",
    kinds: CHECKOUT,
    input: { type: "titles", keys: CHECKOUT_IDENTIFIERS, maxLength: METHOD_TITLE_MAX },
  },
  { key: "debugLogging", kinds: CHECKOUT, input: { type: "boolean" } },
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

/** The method a limit key's choice pays with ("bnpl" is method 4's page). */
const methodOfLimit = (key: LimitKey): number | undefined =>
  CHECKOUT_CHOICES.find((choice) => choice.limitKey === key)?.method

/**
 * A setting's input for one registration: only what its config lets it save. A method the bank
 * has not activated for the shop (not in `activatedMethods`) is not a choice but listed as
 * unavailable, and its amount limits are not offered: the options' own rule would refuse it.
 */
export function availableInput(input: SettingInput, activatedMethods: readonly number[]): SettingInput {
  const available = (method: number) =>
    !(MERCHANT_ACTIVATED_METHODS as readonly number[]).includes(method) || activatedMethods.includes(method)
  switch (input.type) {
    case "methods":
      return {
        ...input,
        choices: input.choices.filter(available),
        unavailable: input.choices.filter((m) => !available(m)),
      }
    case "limits":
      return { ...input, keys: input.keys.filter((key) => available(methodOfLimit(key) ?? Number(key))) }
    case "titles":
      return { ...input, keys: input.keys.filter((key) => available(choiceOf(key)?.method ?? CARD_METHOD)) }
    default:
      return input
  }
}
