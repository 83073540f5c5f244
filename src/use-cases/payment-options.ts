/**
 * What GET /store/tbc/payment-options answers: every TBC provider of the store as a storefront
 * draws the payment step, and, for a cart, whether each may be offered for it.
 *
 *   { provider_id, kind: "checkout" | "installments", identifier, method, methods, save_cards,
 *     holds_money, title, available, unavailable_reason, unavailable_message }
 *
 * - `tbc-checkout` (all methods): `methods` is what its page offers (purchase-only wallets left
 *   out while it holds the money); with a cart, the methods outside their limits (`methodLimits`)
 *   are left out too, as its initiatePayment does; unavailable only when none is left.
 * - `tbc-installments`: unavailable (with a cart) when it is not in GEL or its total is outside the
 *   provider's `amountLimit` (TBC's 100–10,000 GEL by default), as its initiatePayment refuses.
 * - a per-method provider (`tbc-card`, `tbc-apple-pay`, …): `method` its one method; unavailable
 *   when the registration's `methods` lacks it, or (with a cart) the amount is outside its limits
 *   or the currency is one it does not take. Its initiatePayment refuses the same cases.
 * - `holds_money`: authorizing the choice only holds the money and the shop captures later. It is
 *   the same page plan the provider sends the bank (pagePlan: preAuth in force, from the admin's
 *   settings too, and never for a page of purchase-only wallets); installments never (the bank
 *   approves a loan, nothing is held on a card).
 * - `title`: the store's own title for the choice (option `methodTitles`, editable in the admin);
 *   null when the store set none (the kit then shows its own words).
 * - with a cart, a provider the cart's region does not enable is unavailable (`not_in_region`):
 *   Medusa would refuse its session, and a storefront then needs no second list to intersect.
 *
 * Nothing secret: the same facts the bank's page shows.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import {
  choiceAvailability,
  installmentsAvailability,
  methodsWithinLimits,
  pagePlan,
  type UnavailableReason,
} from "../lib/checkout-choices"
import { methodsThatSaveCards, type CheckoutMethod } from "../lib/tbc/types"
import { medusaAmountToMinor } from "../providers/common/medusa-values"
import { parseCheckoutOptions } from "../providers/tbc-checkout/options"
import { parseInstallmentsOptions } from "../providers/tbc-installments/options"
import type { TbcProviderRegistration } from "./tbc-providers"

export interface PaymentOptionView {
  provider_id: string
  kind: "checkout" | "installments"
  /** the service: tbc-checkout, tbc-card, tbc-apple-pay, …, tbc-installments */
  identifier: string
  /** a per-method provider's one method; null for the all-methods page and installments */
  method: number | null
  /** the methods the bank's page offers (checkout), e.g. [5, 7]; for the cart when one is given */
  methods: number[]
  /** cards are saved for logged-in customers with this provider */
  save_cards: boolean
  /** authorizing only holds the money; the shop captures it later (preauthorization in force for this choice) */
  holds_money: boolean
  /** the store's title for this choice; null: the storefront shows its own words */
  title: string | null
  available: boolean
  unavailable_reason: UnavailableReason | "no_method_for_amount" | "not_in_region" | null
  /** in words, naming the method and the limit or option; null when available */
  unavailable_message: string | null
}

/** The cart the options are for: its total in tetri and currency, and its region's enabled providers. */
export interface OptionsCart {
  amountMinor: number
  currency: string
  /** the payment providers the cart's region enables; unset: not judged */
  regionProviderIds?: readonly string[]
}

const offered = { available: true, unavailable_reason: null, unavailable_message: null } as const

