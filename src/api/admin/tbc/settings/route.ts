/**
 * GET /admin/tbc/settings: every configured TBC provider with its credentials masked ("set" /
 * "missing"), for the admin settings page.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listTbcProviders } from "../../../../app/tbc-providers"
import { providerSettingsView } from "../helpers/provider-settings"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  // no query keys accepted (route-validators.ts)
  const configModule = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const providers = listTbcProviders(configModule).map(providerSettingsView)
  res.json({ providers })
}
