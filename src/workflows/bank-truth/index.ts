/**
 * Medusa's records follow the bank's money (src/use-cases/reconcile/bank-truth.ts): the small
 * workflows the callback and payment.captured subscribers and the lost-callback job run, one per
 * ledger entry or payment. Each step runs Medusa's own refund, cancel or capture, whose provider
 * call finds the money already moved and sends nothing to the bank.
 *
 * No compensation of their own: Medusa's workflows inside compensate themselves, and a record
 * Medusa rolled back is taken back from the ledger entry (undoUnkeptRecord), so it is recorded again.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { checkCaptureShortfall, recordEntryInMedusa, type RecordOutcome } from "../../use-cases/reconcile/bank-truth"
import { passLogger } from "../../use-cases/reconcile/run-context"

const LOG_PREFIX = "[tbc records]"

const recordBankTruthStep = createStep(
  "tbc-record-bank-truth",
  async (input: { entry_id: string }, { container }) =>
    new StepResponse<RecordOutcome>(
      await recordEntryInMedusa(container, input.entry_id, passLogger(container, LOG_PREFIX))
    )
)

/** What ledger entry `entry_id` says the bank did by itself, shown in Medusa. */
export const recordBankTruthWorkflow = createWorkflow("tbc-record-bank-truth", (input: { entry_id: string }) => {
  return new WorkflowResponse(recordBankTruthStep(input))
})

const checkCaptureShortfallStep = createStep(
  "tbc-check-capture-shortfall",
  async (input: { payment_id: string }, { container }) =>
    new StepResponse<string | null>(
      (await checkCaptureShortfall(container, input.payment_id, passLogger(container, LOG_PREFIX))) ?? null
    )
)

/** After a capture: Medusa shows what the bank's completion took (the rest recorded as captured, listed). */
export const checkCaptureShortfallWorkflow = createWorkflow(
  "tbc-check-capture-shortfall",
  (input: { payment_id: string }) => new WorkflowResponse(checkCaptureShortfallStep(input))
)

/** The runners the subscribers and the job use (the app never imports a workflow). */
export const recordBankTruth = (container: MedusaContainer, entryId: string) =>
  recordBankTruthWorkflow(container).run({ input: { entry_id: entryId } })
export const checkCaptureShortfallOf = (container: MedusaContainer, paymentId: string) =>
  checkCaptureShortfallWorkflow(container).run({ input: { payment_id: paymentId } })

/** The lost-callback job's runners for its bank-truth pass (src/use-cases/reconcile/bank-truth-pass.ts). */
export const bankTruthRunners = (container: MedusaContainer) => ({
  record: (entryId: string) => recordBankTruth(container, entryId),
  shortfall: (paymentId: string) => checkCaptureShortfallOf(container, paymentId),
})
