/**
 * The admin's editable settings (POST/GET /admin/tbc/settings) as the tests drive them, against any
 * instance (a base URL and an admin token), and "what the next checkout sends to the bank": a cart,
 * a payment session, and the create request the sandbox received for it.
 */
import { payIdOf, type SandboxBankControl } from "./checkout-bank"
import type { StoreCheckout } from "./checkout-store"

export interface SettingsAnswer {
  status: number
  body: any
}

export interface SettingsChange {
  provider_id: string
  set?: Record<string, unknown>
  reset?: string[]
}

export async function postSettings(baseUrl: string, token: string, change: SettingsChange): Promise<SettingsAnswer> {
  const answer = await fetch(`${baseUrl}/admin/tbc/settings`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(change),
  })
  return { status: answer.status, body: await answer.json().catch(() => null) }
}

export async function getSettings(baseUrl: string, token: string): Promise<SettingsAnswer> {
  const answer = await fetch(`${baseUrl}/admin/tbc/settings`, { headers: { authorization: `Bearer ${token}` } })
  return { status: answer.status, body: await answer.json().catch(() => null) }
}

/** The bearer token of an `authorization: Bearer …` request config. */
export const tokenOf = (config: { headers: { authorization: string } }): string =>
  config.headers.authorization.replace(/^Bearer /, "")

/** A new cart's payment session on `shop` and the create request the bank received for it. */
export async function nextCheckoutRequest(
  shop: StoreCheckout,
  bank: SandboxBankControl,
  email = "settings@tbc-it.ge"
): Promise<Record<string, unknown>> {
  const { cartId } = await shop.createCartReadyForPayment([1], email)
  const { session } = await shop.startPaymentSession(cartId)
  const payment = await bank.payment(payIdOf(session))
  if (!payment.request) throw new Error(`the sandbox kept no request of payment ${payment.payId}`)
  return payment.request
}
