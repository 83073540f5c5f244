/**
 * `npx medusa-payment-tbc setup-georgia` (or `npx medusa exec <this file>`): prepares a Georgian
 * region in the store, idempotently (src/use-cases/store-setup/georgia-region.ts). Arguments:
 * provider ids (`pp_…`) to enable in the region instead of every TBC registration's own provider.
 */
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { setupGeorgiaRegion, setupReport } from "../use-cases/store-setup/georgia-region"

export default async function tbcSetupGeorgia({ container, args }: ExecArgs): Promise<void> {
  const providerIds = (args ?? []).filter((arg) => arg.startsWith("pp_"))
  const result = await setupGeorgiaRegion(container, providerIds.length > 0 ? { providerIds } : {})
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  for (const line of setupReport(result)) logger.info(`TBC setup: ${line}`)
}
