/** Registers the `tbc-installments` payment provider: `pp_tbc-installments_<registration id>`. */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { TbcInstallmentsProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [TbcInstallmentsProviderService],
})

export { TbcInstallmentsProviderService }
export * from "./options"
