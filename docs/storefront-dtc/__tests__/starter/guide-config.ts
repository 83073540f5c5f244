/** What a test sets before the guide's components load (the starter reads these from env and cookies). */
export interface GuideConfig {
  backendUrl: string
  publishableKey: string
  countryCode: string
  locale: string | null
  /** where router.push / replace went (a browser page navigates too) */
  navigations: string[]
}

export function guideConfig(): GuideConfig {
  const holder = globalThis as { __TBC_GUIDE__?: GuideConfig }
  holder.__TBC_GUIDE__ ??= {
    backendUrl: "http://localhost:9000",
    publishableKey: "pk_test",
    countryCode: "ge",
    locale: null,
    navigations: [],
  }
  return holder.__TBC_GUIDE__
}
