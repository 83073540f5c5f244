/**
 * The admin's actions on a ledger entry (Settings → TBC Bank: re-check at the bank, release or
 * refund, not charged, attach a payId), each a workflow run by its route
 * (src/api/admin/tbc/ledger/[id]/*): find the money's lock → take it → act → give it back. Two
 * admins acting on the same charge are served one after the other, each deciding on what the
 * other left. The action itself is src/use-cases/ledger-admin/actions.ts.
 *
 * Compensation: a failed action gives the lock back (the lock step's compensation). The action's
 * own moves cannot be undone: a bank read is a fact, and money released at the bank stays
 * released (the ledger records it, so nothing moves twice).
 */
import { randomUUID } from "node:crypto"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { AdminAction } from "../../lib/ledger/admin-actions"
import { acquireLock, releaseLock } from "../../use-cases/reconcile/locks"
import {
  ledgerActionLockKey,
  runLedgerAction,
  type LedgerActionInput,
  type LedgerActionOutcome,
} from "../../use-cases/ledger-admin/run-action"

export type { LedgerActionInput, LedgerActionOutcome } from "../../use-cases/ledger-admin/run-action"

type HeldLock = { key: string; ownerId: string }

export const ledgerActionLockKeyStep = createStep(
  "tbc-ledger-action-lock-key",
  async (input: LedgerActionInput, { container }) =>
    new StepResponse(await ledgerActionLockKey(container, input.entryId))
)

export const takeChargeLockStep = createStep(
  "tbc-take-charge-lock",
  async (key: string, { container }) => {
    const held: HeldLock = { key, ownerId: `ledger-action:${randomUUID()}` }
    await acquireLock(container, held.key, held.ownerId)
    return new StepResponse(held, held)
  },
  async (held: HeldLock | undefined, { container }) => {
    if (held) await releaseLock(container, held.key, held.ownerId)
  }
)

export const giveChargeLockBackStep = createStep("tbc-give-charge-lock-back", async (held: HeldLock, { container }) => {
  await releaseLock(container, held.key, held.ownerId)
  return new StepResponse(undefined)
})

function ledgerActionWorkflow(action: AdminAction) {
  const actStep = createStep(
    `tbc-ledger-${action}`,
    async (input: LedgerActionInput, { container }) =>
      new StepResponse<LedgerActionOutcome>(await runLedgerAction(container, action, input))
  )
  return createWorkflow(`tbc-ledger-${action}`, (input: LedgerActionInput) => {
    const key = ledgerActionLockKeyStep(input)
    const held = takeChargeLockStep(key)
    const outcome = actStep(input)
    giveChargeLockBackStep(transform({ held, outcome }, ({ held }) => held))
    return new WorkflowResponse(outcome)
  })
}

/** Re-check at the bank: the bank's word moves the entry. */
export const recheckLedgerEntryWorkflow = ledgerActionWorkflow("recheck")
/** Attach the payId TBC's merchant dashboard shows (read at the bank before anything is attached). */
export const attachLedgerPayIdWorkflow = ledgerActionWorkflow("attach")
/** The admin's word that the bank never charged (or never did the operation). */
export const markLedgerNotChargedWorkflow = ledgerActionWorkflow("not_charged")
/** Release a hold or return taken money that no order owns. */
export const releaseLedgerMoneyWorkflow = ledgerActionWorkflow("release")

export const LEDGER_ACTION_WORKFLOWS: Record<AdminAction, ReturnType<typeof ledgerActionWorkflow>> = {
  recheck: recheckLedgerEntryWorkflow,
  attach: attachLedgerPayIdWorkflow,
  not_charged: markLedgerNotChargedWorkflow,
  release: releaseLedgerMoneyWorkflow,
}
