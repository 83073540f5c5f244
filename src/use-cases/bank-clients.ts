/**
 * The bank client of a provider registration for app code (routes, jobs, workflows, subscribers):
 * the client the provider itself built and registered under its provider id
 * (src/lib/bank-client-registry.ts, registerProviderClient). One road to the bank: app code never
 * assembles a client from the store's config on its own, so it asks the bank with exactly what the
 * provider uses (credentials, base URL, timeouts, a test's client factory) and shares its token.
 *
 * Medusa builds a payment provider on its first use. When app code needs the bank before that
 * (a job right after a restart), it asks the payment module to judge an empty callback for the
 * provider: a public call that makes Medusa build it; the provider answers "not supported"
 * without asking the bank.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { providerClientOf, type ProviderBankClient } from "../lib/bank-client-registry"
import type { AttemptLimits, TbcClientView } from "../lib/tbc"
import { CHECKOUT_CALLS, INSTALLMENTS_CALLS } from "../lib/tbc/client"
import type { TbcProviderRegistration } from "./tbc-providers"

/** What finds a registration's provider: its id, and its webhook segment (to have Medusa build it). */
type ProviderOfRegistration = Pick<TbcProviderRegistration, "providerId" | "webhookSegment">

/**
 * Makes Medusa build the provider of `registration` (see the header), which registers its client.
 * Returns what building it threw (a configuration the provider rejects names its option), if anything.
 */
async function buildProvider(registration: ProviderOfRegistration, container: MedusaContainer): Promise<unknown> {
  const payment = container.resolve<Partial<IPaymentModuleService> | undefined>(Modules.PAYMENT, {
    allowUnregistered: true,
  })
  if (typeof payment?.getWebhookActionAndData !== "function") return undefined
  try {
    await payment.getWebhookActionAndData({
      provider: registration.webhookSegment,
      payload: { data: {}, rawData: "", headers: {} },
    })
    return undefined
  } catch (error) {
    return error // an empty callback is judged "not supported": a throw is the build failing
  }
}

/** The client the registration's provider built, building the provider first if Medusa has not yet. */
export async function providerClientFor(
  registration: ProviderOfRegistration,
  container: MedusaContainer | undefined
): Promise<ProviderBankClient> {
  const built = providerClientOf(registration.providerId)
  if (built) return built
  const failure = container ? await buildProvider(registration, container) : undefined
  const client = providerClientOf(registration.providerId)
  if (client) return client
  if (failure) throw failure
  throw new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `The payment provider ${registration.providerId} is not loaded in this app, so its bank cannot be asked.`
  )
}

type BankView = Pick<TbcClientView, "checkout" | "installments">

/** Calls that wait for `view` and then run on it: the caller keeps a synchronous client. */
function deferred(view: () => Promise<BankView>): BankView {
  const area = <K extends keyof BankView>(key: K, calls: ReadonlyArray<keyof BankView[K]>): BankView[K] =>
    Object.fromEntries(
      calls.map((call) => [
        call,
        async (...args: unknown[]) => {
          const api = (await view())[key] as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>
          return api[call](...args)
        },
      ])
    ) as unknown as BankView[K]
  return { checkout: area("checkout", CHECKOUT_CALLS), installments: area("installments", INSTALLMENTS_CALLS) }
}

/**
 * The provider's client with the attempt limits of one kind of use (a job's fewer retries, an
 * admin read's shorter timeout): same sockets, same token. Synchronous for its callers: the
 * provider's client is found (and the provider built, if need be) on the first call, and a
 * provider that cannot be reached fails that call.
 */
export function bankClientFor(
  registration: ProviderOfRegistration,
  container?: MedusaContainer,
  limits: AttemptLimits = {}
): TbcClientView {
  let tuned: Promise<TbcClientView> | undefined
  const view = () =>
    (tuned ??= providerClientFor(registration, container).then((client) =>
      // a test's fake client has no attempt limits to tune
      client.tuned
        ? client.tuned(limits)
        : { checkout: client.checkout, installments: client.installments, within: () => client }
    ))
  return {
    ...deferred(view),
    // the budget's clock starts now, as TbcClient.within's does, not when the client is found
    within: (budgetMs) => {
      const started = Date.now()
      return deferred(async () => (await view()).within(Math.max(0, budgetMs - (Date.now() - started))))
    },
  }
}
