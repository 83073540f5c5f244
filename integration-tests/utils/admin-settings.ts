/**
 * The admin's editable settings (POST/GET /admin/tbc/settings) as the tests drive them, against any
 * instance (a base URL and an admin token), and "what the next checkout sends to the bank": a cart,
 * a payment session, and the create request the sandbox received for it.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { checkSettingsChange } from "../../src/lib/settings/merge"
import type { PgConnection } from "../../src/modules/tbc/pg-connection"
import { ProviderSettingsStore } from "../../src/modules/tbc/settings/settings-store"
import { OPTION_SCHEMAS } from "../../src/providers/common/effective-options"
import { findTbcProvider, providerIdOf } from "../../src/use-cases/tbc-providers"
import { TBC_CHECKOUT_PROVIDER_ID } from "./seed-store"
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

/**
 * Saves a change of one registration's admin settings as POST /admin/tbc/settings does (the same
 * rules, checkSettingsChange, and the same store), but with no admin: for a suite's beforeAll, e.g.
 * preauthorization on for a spec of an app group booted without it. An admin user made there would
 * stay in the database the runner restores before each test, where the test's own
 * createAdminRequestConfig would then find its email taken. What the suite's beforeAll stores is in
 * that restored database for each of its tests; the next spec of a group starts from the database
 * of the boot (runAppGroup), and the saving process's settings cache is dropped (store.save).
 */
export async function saveSettingsWithoutAdmin(
  container: MedusaContainer,
  providerId: string,
  change: { set?: Record<string, unknown>; reset?: string[] }
): Promise<void> {
  const registration = findTbcProvider(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), providerId)
  if (!registration) throw new Error(`saveSettingsWithoutAdmin: ${providerId} is not a TBC provider of this app`)
  const pg = container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  const key = providerIdOf(registration.kind, registration.registrationId)
  await new ProviderSettingsStore(pg).save(key, { id: "test-suite", email: null }, (stored) => {
    const checked = checkSettingsChange(
      OPTION_SCHEMAS[registration.kind],
      registration.kind,
      registration.options,
      stored.map((row) => ({ key: row.key, value: row.value })),
      { set: change.set ?? {}, reset: change.reset ?? [] }
    )
    if (!checked.ok) throw new Error(`saveSettingsWithoutAdmin: refused: ${JSON.stringify(checked.issues)}`)
    return checked.changes
  })
}

/**
 * saveSettingsWithoutAdmin for a whole suite: `set` stored in its beforeAll (so in the database each
 * of its tests starts from), reset in its afterAll. E.g. a hold or orphan policy "notify" for a spec
 * of an app group whose app boots without them. Call inside the runner's testSuite.
 */
export function useSuiteSettings(
  getContainer: () => MedusaContainer,
  set: Record<string, unknown>,
  providerId = TBC_CHECKOUT_PROVIDER_ID
): void {
  beforeAll(() => saveSettingsWithoutAdmin(getContainer(), providerId, { set }))
  afterAll(() => saveSettingsWithoutAdmin(getContainer(), providerId, { reset: Object.keys(set) }))
}
