/**
 * The request budget (`requestBudgetMs`, see src/lib/tbc/budget.ts) of a provider registration,
 * for admin routes that ask the bank while an admin waits: read with the provider's own parser, so
 * a route uses exactly what the provider uses.
 */
import type { TbcProviderRegistration } from "./tbc-providers"
import { parseCheckoutOptions } from "../providers/tbc-checkout/options"
import { parseInstallmentsOptions } from "../providers/tbc-installments/options"

export function requestBudgetMsOf(registration: TbcProviderRegistration): number {
  return registration.kind === "tbc-checkout"
    ? parseCheckoutOptions(registration.options).requestBudgetMs
    : parseInstallmentsOptions(registration.options).requestBudgetMs
}
