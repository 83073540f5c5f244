/**
 * The small workflows the lost-callback job and the orphan sweep run for each ledger entry, under
 * the job's lock their loop holds (src/jobs/reconcile-pending-payments.ts): one charge driven
 * (read the bank, place its order, or the orphan policy: src/use-cases/reconcile/drive-one.ts), one
 * orphan candidate settled (src/use-cases/reconcile/orphan-sweep.ts). The loops stay plain functions so
 * the lock's abort signal and the run's circuit breaker reach them; the loops are handed these
 * runners (the app never imports a workflow).
 *
 * No compensation: each step moves money only through the ledger's own claims and records (a
 * bank read is a fact; released money stays released and recorded, so nothing moves twice).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  driveLedgerCharge,
  type DriveChargeInput,
  type DriveChargeOutput,
  type DriveOne,
} from "../../use-cases/reconcile/drive-one"
import {
  settleOrphanEntry,
  type OrphanSweepResult,
  type SettleOne,
  type SettleOrphanInput,
} from "../../use-cases/reconcile/orphan-sweep"

const driveLedgerChargeStep = createStep(
  "tbc-drive-ledger-charge",
  async (input: DriveChargeInput, { container }) =>
    new StepResponse<DriveChargeOutput>(await driveLedgerCharge(container, input))
)

/** One charge of the lost-callback job. */
export const driveLedgerChargeWorkflow = createWorkflow(
  "tbc-drive-ledger-charge",
  (input: DriveChargeInput) => new WorkflowResponse(driveLedgerChargeStep(input))
)

const settleOrphanEntryStep = createStep(
  "tbc-settle-orphan-entry",
  async (input: SettleOrphanInput, { container }) =>
    new StepResponse<OrphanSweepResult | undefined>(await settleOrphanEntry(container, input))
)

/** One candidate of the orphan sweep. */
export const settleOrphanEntryWorkflow = createWorkflow(
  "tbc-settle-orphan-entry",
  (input: SettleOrphanInput) => new WorkflowResponse(settleOrphanEntryStep(input))
)

/** The lost-callback loop's runner: each charge through its workflow. */
export function driveEachChargeByWorkflow(container: MedusaContainer): DriveOne {
  return async (input) => (await driveLedgerChargeWorkflow(container).run({ input })).result
}

/** The orphan sweep's runner: each candidate through its workflow. */
export function settleEachOrphanByWorkflow(container: MedusaContainer): SettleOne {
  return async (input) => (await settleOrphanEntryWorkflow(container).run({ input })).result
}
