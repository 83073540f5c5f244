/**
 * The payment link page's two moves, for any page (the React component, the demo's plain page):
 * read the link and keep reading it while the bank confirms a payment; and Pay: ask the store for
 * the bank's page in the shopper's language, keeping the token in the tab for the way back. Each
 * reports the page's next state (payment-link.ts says what it shows).
 */
import { asTbcPaymentError } from "./errors"
import {
  effectiveLinkStatus,
  isLinkNotFound,
  linkBankLanguage,
  linkReadFailed,
  rememberLinkToken,
  type TbcPaymentLink,
  type TbcPaymentLinkState,
} from "./payment-link"
import { StoreRequestError, type TbcStoreClient } from "./store-client"

/** The two calls of the link page (a TbcStoreClient has both; no login is needed). */
export type TbcPaymentLinkClient = Pick<TbcStoreClient, "getPaymentLink" | "payPaymentLink">

export interface FollowLinkOptions {
  /** while the bank confirms a payment: how often to ask again (default 3 s) and for how long (default 10 min) */
  intervalMs?: number
  timeoutMs?: number
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  /** false once the page is gone: nothing more is asked or reported */
  live?: () => boolean
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Reads the link, then again while a payment of it is under way at the bank, reporting each state. */
export async function followTbcPaymentLink(
  client: TbcPaymentLinkClient,
  link: { linkId: string; token: string },
  onState: (state: TbcPaymentLinkState) => void,
  options: FollowLinkOptions = {}
): Promise<void> {
  const live = options.live ?? (() => true)
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? defaultSleep
  try {
    let current = await client.getPaymentLink(link.linkId, link.token)
    if (!live()) return
    onState({ status: "loaded", link: current })
    const deadline = now() + (options.timeoutMs ?? 10 * 60_000)
    while (effectiveLinkStatus(current, new Date(now())) === "paying" && now() < deadline) {
      await sleep(options.intervalMs ?? 3000)
      if (!live()) return
      current = await client.getPaymentLink(link.linkId, link.token)
      if (!live()) return
      onState({ status: "loaded", link: current })
    }
  } catch (error) {
    if (live()) onState(linkReadFailed(error))
  }
}

/**
 * Pay: the bank's page for the link, in the shopper's language; the URL to go to, or null with the
 * state that says why not (409: paid, closed or expired meanwhile, which the link as it is now says).
 */
export async function payTbcPaymentLink(
  client: TbcPaymentLinkClient,
  link: { linkId: string; token: string },
  current: TbcPaymentLink,
  locale: string | null | undefined,
  onState: (state: TbcPaymentLinkState) => void
): Promise<string | null> {
  onState({ status: "loaded", link: current, opening: true })
  try {
    const url = await client.payPaymentLink(link.linkId, link.token, linkBankLanguage(locale))
    // the bank sends the shopper back without the token: this tab keeps it to read the state then
    rememberLinkToken(link.linkId, link.token)
    return url
  } catch (caught) {
    if (isLinkNotFound(caught)) {
      onState(linkReadFailed(caught))
      return null
    }
    const fresh = await client.getPaymentLink(link.linkId, link.token).catch(() => current)
    const notPayable = caught instanceof StoreRequestError && caught.status === 409
    onState({ status: "loaded", link: fresh, error: notPayable ? null : asTbcPaymentError(caught) })
    return null
  }
}
