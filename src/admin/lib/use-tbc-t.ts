/**
 * The dashboard's translate function for the extension's words (keys under `tbc.`, src/admin/i18n).
 * A key the dashboard's i18n does not have (an admin built without this plugin's i18n module)
 * shows in English, never as the bare key.
 */
import { useTranslation } from "react-i18next"
import { tEn, type TbcT } from "./i18n"

export function useTbcT(): TbcT {
  const { t } = useTranslation()
  return (key, vars) => {
    const text = String(t(key, vars ?? {}))
    return text === key ? tEn(key, vars) : text
  }
}
