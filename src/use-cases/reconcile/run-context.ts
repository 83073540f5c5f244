/** What both reconciliation passes start from: their "now" and the tbc-checkout registrations. */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { TbcLogger } from "../../lib/tbc"
import { effectiveTbcProviders } from "../effective-settings"
import type { TbcProviderRegistration } from "../tbc-providers"

/** The injected ISO "now" (tests move it forward) or the real clock; `who` names the caller in the error. */
export function reconcileNow(now: string | undefined, who: string): Date {
  const date = now ? new Date(now) : new Date()
  if (Number.isNaN(date.getTime())) {
    throw new Error(`${who}: now must be an ISO date`)
  }
  return date
}

/**
 * Every tbc-checkout registration of this app (reconciliation concerns the checkout provider
 * only), with the admin's settings in force (orphan policy, retention days).
 */
export async function checkoutRegistrations(container: MedusaContainer): Promise<TbcProviderRegistration[]> {
  return (await effectiveTbcProviders(container)).filter((r) => r.kind === "tbc-checkout")
}

/** Medusa's logger with the pass's prefix on every line (`[tbc reconcile]`, `[tbc orphans]`). */
export function passLogger(container: MedusaContainer, prefix: string): TbcLogger {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  return {
    debug: () => undefined,
    info: (msg: string) => logger.info(`${prefix} ${msg}`),
    warn: (msg: string) => logger.warn(`${prefix} ${msg}`),
    error: (msg: string) => logger.error(`${prefix} ${msg}`),
  }
}
