/**
 * The bank client of a provider registration for app code (routes, jobs, workflows, subscribers):
 * the SAME client the provider uses (src/lib/bank-client-registry.ts), found from the
 * registration's options exactly as the provider builds it. App code cannot reach the provider
 * instance (src/app/tbc-providers.ts); sharing the client means one access token per merchant
 * configuration and token lifetime, however many views, runs and recordings ask the bank.
 *
 * The options are validated by the provider's own parser, which throws a MedusaError(INVALID_DATA)
 * naming the option and rule, never a value.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { sharedBankClient } from "../lib/bank-client-registry"
import type { AttemptLimits, TbcClient, TbcClientOptions, TbcClientView, TbcLogger } from "../lib/tbc"
import { providerLogger } from "../providers/common/client"
import { checkoutClientOptions, parseCheckoutOptions } from "../providers/tbc-checkout/options"
import { installmentsClientOptions, parseInstallmentsOptions } from "../providers/tbc-installments/options"
import type { TbcProviderRegistration } from "./tbc-providers"

/** The client options of a registration, assembled by the provider's own function for its kind. */
export function clientOptionsOf(registration: TbcProviderRegistration, logger?: TbcLogger): TbcClientOptions {
  return registration.kind === "tbc-checkout"
    ? checkoutClientOptions(parseCheckoutOptions(registration.options), logger)
    : installmentsClientOptions(parseInstallmentsOptions(registration.options), logger)
}

/** Medusa's logger, prefixed as the provider prefixes its own lines; none when the container has none. */
function loggerOf(
  container: MedusaContainer | undefined,
  registration: TbcProviderRegistration
): TbcLogger | undefined {
  if (!container) return undefined
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER, { allowUnregistered: true })
  return logger ? providerLogger({ logger }, registration.webhookSegment) : undefined
}

/** The registration's shared client (built on first use, by whichever side asks first). */
function sharedClientOf(registration: TbcProviderRegistration, container?: MedusaContainer): TbcClient {
  return sharedBankClient(clientOptionsOf(registration, loggerOf(container, registration)))
}

/**
 * The registration's shared client with the attempt limits of one kind of use (a job's fewer
 * retries, an admin read's shorter timeout): same sockets, same token.
 */
export function bankClientFor(
  registration: TbcProviderRegistration,
  container?: MedusaContainer,
  limits: AttemptLimits = {}
): TbcClientView {
  return sharedClientOf(registration, container).tuned(limits)
}
