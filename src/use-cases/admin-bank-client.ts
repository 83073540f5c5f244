/**
 * The bank client an admin route uses while an admin waits: the registration's shared client
 * (src/use-cases/bank-clients.ts) with read limits (one retry, 10 s per attempt), every call of the
 * request, token included, within the provider's request budget.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { bankClientFor } from "./bank-clients"
import type { TbcProviderRegistration } from "./tbc-providers"
import { clientWithin } from "../providers/common/client"
import { requestBudgetMsOf } from "./request-budget"

const READ_TUNING = { timeoutMs: 10_000, maxRetries: 1 }

export function adminBankClient(container: MedusaContainer, registration: TbcProviderRegistration) {
  return clientWithin(bankClientFor(registration, container, READ_TUNING), requestBudgetMsOf(registration))
}
