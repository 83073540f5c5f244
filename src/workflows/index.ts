/** Package export "./workflows": the plugin's workflows, for stores that compose their own flows. */
export {
  syncInstallmentStatusesWorkflow,
  runInstallmentSync,
  type SyncInstallmentStatusesInput,
  type SyncInstallmentStatusesResult,
} from "./installments/sync-installment-statuses"
export {
  applyInstallmentStatusChangesWorkflow,
  type ApplyStatusChangesInput,
  type ApplyStatusChangesResult,
  type PageChange,
} from "./installments/apply-status-changes"
export { type ProviderSyncSummary, syncLockKey } from "../use-cases/installments/sync-runner"
export { SYNC_FAULT_KEY, type SyncFault } from "../use-cases/installments/sync-fault"
export * from "./reconcile"
export {
  createTbcPaymentSessionWorkflow,
  createTbcPaymentSessionWorkflowId,
  type CreateTbcPaymentSessionInput,
} from "./payment-sessions/create-tbc-payment-session"
export { deleteSavedCardWorkflow, type DeleteSavedCardInput } from "./saved-cards/delete-saved-card"
export { addTbcCardWorkflow, type AddTbcCardInput, type StartedCardAddition } from "./saved-cards/add-card"
export { tbcCartHookHandlers, type HookContext } from "./hooks/saved-card-cart"
export { TBC_WORKFLOW_HOOKS, type TbcWorkflowHook } from "../lib/workflow-hook-options"
export {
  recheckLedgerEntryWorkflow,
  attachLedgerPayIdWorkflow,
  markLedgerNotChargedWorkflow,
  releaseLedgerMoneyWorkflow,
  type LedgerActionInput,
  type LedgerActionOutcome,
} from "./ledger-admin/ledger-actions"
