/**
 * Every word of the editable settings on Settings → TBC Bank (the form and the audit trail), in
 * one place so they can move into the admin's translation files as they are. A setting missing
 * here shows its option name: adding a setting to src/lib/settings/editable-settings.ts is enough.
 */
import { methodLabel } from "../../lib/labels"

export const SETTING_WORDS: Readonly<Record<string, { label: string; hint: string }>> = {
  methods: {
    label: "Payment methods",
    hint: "What the bank's page offers. Methods other than card must be activated by the bank first (activatedMethods in medusa-config).",
  },
  preAuth: {
    label: "Preauthorization",
    hint: "On: the money is held and you capture it from the order (within 30 days). Off: the shopper is charged at once.",
  },
  methodLimits: { label: "Amount limits per method", hint: "Smallest and largest cart total per method, in GEL." },
  language: { label: "Bank page language", hint: "The language of the bank's payment page." },
  saveCards: {
    label: "Saved cards",
    hint: "Logged-in customers may save the card they pay with. The bank saves cards only on card payments.",
  },
  statementText: {
    label: "Statement text",
    hint: "Shown on the shopper's card statement (sent to the bank as extra): Latin letters, digits and punctuation, at most 25 characters.",
  },
  orphanPolicy: {
    label: "Money without an order",
    hint: "A payment whose checkout went away before an order existed: refund returns it at once; notify lists it here for you.",
  },
  deletedCardRetentionDays: {
    label: "Keep deleted cards' rows (days)",
    hint: "Days a deleted card's row (no token, no card number) is kept.",
  },
  callbackLogRetentionDays: { label: "Keep the callback log (days)", hint: "Days the bank's callbacks are listed." },
  installmentChangeRetentionDays: {
    label: "Keep installment status changes (days)",
    hint: "Days applied status changes are kept once their order is completed, canceled or archived.",
  },
}

export const SETTINGS_TEXT = {
  title: "Settings",
  intro:
    "Change these without a developer: saved here, they apply to the next payment on every server within a second. The medusa-config values are the defaults; “Reset to config” goes back to them. Credentials stay in the environment.",
  setting: "Setting",
  value: "Value",
  config: "medusa-config",
  source: "Source",
  fromConfig: "medusa-config",
  changedBy: (who: string, when: string) => `Changed by ${who}, ${when}`,
  notApplied: "Not applied",
  notAppliedHint: "The stored value does not pass with the current medusa-config, so the config's value is used:",
  save: "Save",
  saved: (count: number) => (count === 0 ? "Nothing changed." : `Saved ${count} setting${count === 1 ? "" : "s"}.`),
  reset: "Reset to config",
  resetDone: (label: string) => `${label}: back to the medusa-config value.`,
  refused: "Not saved:",
  on: "On",
  off: "Off",
  none: "none",
  unset: "—",
  bankDefault: "bank's default",
  readError: "Stored settings",
  auditTitle: "Changes to the settings",
  auditEmpty: "No setting has been changed in the admin yet.",
  auditWhen: "When",
  auditWho: "Who",
  auditProvider: "Provider",
  auditSetting: "Setting",
  auditChange: "Old → new",
  configValue: "config value",
} as const

export const settingLabel = (key: string): string => SETTING_WORDS[key]?.label ?? key
export const settingHint = (key: string): string => SETTING_WORDS[key]?.hint ?? ""

/** A value as the page and the audit trail show it; null is "the config's value" in the audit trail. */
export function settingValueText(key: string, value: unknown, nullText: string = SETTINGS_TEXT.unset): string {
  if (value === null || value === undefined) return nullText
  if (typeof value === "boolean") return value ? SETTINGS_TEXT.on : SETTINGS_TEXT.off
  if (key === "methods" && Array.isArray(value)) return value.map((m) => methodLabel(Number(m))).join(", ")
  if (value === "") return SETTINGS_TEXT.none
  return typeof value === "object" ? JSON.stringify(value) : String(value)
}
