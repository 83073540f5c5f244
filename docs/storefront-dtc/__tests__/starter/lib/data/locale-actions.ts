import { guideConfig } from "../../guide-config"

/** The starter reads the `_medusa_locale` cookie. */
export const getLocale = async (): Promise<string | null> => guideConfig().locale
