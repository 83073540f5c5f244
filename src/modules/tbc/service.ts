import { MedusaService } from "@medusajs/framework/utils"
import {
  CallbackLog,
  InstallmentApplication,
  InstallmentStatusChange,
  InstallmentSyncRun,
  SavedCard,
} from "./models"

/**
 * Data access for the plugin's own tables. MedusaService generates, per model, the usual
 * list/listAndCount/retrieve/create/update/delete/softDelete/restore methods, e.g.
 * `listSavedCards`, `createInstallmentApplications`, `createInstallmentStatusChanges`,
 * `createInstallmentSyncRuns`, `createCallbackLogs`.
 */
class TbcModuleService extends MedusaService({
  SavedCard,
  InstallmentApplication,
  InstallmentStatusChange,
  InstallmentSyncRun,
  CallbackLog,
}) {}

export default TbcModuleService
