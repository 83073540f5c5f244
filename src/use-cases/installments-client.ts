/**
 * The app side's view of the installments providers: their validated options and the bank client
 * of each registration, the one the provider itself built (src/use-cases/bank-clients.ts), so the OAuth
 * token (valid for hours) and the keep-alive pool are reused between sync runs and shared with the
 * provider instead of fetching a token every interval.
 */
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { listTbcProviders, type TbcProviderRegistration } from "./tbc-providers"
import { installmentOutcome } from "../lib/installment-status"
import type { InstallmentsApi } from "../lib/tbc/types"
import { parseInstallmentsOptions, type InstallmentsOptions } from "../providers/tbc-installments/options"
import { bankClientFor } from "./bank-clients"

export interface InstallmentsRegistration {
  providerId: string
  /** the provider's `:provider` segment of /hooks/payment (what builds it: bank-clients.ts) */
  webhookSegment: string
  options: InstallmentsOptions
}

/** Every tbc-installments registration of this app, or only `providerId` (NOT_FOUND if absent). */
export function installmentsRegistrations(container: MedusaContainer, providerId?: string): InstallmentsRegistration[] {
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const all = listTbcProviders(configModule).filter((p: TbcProviderRegistration) => p.kind === "tbc-installments")
  const chosen = providerId ? all.filter((p) => p.providerId === providerId) : all
  if (providerId && chosen.length === 0) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `provider_id: no tbc-installments provider ${providerId} is registered`
    )
  }
  return chosen.map((p) => ({
    providerId: p.providerId,
    webhookSegment: p.webhookSegment,
    options: parseInstallmentsOptions(p.options),
  }))
}

/** The installments client the registration's provider built. */
export function installmentsClientFor(
  registration: InstallmentsRegistration,
  container: MedusaContainer
): InstallmentsApi {
  return bankClientFor(registration, container).installments
}

/**
 * Cancels an application at the bank for the sync (its Medusa session is gone). An application
 * that already ended without a loan (canceled, expired, declined) counts as canceled; any other
 * failure is thrown, so the change is retried.
 */
export async function cancelApplicationAtBank(
  container: MedusaContainer,
  providerId: string,
  sessionId: string
): Promise<void> {
  const [registration] = installmentsRegistrations(container, providerId)
  const bank = installmentsClientFor(registration, container)
  try {
    await bank.cancelApplication(sessionId)
  } catch (error) {
    const status = await bank.getStatus(sessionId).catch(() => undefined)
    if (status && installmentOutcome(status.statusId) === "failed") return
    throw error
  }
}
