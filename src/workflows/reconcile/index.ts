/** Reconciliation of lost callbacks and expiring preauthorizations (run by src/jobs/reconcile-*). */
export { reconcilePendingPaymentsWorkflow, reconcileExpiringPreauthsWorkflow, sweepOrphanedPaymentsWorkflow } from "./workflows"
export type { OrphanSweepResult } from "./orphan-sweep"
export type { PendingReconcileInput, PendingReconcileResult } from "./pending-payments"
export type { PreauthReconcileInput, PreauthReconcileResult } from "./expiring-preauths"
export { PREAUTH_EXPIRY_ACTIONS, type PreauthExpiryAction } from "../../lib/preauth-options"
export { preauthDeadline, type PreauthDeadline } from "./preauth-deadline"
