/**
 * One bank client per provider configuration, shared by everything in the process that talks to
 * the bank for it: the provider itself, the jobs, the workflows and the admin routes.
 *
 * Why shared: a client holds the access token (valid for hours) and the keep-alive sockets. A
 * client per call asks the token endpoint on every call (each order-widget view was a token
 * request); one client per configuration asks it once per token lifetime.
 *
 * Why a module-level map: Medusa builds a payment provider inside the payment module's own
 * container, which app code (routes, jobs, workflows) cannot reach. Both sides load this same
 * file, and Node's module cache makes it one map per process. Each provider also registers the
 * client it built under its provider id (registerProviderClient): app code asks the bank through
 * that one, never through a client it assembled from the config itself.
 *
 * The key is a hash of the client options (base URL, credentials, timeouts, retries, methods), not
 * the provider id: the client is fully determined by them, a changed configuration gets a new
 * client, and the installments provider does not know its registration id. The logger is not part
 * of the key: the first builder's logger is kept (every builder passes Medusa's logger).
 *
 * Pure (no Medusa imports); users that need other attempt limits take `client.tuned(...)`, and a
 * request a person waits on takes `client.within(ms)`: both share this client's token cache.
 */
import { createHash } from "node:crypto"
import { TbcClient } from "./tbc/client"
import type { TbcClientOptions } from "./tbc/types"

const clients = new Map<string, TbcClient>()

/** Object keys sorted, so the same options always give the same text. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        )
      : v
  )
}

/** The registry key of a configuration: a hash, so no credential is kept as a map key. */
export function bankClientKey(options: TbcClientOptions): string {
  const { logger: _logger, ...configuration } = options
  return createHash("sha256").update(stableJson(configuration)).digest("hex")
}

/**
 * The process's client for these options, built on first use. A configuration the client rejects
 * throws its TbcConfigError every time (nothing is cached for it).
 */
export function sharedBankClient(options: TbcClientOptions): TbcClient {
  const key = bankClientKey(options)
  let client = clients.get(key)
  if (!client) {
    client = new TbcClient(options)
    clients.set(key, client)
  }
  return client
}

/** What a provider registers as its client (a test's factory may give a fake without `tuned`). */
export type ProviderBankClient = Pick<TbcClient, "checkout" | "installments"> & Partial<Pick<TbcClient, "tuned">>

/**
 * The client each payment provider built, by its Medusa provider id ("pp_tbc-checkout_tbc"): the
 * one road to the bank for app code (jobs, admin actions, routes), which cannot reach the provider
 * instance itself. The provider registers it when Medusa builds it (its constructor); the latest
 * build of an id wins, as Medusa's own container holds one provider per id.
 */
const providerClients = new Map<string, ProviderBankClient>()

export function registerProviderClient(providerId: string, client: ProviderBankClient): void {
  providerClients.set(providerId, client)
}

/** The client the provider `providerId` built in this process, or undefined before Medusa built it. */
export function providerClientOf(providerId: string): ProviderBankClient | undefined {
  return providerClients.get(providerId)
}

/** Frees every shared client's sockets and forgets them (tests, benches, a shutting-down process). */
export function closeSharedBankClients(): void {
  for (const client of clients.values()) client.close()
  clients.clear()
  providerClients.clear()
}
