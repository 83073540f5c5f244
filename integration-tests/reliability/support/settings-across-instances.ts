/**
 * The admin's settings on two instances of one database: a setting saved through one instance's
 * Admin API is what the OTHER instance's next checkout sends to the bank, with no restart, within
 * the settings cache's lifetime (SETTINGS_TTL_MS). Measured: the time from the save's answer to the
 * first checkout of the other instance that sends the new value (checkouts started back to back),
 * with that instance's cache warm (a checkout of its own right before the save, sending the old value).
 */
import axios from "axios"
import { SETTINGS_TTL_MS } from "../../../src/modules/tbc/settings/settings-store"
import { postSettings } from "../../utils/admin-settings"
import { payIdOf, type SandboxBankControl } from "../../utils/checkout-bank"
import { StoreCheckout } from "../../utils/checkout-store"
import type { SeededStore } from "../../utils/seed-store"
import { TBC_CHECKOUT_PROVIDER_ID } from "../../utils/seed-store"

export interface Instance {
  url: string
  /** an admin's bearer token on this instance */
  token: string
}

export interface PropagationResult {
  /** ms from the save's answer to the first checkout of the other instance that sent the new value */
  seenAfterMs: number
  /** checkouts the other instance started meanwhile */
  checkouts: number
}

/**
 * Starts a payment session on `to` (it must not send `expected` yet: its cache now holds the old
 * settings), saves `change` on `from`, then starts sessions on `to` back to back until the bank
 * receives a create request matching `expected` (or SETTINGS_TTL_MS + `slackMs` passed).
 */
export async function settingSeenOnOther(
  from: Instance,
  to: Instance,
  store: SeededStore,
  bank: SandboxBankControl,
  change: { set?: Record<string, unknown>; reset?: string[] },
  expected: Record<string, unknown>,
  slackMs = 3000
): Promise<PropagationResult> {
  const shop = new StoreCheckout(axios.create({ baseURL: to.url }), store)
  const { cartId } = await shop.createCartReadyForPayment([1], `settings-${Date.now()}@rel.ge`)
  const requestSent = async () => {
    const { session } = await shop.startPaymentSession(cartId)
    return (await bank.payment(payIdOf(session))).request ?? {}
  }
  const matches = (request: Record<string, unknown>) =>
    Object.entries(expected).every(([key, value]) => JSON.stringify(request[key]) === JSON.stringify(value))
  if (matches(await requestSent())) throw new Error(`${to.url} already sends ${JSON.stringify(expected)}`)
  const saved = await postSettings(from.url, from.token, { provider_id: TBC_CHECKOUT_PROVIDER_ID, ...change })
  if (saved.status !== 200)
    throw new Error(`saving settings on ${from.url}: ${saved.status} ${JSON.stringify(saved.body)}`)
  const savedAt = Date.now()
  let checkouts = 0
  for (;;) {
    const request = await requestSent()
    checkouts++
    if (matches(request)) return { seenAfterMs: Date.now() - savedAt, checkouts }
    if (Date.now() - savedAt > SETTINGS_TTL_MS + slackMs) {
      throw new Error(`${to.url} still sends ${JSON.stringify(request)} ${Date.now() - savedAt} ms after the save`)
    }
  }
}
