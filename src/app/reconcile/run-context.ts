/** What both reconciliation passes start from: their "now" and the tbc-checkout registrations. */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listTbcProviders, type TbcProviderRegistration } from "../tbc-providers"

/** The injected ISO "now" (tests move it forward) or the real clock; `who` names the caller in the error. */
export function reconcileNow(now: string | undefined, who: string): Date {
  const date = now ? new Date(now) : new Date()
  if (Number.isNaN(date.getTime())) {
    throw new Error(`${who}: now must be an ISO date`)
  }
  return date
}

/** Every tbc-checkout registration of this app (reconciliation concerns the checkout provider only). */
export function checkoutRegistrations(container: MedusaContainer): TbcProviderRegistration[] {
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  return listTbcProviders(configModule).filter((r) => r.kind === "tbc-checkout")
}
