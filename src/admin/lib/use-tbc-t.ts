/**
 * The dashboard's translate function for the extension's words (keys under `tbc.`, src/admin/i18n).
 * A key the dashboard's i18n does not have (an admin built without this plugin's i18n module)
 * shows in English, never as the bare key.
 */
import { useTranslation } from "react-i18next"
import { formatTimeIn, tEn, type TbcT } from "./i18n"

export function useTbcT(): TbcT {
  const { t } = useTranslation()
  return (key, vars) => {
    const text = String(t(key, vars ?? {}))
    return text === key ? tEn(key, vars) : text
  }
}

/** Times in the dashboard's language (the one its `lng` cookie names), not the browser's. */
export function useFormatTime(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation()
  const language = i18n?.resolvedLanguage ?? i18n?.language
  return (iso) => formatTimeIn(iso, language)
}
