/**
 * A bank client for one provider registration, built from the registration's options exactly as
 * the provider builds its own (app code cannot reach the provider instance, see
 * src/app/tbc-providers.ts): the options are validated by the provider's own parser, which
 * throws a MedusaError(INVALID_DATA) naming the option and rule, never a value.
 */
import { TbcClient, type TbcClientOptions, type TbcLogger } from "../lib/tbc"
import type { TbcProviderRegistration } from "./tbc-providers"
import { parseCheckoutOptions } from "../providers/tbc-checkout/options"
import { installmentsClientOptions, parseInstallmentsOptions } from "../providers/tbc-installments/options"

export interface BankClientTuning {
  timeoutMs?: number
  maxRetries?: number
  logger?: TbcLogger
}

export function clientOptionsOf(
  registration: TbcProviderRegistration,
  tuning: BankClientTuning = {}
): TbcClientOptions {
  if (registration.kind === "tbc-checkout") {
    const o = parseCheckoutOptions(registration.options)
    return {
      environment: o.environment,
      checkout: { apiKey: o.apiKey, clientId: o.clientId, clientSecret: o.clientSecret },
      activatedMethods: o.activatedMethods,
      timeoutMs: o.timeoutMs,
      maxRetries: o.maxRetries,
      ...tuning,
    }
  }
  return { ...installmentsClientOptions(parseInstallmentsOptions(registration.options)), ...tuning }
}

/** Runs `use` with a fresh client and always frees its sockets afterwards. */
export async function withBankClient<T>(
  registration: TbcProviderRegistration,
  use: (client: TbcClient) => Promise<T>,
  tuning: BankClientTuning = {}
): Promise<T> {
  const client = new TbcClient(clientOptionsOf(registration, tuning))
  try {
    return await use(client)
  } finally {
    client.close()
  }
}
