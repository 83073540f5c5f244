/**
 * POST /admin/tbc/settings/check-connection: asks the bank for a fresh token with each provider's
 * credentials and reports OK or the bank's problem in words (never the credentials).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listTbcProviders, type TbcProviderRegistration } from "../../../../../app/tbc-providers"
import { withBankClient } from "../../../../../app/bank-client"
import { bankProblemOf, type BankProblemView } from "../../helpers/bank-problem"

export interface ConnectionCheckResult {
  provider_id: string
  kind: TbcProviderRegistration["kind"]
  ok: boolean
  latency_ms: number | null
  problem: BankProblemView | null
}

/** A check must answer the admin quickly; no retries, a short timeout. */
const CHECK_TUNING = { timeoutMs: 10_000, maxRetries: 0 }

async function checkOne(registration: TbcProviderRegistration): Promise<ConnectionCheckResult> {
  const base = { provider_id: registration.providerId, kind: registration.kind }
  try {
    const check = await withBankClient(
      registration,
      (client) =>
        registration.kind === "tbc-checkout"
          ? client.checkout.verifyCredentials()
          : client.installments.verifyCredentials(),
      CHECK_TUNING
    )
    return { ...base, ok: true, latency_ms: check.latencyMs, problem: null }
  } catch (error) {
    return { ...base, ok: false, latency_ms: null, problem: bankProblemOf(error) }
  }
}

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const configModule = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const results = await Promise.all(listTbcProviders(configModule).map(checkOne))
  res.json({ results })
}
