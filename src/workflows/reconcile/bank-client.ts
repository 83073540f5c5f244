/**
 * A bank client for one provider registration, built from the registration's options the same
 * way the provider builds its own (app code cannot reach the provider instance, see
 * src/lib/app/tbc-providers.ts). The client validates the options itself and throws a
 * TbcConfigError that names the option (never its value).
 */
import { TbcClient, type TbcClientOptions, type TbcLogger } from "../../lib/tbc"
import type { TbcProviderRegistration } from "../../lib/app/tbc-providers"

const str = (value: unknown): string => (typeof value === "string" ? value : "")

export interface BankClientTuning {
  timeoutMs?: number
  maxRetries?: number
  logger?: TbcLogger
}

export function clientOptionsOf(
  registration: TbcProviderRegistration,
  tuning: BankClientTuning = {}
): TbcClientOptions {
  const o = registration.options
  const base: TbcClientOptions = {
    environment: str(o.environment),
    activatedMethods: Array.isArray(o.activatedMethods) ? (o.activatedMethods as number[]) : undefined,
    ...tuning,
  }
  if (registration.kind === "tbc-checkout") {
    return { ...base, checkout: { apiKey: str(o.apiKey), clientId: str(o.clientId), clientSecret: str(o.clientSecret) } }
  }
  return {
    ...base,
    installments: { apiKey: str(o.apiKey), apiSecret: str(o.apiSecret), merchantKey: str(o.merchantKey) },
  }
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
