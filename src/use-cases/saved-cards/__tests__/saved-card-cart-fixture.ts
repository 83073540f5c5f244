/**
 * A fake container for the saved-card guard (src/use-cases/saved-cards/saved-card-cart-guard.ts): Alice's
 * cart with the given payment sessions, what Query and Medusa's deletePaymentSessionsWorkflow ask
 * of it, and what was read and deleted. Used by the completion middleware's and the cart hooks'
 * unit specs; the real thing: integration-tests/http/checkout-saved-card-owner.app.ts.
 */
import { asValue } from "awilix"
import { ContainerRegistrationKeys, createMedusaContainer, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { cartOwnerFingerprint } from "../../../lib/saved-card-owner"
import { CONFIG_WITH_TBC_PROVIDERS as CONFIG } from "../../payment-sessions/__tests__/tbc-config"

export const CART = {
  id: "cart_1",
  email: "alice@tbc-it.ge",
  customer_id: "cus_alice",
  region_id: "reg_ge",
  shipping_address: { id: "caaddr_1", city: "Tbilisi", country_code: "ge", address_1: "Rustaveli Ave 12" },
  billing_address: null,
}
export const FINGERPRINT = cartOwnerFingerprint(CART)
export const SAVED_CARD_DATA = {
  tbc_saved_card_seal: "tbcsc1.opaque",
  saved_card_customer_id: "cus_alice",
  saved_card_cart_fingerprint: FINGERPRINT,
}

export type Session = {
  id: string
  provider_id: string
  data: Record<string, unknown>
  /** what the canceled-payment check reads (src/lib/canceled-payment-completion.ts) */
  authorized_at?: string
  payment?: { id: string; canceled_at: string | null }
}
export const savedCardSession = (data: Record<string, unknown> = SAVED_CARD_DATA): Session => ({
  id: "payses_1",
  provider_id: "pp_tbc-checkout_tbc",
  data,
})
export const hostedSession: Session = { id: "payses_2", provider_id: "pp_tbc-checkout_tbc", data: { payId: "pay_1" } }

export interface CartFixtureOptions {
  sessions?: Session[]
  /** the cart as Query returns it; null: no such cart */
  cart?: Record<string, unknown> | null
  /** the payment module cannot delete sessions */
  deleteFails?: boolean
  /** the customer was deleted since (Query finds no such customer) */
  customerDeleted?: boolean
}

export function cartFixture(options: CartFixtureOptions): {
  scope: MedusaContainer
  graphed: string[]
  deleted: string[]
} {
  const graphed: string[] = []
  const deleted: string[] = []
  const scope = createMedusaContainer()
  const cart =
    options.cart === null
      ? null
      : { ...CART, ...options.cart, payment_collection: { payment_sessions: options.sessions } }
  scope.register({
    [ContainerRegistrationKeys.QUERY]: asValue({
      graph: async ({ entity, filters }: { entity: string; filters: { id: string } }) => {
        graphed.push(entity)
        if (entity === "customer") return { data: options.customerDeleted ? [] : [{ id: filters.id }] }
        return { data: cart ? [cart] : [] }
      },
    }),
    [ContainerRegistrationKeys.CONFIG_MODULE]: asValue(CONFIG),
    [ContainerRegistrationKeys.LOGGER]: asValue({ info() {}, warn() {}, error() {}, debug() {} }),
    // the money ledger's table, empty: no charge of the cart yet
    [ContainerRegistrationKeys.PG_CONNECTION]: asValue({ raw: async () => ({ rows: [] }) }),
    // what Medusa's deletePaymentSessionsWorkflow asks of the payment module
    [Modules.PAYMENT]: asValue({
      listPaymentSessions: async ({ id }: { id: string[] }) =>
        (options.sessions ?? []).filter((session) => id.includes(session.id)),
      deletePaymentSession: async (id: string) => {
        if (options.deleteFails) throw new Error("payment module unavailable")
        deleted.push(id)
      },
    }),
  })
  return { scope, graphed, deleted }
}
