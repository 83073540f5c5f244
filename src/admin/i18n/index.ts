/**
 * The admin extension's words, shipped through the dashboard's i18n (Medusa ≥ 2.11.1 merges every
 * plugin's `src/admin/i18n/index.ts` into its react-i18next resources). All keys live under `tbc.`
 * so they never collide with the dashboard's own or another plugin's.
 *
 * English and Russian show when the admin picks them in Profile → Language. Georgian is shipped
 * too, but the dashboard's language list has no Georgian (2.21): it shows only where the
 * dashboard's `lng` cookie says `ka` (its detector reads the cookie first and writes it back on
 * every load, so the `lng` key of localStorage alone never wins), and the dashboard's own texts
 * then stay English. See docs/operations.md ("The admin in Russian and Georgian").
 */
import en from "./json/en.json"
import ka from "./json/ka.json"
import ru from "./json/ru.json"

export default {
  en: { translation: en },
  ru: { translation: ru },
  ka: { translation: ka },
}
