/**
 * Where the app side (routes, middlewares, subscribers, jobs, workflows) finds the TBC providers a
 * store registered. Why from the config and not from the providers themselves: Medusa isolates
 * modules, so code in the app container cannot reach a payment provider instance; both read the
 * same options from `configModule`, and each caller validates them with the provider's own schema.
 *
 * Pure: works on the plain config object, no I/O.
 */
import { Modules } from "@medusajs/framework/utils"
import { ALL_METHODS_IDENTIFIER, CHECKOUT_CHOICES, type CheckoutChoice } from "../lib/checkout-choices"

export type TbcProviderKind = "tbc-checkout" | "tbc-installments"
export const TBC_PROVIDER_KINDS: readonly TbcProviderKind[] = ["tbc-checkout", "tbc-installments"]

export interface TbcProviderRegistration {
  kind: TbcProviderKind
  /**
   * The service's identifier: the kind, or for a checkout registration's per-method services
   * "tbc-card", "tbc-apple-pay", … (one config entry gives the all-methods provider and those)
   */
  identifier: string
  /** the per-method service's choice (its one method); undefined for the all-methods page and installments */
  choice?: CheckoutChoice
  /** the `id` of the registration, e.g. "tbc" */
  registrationId: string
  /** Medusa's payment provider id, e.g. "pp_tbc-checkout_tbc", "pp_tbc-apple-pay_tbc" */
  providerId: string
  /** the `:provider` segment of the webhook route /hooks/payment/:provider, e.g. "tbc-checkout_tbc" */
  webhookSegment: string
  /** the raw options as configured (validate with the provider's options schema before use) */
  options: Record<string, unknown>
}

interface ProviderConfigEntry {
  resolve?: unknown
  id?: unknown
  options?: unknown
}

/** "./src/providers/tbc-checkout", "medusa-payment-tbc/providers/tbc-checkout", ".../tbc-checkout/index.js" → "tbc-checkout" */
export function providerKindOf(resolve: unknown): TbcProviderKind | undefined {
  if (typeof resolve !== "string") {
    return undefined
  }
  const segments = resolve
    .replace(/\\/g, "/")
    .replace(/\/index(\.[jt]s)?$/, "")
    .replace(/\/+$/, "")
    .split("/")
  const last = segments[segments.length - 1]
  return TBC_PROVIDER_KINDS.find((kind) => kind === last)
}

export function providerIdOf(kind: TbcProviderKind, registrationId: string): string {
  return `pp_${kind}_${registrationId}`
}

/** One options object per registration's options and id: callers cache their parse by the object. */
const optionsWithIds = new WeakMap<object, Map<string, Record<string, unknown>>>()

/**
 * A registration's options with `registrationId` set to its `id`: it follows from the id (the
 * providers derive it the same way, withRegistrationId; a different explicit one stops the boot).
 * The same object every time for the same options (or, with none, the same config entry).
 */
function optionsWithId(entry: object, options: unknown, id: string): Record<string, unknown> {
  const own = typeof options === "object" && options !== null ? options : undefined
  const key = own ?? entry
  const byId = optionsWithIds.get(key) ?? new Map<string, Record<string, unknown>>()
  optionsWithIds.set(key, byId)
  const made = byId.get(id) ?? { ...own, registrationId: id }
  byId.set(id, made)
  return made
}

/**
 * Every TBC provider in a Medusa config module (`container.resolve("configModule")`): a
 * tbc-checkout config entry gives its all-methods provider first, then one per method (the
 * services of src/providers/tbc-checkout/index.ts), all with the entry's options.
 */
export function listTbcProviders(configModule: unknown): TbcProviderRegistration[] {
  const modules = (configModule as { modules?: Record<string, unknown> } | undefined)?.modules ?? {}
  const payment = modules[Modules.PAYMENT] as { options?: { providers?: unknown } } | undefined
  const providers = Array.isArray(payment?.options?.providers) ? (payment!.options!.providers as unknown[]) : []
  return providers.flatMap((entry) => {
    const { resolve, id, options } = (entry ?? {}) as ProviderConfigEntry
    const kind = providerKindOf(resolve)
    if (!kind || typeof id !== "string" || id === "") {
      return []
    }
    const raw = optionsWithId(entry as object, options, id)
    const main = { kind, identifier: kind, registrationId: id, providerId: providerIdOf(kind, id) }
    const services: Array<Omit<TbcProviderRegistration, "webhookSegment" | "options">> =
      kind === ALL_METHODS_IDENTIFIER
        ? [
            main,
            ...CHECKOUT_CHOICES.map((choice) => ({
              kind,
              identifier: choice.identifier,
              choice,
              registrationId: id,
              providerId: `pp_${choice.identifier}_${id}`,
            })),
          ]
        : [main]
    return services.map((service) => ({
      ...service,
      webhookSegment: service.providerId.slice("pp_".length),
      options: raw,
    }))
  })
}

/** The registrations of one kind's own provider only: one per config entry (no per-method services). */
export function listTbcRegistrations(configModule: unknown): TbcProviderRegistration[] {
  return listTbcProviders(configModule).filter((r) => r.choice === undefined)
}

/** The registration behind a Medusa provider id ("pp_tbc-checkout_tbc"), or undefined. */
export function findTbcProvider(configModule: unknown, providerId: string): TbcProviderRegistration | undefined {
  return listTbcProviders(configModule).find((p) => p.providerId === providerId)
}
