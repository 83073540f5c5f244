/** Reconciliation of lost callbacks and expiring preauthorizations (run by src/jobs/reconcile-*). */
export {
  reconcilePendingPaymentsWorkflow,
  reconcileExpiringPreauthsWorkflow,
  sweepOrphanedPaymentsWorkflow,
} from "./workflows"
export { driveLedgerChargeWorkflow, settleOrphanEntryWorkflow } from "./per-entry"
export type { OrphanSweepInput, OrphanSweepResult } from "../../use-cases/reconcile/orphan-sweep"
export type { PendingReconcileInput, PendingReconcileResult } from "../../use-cases/reconcile/pending-payments"
export type { PreauthReconcileInput, PreauthReconcileResult } from "../../use-cases/reconcile/expiring-preauths"
export { PREAUTH_EXPIRY_ACTIONS, type PreauthExpiryAction } from "../../lib/preauth-options"
export { preauthDeadline, type PreauthDeadline } from "../../lib/preauth-deadline"
