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
 * file, and Node's module cache makes it one map per process.
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

/** Frees every shared client's sockets and forgets them (tests, benches, a shutting-down process). */
export function closeSharedBankClients(): void {
  for (const client of clients.values()) client.close()
  clients.clear()
}
