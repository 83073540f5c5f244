import Medusa from "@medusajs/js-sdk"
import { guideConfig } from "../guide-config"

/** As the starter's: the JS SDK with the backend URL and publishable key (from env there). */
export const sdk = new Medusa({
  baseUrl: guideConfig().backendUrl,
  publishableKey: guideConfig().publishableKey,
})
