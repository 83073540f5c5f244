/** What a browser test sets before the guide's storefront loads (the starter reads these from env and cookies). */
export interface GuideConfig {
  backendUrl: string
  publishableKey: string
  countryCode: string
  /** the logged-in customer's token (the starter's `_medusa_jwt` cookie); null: a guest */
  customerToken: string | null
}

export function guideConfig(): GuideConfig {
  const holder = globalThis as { __TBC_GUIDE__?: GuideConfig }
  holder.__TBC_GUIDE__ ??= {
    backendUrl: "http://localhost:9000",
    publishableKey: "pk_test",
    countryCode: "ge",
    customerToken: null,
  }
  return holder.__TBC_GUIDE__
}
