/**
 * Every word of the editable settings on Settings → TBC Bank (the form and the audit trail). The
 * words themselves are in the admin's translation files (src/admin/i18n/json, keys
 * `tbc.settingsForm.*`); this file turns keys into sentences with a translate function (English by
 * default, the dashboard's `t` in components). A setting missing there shows its option name:
 * adding a setting to src/lib/settings/editable-settings.ts is enough.
 */
import { methodText, tEn, type TbcT } from "./i18n"

/** The page's words in one language (settingsWords(t)); SETTINGS_TEXT is English. */
export function settingsWords(t: TbcT = tEn) {
  const w = (key: string, vars?: Record<string, string | number>) => t(`tbc.settingsForm.${key}`, vars)
  return {
    title: w("title"),
    intro: w("intro"),
    setting: w("setting"),
    value: w("value"),
    config: w("config"),
    source: w("source"),
    fromConfig: w("fromConfig"),
    changedBy: (who: string, when: string) => w("changedBy", { who, when }),
    notApplied: w("notApplied"),
    notAppliedHint: w("notAppliedHint"),
    save: w("save"),
    saved: (count: number) => (count === 0 ? w("nothingChanged") : w("saved", { count })),
    reset: w("reset"),
    resetDone: (label: string) => w("resetDone", { label }),
    refused: w("refused"),
    on: w("on"),
    off: w("off"),
    none: w("none"),
    unset: "—",
    bankDefault: w("bankDefault"),
    readError: w("readError"),
    auditTitle: w("auditTitle"),
    auditEmpty: w("auditEmpty"),
    auditWhen: w("auditWhen"),
    auditWho: w("auditWho"),
    auditProvider: w("auditProvider"),
    auditSetting: w("auditSetting"),
    auditChange: w("auditChange"),
    configValue: w("configValue"),
    unavailable: (methods: string) => w("unavailable", { methods }),
  } as const
}

export const SETTINGS_TEXT = settingsWords(tEn)

/** The words of `key`, or `fallback` when the language has none. */
const known = (t: TbcT, key: string, fallback: string): string => {
  const text = t(key)
  return text === key ? fallback : text
}

export const settingLabel = (key: string, t: TbcT = tEn): string =>
  known(t, `tbc.settingsForm.settings.${key}.label`, key)
export const settingHint = (key: string, t: TbcT = tEn): string => known(t, `tbc.settingsForm.settings.${key}.hint`, "")

/**
 * A choice's value in words ("refund" → "Refund at once", "KA" → "Georgian"); a value the language
 * has no words for as it is stored.
 */
export const choiceValueText = (key: string, value: string, t: TbcT = tEn): string =>
  known(t, `tbc.settingsForm.choices.${key}.${value}`, value)

/** A value as the page and the audit trail show it; null is "the config's value" in the audit trail. */
export function settingValueText(key: string, value: unknown, nullText?: string, t: TbcT = tEn): string {
  const words = settingsWords(t)
  if (value === null || value === undefined) return nullText ?? words.unset
  if (typeof value === "boolean") return value ? words.on : words.off
  if (key === "methods" && Array.isArray(value)) return value.map((m) => methodText(Number(m), t)).join(", ")
  if (value === "") return words.none
  if (typeof value === "string") return choiceValueText(key, value, t)
  return typeof value === "object" ? JSON.stringify(value) : String(value)
}
