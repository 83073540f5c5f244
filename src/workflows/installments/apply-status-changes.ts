/**
 * `applyInstallmentStatusChangesWorkflow`: applies ONE page of the bank's status-changes feed, in
 * one step with three phases:
 *
 *   1. select-new: drop the changes already recorded (the page may be a redelivery) and find each
 *      change's Medusa payment session (batched, see find-applications.ts);
 *   2. apply: each new change, in feed order, through Medusa's workflows (apply-to-medusa.ts);
 *      a change whose effect fails is left unrecorded for a bounded number of retries across sync
 *      runs, then given up (apply-changes.ts);
 *   3. record: insert the settled changes exactly once (ON CONFLICT DO NOTHING on the change key),
 *      move the application rows and store the retry bookkeeping, in one transaction.
 *
 * Why one step and only counts out of it: Medusa's workflow engine deep-copies the workflow's
 * context (input plus every step's output) at each checkpoint, several per step. With the page's
 * changes passed from step to step, those copies were about a tenth of the sync's garbage
 * (bench/installment-sync.bench.ts, BENCHMARKS.md section 4); now only the input and a few
 * counts are copied.
 *
 * Only after this workflow returned, and only if no change of the page waits for a retry, does the
 * runner acknowledge the page. A crash between 2 and 3
 * leaves the changes unrecorded: the redelivered page applies them again, which the convergent
 * effects turn into no-ops; a crash between 3 and the acknowledgement makes the redelivered page
 * a pure no-op (everything is recorded).
 */
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { changeKeyOf } from "../../modules/tbc/installment-sync-sql"
import { applyChanges, failuresByKey, type AppliedPage, type Matched } from "../../use-cases/installments/apply-changes"
import { findApplications } from "../../use-cases/installments/find-applications"
import { cancelApplicationAtBank } from "../../use-cases/installments-client"
import { injectedSyncFault } from "../../use-cases/installments/sync-fault"
import {
  summarizePage,
  type ApplyStatusChangesInput,
  type ApplyStatusChangesResult,
  type ChangeEffects,
  type PageChange,
} from "../../use-cases/installments/page"

export type { ApplyStatusChangesInput, ApplyStatusChangesResult, ChangeEffects, PageChange }
export { summarizePage }

/** 1. The page's changes not recorded yet (first of any duplicates), each with its Medusa session and pending failure. */
async function selectNewChanges(container: MedusaContainer, input: ApplyStatusChangesInput): Promise<Matched[]> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const recorded = new Set(await tbc.listRecordedInstallmentChangeKeys(input.changes))
  const seen = new Set<string>()
  const fresh = input.changes.filter((change) => {
    const key = changeKeyOf(change)
    if (recorded.has(key) || seen.has(key)) return false
    seen.add(key)
    return true
  })
  const ids = [...new Set(fresh.map((c) => c.bank_session_id))]
  const applications = await findApplications(container, input.provider_id, ids)
  const failures = failuresByKey(await tbc.listPendingInstallmentChangeFailures(fresh))
  return fresh.map((change) => ({
    change,
    application: applications.get(change.bank_session_id),
    failure: failures.get(changeKeyOf(change)),
  }))
}

/** 3. The settled changes recorded exactly once, with the retry bookkeeping; returns how many rows this run inserted. */
async function recordChanges(
  container: MedusaContainer,
  input: ApplyStatusChangesInput,
  page: AppliedPage
): Promise<number> {
  if (injectedSyncFault(container) === "crash-before-record") {
    throw new Error("injected fault: crashed after applying the changes to Medusa, before recording them")
  }
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const inserted = await tbc.recordInstallmentStatusChanges({
    synchronization_request_id: input.synchronization_request_id,
    provider_id: input.provider_id,
    changes: page.settled,
    sessions_without_application: page.unknownSessions,
    orders: page.orders,
    failures: page.failures,
    resolved: page.resolved,
  })
  return inserted.length
}

const applyPageStep = createStep(
  "tbc-installments-apply-page",
  async (input: ApplyStatusChangesInput, { container }) => {
    const matched = await selectNewChanges(container, input)
    const cancelAtBank = (bankSessionId: string) => cancelApplicationAtBank(container, input.provider_id, bankSessionId)
    const page = await applyChanges(container, matched, input.retry, cancelAtBank)
    const applied = await recordChanges(container, input, page)
    return new StepResponse({ effects: page.effects, applied })
  }
)

export const applyInstallmentStatusChangesWorkflow = createWorkflow(
  "tbc-installments-apply-status-changes",
  (input: ApplyStatusChangesInput) => new WorkflowResponse(applyPageStep(input))
)
