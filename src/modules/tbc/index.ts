import { Module } from "@medusajs/framework/utils"
import TbcModuleService from "./service"
import requireLedgerLoader from "./loaders/require-ledger"

/** Container key of the module: `container.resolve<TbcModuleService>(TBC_MODULE)`. */
export const TBC_MODULE = "tbc"

export default Module(TBC_MODULE, {
  service: TbcModuleService,
  // fail closed: the app does not boot without the money ledger's tables
  loaders: [requireLedgerLoader],
})

export { TbcModuleService }
export { SAVED_CARD_STATUSES, type SavedCardStatus } from "./models/saved-card"
export { CALLBACK_RESULTS, type CallbackResult } from "./models/callback-log"
