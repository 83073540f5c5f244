/**
 * POST /admin/tbc/settings/check-connection: asks the bank for a fresh token with each provider's
 * credentials and reports OK or the bank's problem in words (never the credentials).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listTbcRegistrations, type TbcProviderRegistration } from "../../../../../use-cases/tbc-providers"
import { bankClientFor } from "../../../../../use-cases/bank-clients"
import { bankProblemOf, type BankProblemView } from "../../../../../use-cases/bank-problem"

export interface ConnectionCheckResult {
  provider_id: string
  kind: TbcProviderRegistration["kind"]
  ok: boolean
  latency_ms: number | null
  problem: BankProblemView | null
}

/** A check must answer the admin quickly; no retries, a short timeout. */
const CHECK_TUNING = { timeoutMs: 10_000, maxRetries: 0 }

async function checkOne(
  registration: TbcProviderRegistration,
  container: MedusaContainer
): Promise<ConnectionCheckResult> {
  const base = { provider_id: registration.providerId, kind: registration.kind }
  try {
    // verifyCredentials asks for a fresh token on purpose (the cached one proves nothing now)
    const client = bankClientFor(registration, container, CHECK_TUNING)
    const check = await (registration.kind === "tbc-checkout"
      ? client.checkout.verifyCredentials()
      : client.installments.verifyCredentials())
    return { ...base, ok: true, latency_ms: check.latencyMs, problem: null }
  } catch (error) {
    return { ...base, ok: false, latency_ms: null, problem: bankProblemOf(error) }
  }
}

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const configModule = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  // one check per registration: its per-method providers share its credentials and client
  const results = await Promise.all(listTbcRegistrations(configModule).map((r) => checkOne(r, req.scope)))
  res.json({ results })
}
