/**
 * The TBC registrations with the settings a shop manager changed in the admin applied over their
 * medusa-config options: what the jobs and the store routes read where an editable option matters
 * (orphan policy, retention days, methods, saved cards). Same rows, same cache and same merge as
 * the providers (src/providers/common/effective-options.ts), so the app and the providers agree.
 * A setting that no longer passes with the config leaves the config's value (with a warning);
 * settings that cannot be read are a clear error (storedSettingsInForce), never the config in silence.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { mergeWithStored } from "../providers/common/effective-options"
import type { PgConnection } from "../modules/tbc/pg-connection"
import { storedSettingsInForce } from "../modules/tbc/settings/settings-store"
import { listTbcProviders, providerIdOf, type TbcProviderRegistration } from "./tbc-providers"

/** The container's logger as the settings cache warns through it, or none. */
function loggerOf(container: MedusaContainer): { warn(message: string): void } | undefined {
  try {
    return container.resolve(ContainerRegistrationKeys.LOGGER)
  } catch {
    return undefined
  }
}

/** Every TBC registration, its `options` being the config's with the admin's settings in force. */
export async function effectiveTbcProviders(container: MedusaContainer): Promise<TbcProviderRegistration[]> {
  const registrations = listTbcProviders(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE))
  let pg: PgConnection | undefined
  try {
    pg = container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  } catch {
    pg = undefined
  }
  if (!pg || registrations.length === 0) return registrations
  const logger = loggerOf(container)
  const rows = await storedSettingsInForce(pg, logger)
  if (rows.length === 0) return registrations
  return registrations.map((registration) => {
    // settings are kept per registration (its own provider id): every provider made from the same
    // config entry reads them
    const key = providerIdOf(registration.kind, registration.registrationId)
    const merged = mergeWithStored(registration.kind, key, registration.options, rows, (m) =>
      logger?.warn(
        `[tbc settings] ${key}: admin settings not applied (the medusa-config value is used): ${m.ignored.map((i) => i.problem).join("; ")}`
      )
    )
    return { ...registration, options: merged.raw }
  })
}
