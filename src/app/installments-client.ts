/**
 * The app side's view of the installments providers: their validated options and the bank client
 * of each registration, the one the provider itself uses (src/lib/bank-client-registry.ts), so the
 * OAuth token (valid for hours) and the keep-alive pool are reused between sync runs and shared
 * with the provider instead of fetching a token every interval.
 */
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { listTbcProviders, type TbcProviderRegistration } from "./tbc-providers"
import { installmentOutcome } from "../lib/installment-status"
import { sharedBankClient } from "../lib/bank-client-registry"
import type { InstallmentsApi, TbcLogger } from "../lib/tbc/types"
import {
  installmentsClientOptions,
  parseInstallmentsOptions,
  type InstallmentsOptions,
} from "../providers/tbc-installments/options"

export interface InstallmentsRegistration {
  providerId: string
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
  return chosen.map((p) => ({ providerId: p.providerId, options: parseInstallmentsOptions(p.options) }))
}

/** The registration's shared installments client. */
export function installmentsClientFor(registration: InstallmentsRegistration, logger?: TbcLogger): InstallmentsApi {
  return sharedBankClient(installmentsClientOptions(registration.options, logger)).installments
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
  const bank = installmentsClientFor(registration)
  try {
    await bank.cancelApplication(sessionId)
  } catch (error) {
    const status = await bank.getStatus(sessionId).catch(() => undefined)
    if (status && installmentOutcome(status.statusId) === "failed") return
    throw error
  }
}
