/**
 * `syncInstallmentStatusesWorkflow`: pulls and applies the status-changes feed of every
 * tbc-installments registration (or only `provider_id`) until it is empty. Run by the scheduled
 * job (src/jobs/sync-tbc-installments.ts) and by POST /admin/tbc/installments/sync.
 *
 * One step, no compensation: each page is applied by its own workflow and acknowledged only once
 * recorded, so there is nothing to undo when a later page fails; the next run picks up there.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { installmentsClientFor, installmentsRegistrations } from "../../use-cases/installments-client"
import { syncInstallmentProvider, type ProviderSyncSummary } from "../../use-cases/installments/sync-runner"
import type { ApplyPage } from "../../use-cases/installments/page"
import { applyInstallmentStatusChangesWorkflow } from "./apply-status-changes"

export interface SyncInstallmentStatusesInput {
  /** only this registration, e.g. "pp_tbc-installments_tbc"; default: all of them */
  provider_id?: string
  /** safety bound per provider and run; default 10,000 pages */
  max_pages?: number
}

export interface SyncInstallmentStatusesResult {
  providers: ProviderSyncSummary[]
}

export async function runInstallmentSync(
  container: MedusaContainer,
  input: SyncInstallmentStatusesInput = {}
): Promise<SyncInstallmentStatusesResult> {
  const providers: ProviderSyncSummary[] = []
  // the runner (app code) applies each page through this: it never imports the workflow itself
  const applyPage: ApplyPage = async (page) =>
    (await applyInstallmentStatusChangesWorkflow(container).run({ input: page })).result
  for (const registration of installmentsRegistrations(container, input.provider_id)) {
    const bank = installmentsClientFor(registration, container)
    providers.push(
      await syncInstallmentProvider(container, registration, bank, { maxPages: input.max_pages, applyPage })
    )
  }
  return { providers }
}

const syncInstallmentStatusesStep = createStep(
  "tbc-installments-sync-statuses-step",
  async (input: SyncInstallmentStatusesInput, { container }) => {
    return new StepResponse(await runInstallmentSync(container, input))
  }
)

export const syncInstallmentStatusesWorkflow = createWorkflow(
  "tbc-installments-sync-statuses",
  (input: SyncInstallmentStatusesInput) => {
    return new WorkflowResponse(syncInstallmentStatusesStep(input))
  }
)
