/**
 * `applyInstallmentStatusChangesWorkflow`: applies ONE page of the bank's status-changes feed, in
 * one step with three phases:
 *
 *   1. select-new: drop the changes already recorded (the page may be a redelivery) and find each
 *      change's Medusa payment session (batched, see find-applications.ts);
 *   2. apply: each new change, in feed order, through Medusa's workflows (apply-to-medusa.ts);
 *      a change whose effect fails is logged and counted, never retried forever (a poison change
 *      must not block the feed); it is still recorded, with the error in the run's summary;
 *   3. record: insert the changes exactly once (ON CONFLICT DO NOTHING on the change key) and move
 *      the application rows, in one transaction.
 *
 * Why one step and only counts out of it: Medusa's workflow engine deep-copies the workflow's
 * context (input plus every step's output) at each checkpoint, several per step. With the page's
 * changes passed from step to step, those copies were about a tenth of the sync's garbage
 * (bench/installment-sync.bench.ts, BENCHMARKS.md section 4); now only the input and a few
 * counts are copied.
 *
 * Only after this workflow returned does the runner acknowledge the page. A crash between 2 and 3
 * leaves the changes unrecorded: the redelivered page applies them again, which the convergent
 * effects turn into no-ops; a crash between 3 and the acknowledgement makes the redelivered page
 * a pure no-op (everything is recorded).
 */
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { changeKeyOf } from "../../modules/tbc/installment-sync-sql"
import { applyChangeToMedusa, type ApplicationRef } from "./apply-to-medusa"
import { findApplications } from "./find-applications"
import { SYNC_FAULT_ENV } from "./sync-fault"

export interface PageChange {
  bank_session_id: string
  status_id: number
  change_date: string
  status_description?: string | null
  contribution_amount?: number | null
}

export interface ApplyStatusChangesInput {
  provider_id: string
  synchronization_request_id: string
  changes: PageChange[]
}

/** What the changes did to Medusa (the apply step's tally). */
export interface ChangeEffects {
  authorized: number
  captured: number
  canceled: number
  /** new changes of bank sessions this store does not know */
  unknown: number
  errors: { bank_session_id: string; status_id: number; message: string }[]
}

export interface ApplyStatusChangesResult extends ChangeEffects {
  received: number
  /** changes recorded by this run (a redelivered change is not counted again) */
  applied: number
}

type Matched = { change: PageChange; application?: ApplicationRef }
type OrderOfSession = { bank_session_id: string; order_id: string }

/** 1. The page's changes not recorded yet (first of any duplicates), each with its Medusa session. */
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
  return fresh.map((change) => ({ change, application: applications.get(change.bank_session_id) }))
}

/** 2. Each new change applied to Medusa, in feed order; failures are counted and logged. */
async function applyChanges(container: MedusaContainer, matched: Matched[]): Promise<ChangeEffects & { orders: OrderOfSession[] }> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const tally = { authorized: 0, captured: 0, canceled: 0, unknown: 0 }
  const errors: ChangeEffects["errors"] = []
  const orders = new Map<string, string>()
  for (const { change, application } of matched) {
    if (!application) {
      tally.unknown++
      continue
    }
    try {
      const { effect, orderId } = await applyChangeToMedusa(container, application, change)
      if (effect !== "none") tally[effect]++
      if (orderId) orders.set(change.bank_session_id, orderId)
    } catch (error) {
      const message = (error as Error)?.message ?? String(error)
      errors.push({ bank_session_id: change.bank_session_id, status_id: change.status_id, message })
      logger.warn(`[tbc-installments] status ${change.status_id} of application ${change.bank_session_id} could not be applied: ${message}`)
    }
  }
  return { ...tally, errors, orders: [...orders].map(([bank_session_id, order_id]) => ({ bank_session_id, order_id })) }
}

/** 3. The new changes recorded exactly once; returns how many rows this run inserted. */
async function recordChanges(
  container: MedusaContainer,
  synchronizationRequestId: string,
  matched: Matched[],
  orders: OrderOfSession[]
): Promise<number> {
  if (process.env[SYNC_FAULT_ENV] === "crash-before-record") {
    throw new Error("injected fault: crashed after applying the changes to Medusa, before recording them")
  }
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const inserted = await tbc.recordInstallmentStatusChanges({
    synchronization_request_id: synchronizationRequestId,
    changes: matched.map(({ change }) => change),
    sessions_without_application: matched.filter((m) => !m.application).map(({ change }) => change.bank_session_id),
    orders,
  })
  return inserted.length
}

const applyPageStep = createStep(
  "tbc-installments-apply-page",
  async (input: ApplyStatusChangesInput, { container }) => {
    const matched = await selectNewChanges(container, input)
    const { orders, ...effects } = await applyChanges(container, matched)
    const applied = await recordChanges(container, input.synchronization_request_id, matched, orders)
    return new StepResponse({ effects, applied })
  }
)

export const applyInstallmentStatusChangesWorkflow = createWorkflow(
  "tbc-installments-apply-status-changes",
  (input: ApplyStatusChangesInput) => new WorkflowResponse(applyPageStep(input))
)

/** The page workflow's result as plain counts. */
export function summarizePage(
  received: number,
  result: { effects: ChangeEffects; applied: number }
): ApplyStatusChangesResult {
  const { authorized, captured, canceled, unknown, errors } = result.effects
  return { received, applied: result.applied, authorized, captured, canceled, unknown, errors }
}
