import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"

/** As the starter's. */
export const listRegions = async (): Promise<HttpTypes.StoreRegion[]> =>
  sdk.store.region.list().then(({ regions }) => regions)