function checkoutOption(registration: TbcProviderRegistration, cart: OptionsCart | undefined): PaymentOptionView {
  const options = parseCheckoutOptions(registration.options)
  const base = { provider_id: registration.providerId, kind: "checkout" as const, identifier: registration.identifier }
  const { choice } = registration
  if (choice) {
    const verdict = choiceAvailability(choice, options, cart)
    return {
      ...base,
      method: choice.method,
      methods: [choice.method],
      save_cards: options.saveCards && methodsThatSaveCards([choice.method]).length > 0,
      holds_money: pagePlan([choice.method], options.preAuth).preAuth,
      title: options.methodTitles[registration.identifier] ?? null,
      available: verdict.available,
      unavailable_reason: verdict.reason,
      unavailable_message: verdict.message,
    }
  }
  const within: CheckoutMethod[] = cart
    ? methodsWithinLimits(options.methods, options.methodLimits, cart.amountMinor, cart.currency).methods
    : [...options.methods]
  // what the page really offers: no purchase-only wallet on a page that holds the money
  const plan = pagePlan(within, options.preAuth)
  const { methods } = plan
  return {
    ...base,
    method: null,
    methods,
    save_cards: options.saveCards,
    holds_money: methods.length > 0 && plan.preAuth,
    title: options.methodTitles[registration.identifier] ?? null,
    ...(methods.length > 0
      ? offered
      : {
          available: false,
          unavailable_reason: "no_method_for_amount" as const,
          unavailable_message: "every method of this page is outside its limits for this cart (option methodLimits)",
        }),
  }
}

/** The installments provider for a cart: GEL only, within its amountLimit (as its initiatePayment). */
function installmentsOption(registration: TbcProviderRegistration, cart: OptionsCart | undefined) {
  const verdict = installmentsAvailability(parseInstallmentsOptions(registration.options).amountLimit, cart)
  return { available: verdict.available, unavailable_reason: verdict.reason, unavailable_message: verdict.message }
}

/**
 * Every TBC provider as a payment option, judged for `cart` when given. `registrations`: the
 * store's (listTbcProviders), with the admin's settings in force (effectiveTbcProviders).
 */
export function paymentOptionsOf(registrations: TbcProviderRegistration[], cart?: OptionsCart): PaymentOptionView[] {
  return registrations.map((registration) => {
    const view: PaymentOptionView =
      registration.kind === "tbc-installments"
        ? {
            provider_id: registration.providerId,
            kind: "installments",
            identifier: registration.identifier,
            method: null,
            methods: [],
            save_cards: false,
            holds_money: false,
            title: null,
            ...installmentsOption(registration, cart),
          }
        : checkoutOption(registration, cart)
    return view.available && cart?.regionProviderIds && !cart.regionProviderIds.includes(view.provider_id)
      ? {
          ...view,
          available: false,
          unavailable_reason: "not_in_region",
          unavailable_message: `${view.provider_id} is not enabled in the cart's region (Settings → Regions → Payment providers)`,
        }
      : view
  })
}

/** The cart's total (tetri) and currency through Query; 404 for an unknown cart. */
export async function optionsCartOf(container: MedusaContainer, cartId: string): Promise<OptionsCart> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "total", "currency_code", "region_id"],
    filters: { id: cartId },
  })
  const cart = data[0] as { total?: unknown; currency_code?: string; region_id?: string | null } | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart with id: ${cartId} was not found`)
  return {
    amountMinor: medusaAmountToMinor((cart.total ?? 0) as Parameters<typeof medusaAmountToMinor>[0]),
    currency: String(cart.currency_code ?? "").toUpperCase(),
    regionProviderIds: cart.region_id ? await regionProvidersOf(container, cart.region_id) : [],
  }
}

/** The enabled payment providers of a region (the region–provider link Medusa's store route lists too). */
async function regionProvidersOf(container: MedusaContainer, regionId: string): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "region",
    fields: ["id", "payment_providers.id", "payment_providers.is_enabled"],
    filters: { id: regionId },
  })
  const providers = (data[0] as { payment_providers?: Array<{ id: string; is_enabled?: boolean } | null> } | undefined)
    ?.payment_providers
  return (providers ?? []).filter((p) => p && p.is_enabled !== false).map((p) => p!.id)
}
