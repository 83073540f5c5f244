/**
 * A refused save of the settings (400 of POST /admin/tbc/settings) split per setting for the page's
 * inline errors. The SDK's error carries only the route's message ("Invalid settings of pp_…:
 * methods.1: rule; statementText: rule"), so the parts are matched to the settings by their field.
 */
import { settingsWords } from "./settings-words"
import { tEn, type TbcT } from "./i18n"

export interface Problems {
  /** setting key → its problems ("methods.1: method 9 must be activated …") */
  byKey: Record<string, string>
  /** what names no setting of the page, or null */
  general: string | null
}

export const NO_PROBLEMS: Problems = { byKey: {}, general: null }

export function problemsOf(message: string, keys: readonly string[], t: TbcT = tEn): Problems {
  const body = message.replace(/^Invalid settings[^:]*: /, "")
  const byKey: Record<string, string> = {}
  const rest: string[] = []
  for (const part of body.split("; ")) {
    const key = keys.find((k) => part.startsWith(`${k}: `) || part.startsWith(`${k}.`))
    if (key) byKey[key] = [byKey[key], part].filter(Boolean).join("; ")
    else rest.push(part)
  }
  return { byKey, general: rest.length > 0 ? `${settingsWords(t).refused} ${rest.join("; ")}` : null }
}
