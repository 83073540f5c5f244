/**
 * The reconciliation workflows (also runnable by hand or from tests, with an injected "now"); the
 * lost-callback pass and the orphan sweep run each entry through its own workflow (./per-entry.ts).
 */
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  reconcilePendingCheckoutPayments,
  type PendingReconcileInput,
  type PendingReconcileResult,
} from "../../use-cases/reconcile/pending-payments"
import {
  reconcileExpiringPreauths,
  type PreauthReconcileInput,
  type PreauthReconcileResult,
} from "../../use-cases/reconcile/expiring-preauths"
import {
  sweepOrphanedPayments,
  type OrphanSweepInput,
  type OrphanSweepResult,
} from "../../use-cases/reconcile/orphan-sweep"
import { driveEachChargeByWorkflow, settleEachOrphanByWorkflow } from "./per-entry"

const reconcilePendingPaymentsStep = createStep(
  "tbc-reconcile-pending-payments",
  async (input: PendingReconcileInput, { container }) =>
    new StepResponse<PendingReconcileResult[]>(
      await reconcilePendingCheckoutPayments(container, input, driveEachChargeByWorkflow(container))
    )
)

export const reconcilePendingPaymentsWorkflow = createWorkflow(
  "tbc-reconcile-pending-payments",
  (input: PendingReconcileInput) => new WorkflowResponse(reconcilePendingPaymentsStep(input))
)

const reconcileExpiringPreauthsStep = createStep(
  "tbc-reconcile-expiring-preauths",
  async (input: PreauthReconcileInput, { container }) =>
    new StepResponse<PreauthReconcileResult[]>(await reconcileExpiringPreauths(container, input))
)

export const reconcileExpiringPreauthsWorkflow = createWorkflow(
  "tbc-reconcile-expiring-preauths",
  (input: PreauthReconcileInput) => new WorkflowResponse(reconcileExpiringPreauthsStep(input))
)

const sweepOrphanedPaymentsStep = createStep(
  "tbc-sweep-orphaned-payments",
  async (input: OrphanSweepInput, { container }) =>
    new StepResponse<OrphanSweepResult[]>(
      await sweepOrphanedPayments(container, input, settleEachOrphanByWorkflow(container))
    )
)

/** Money at the bank whose Medusa session is gone: the orphan policy (see orphan-sweep.ts). */
export const sweepOrphanedPaymentsWorkflow = createWorkflow(
  "tbc-sweep-orphaned-payments",
  (input: OrphanSweepInput) => new WorkflowResponse(sweepOrphanedPaymentsStep(input))
)
