/**
 * One admin action on an order at a time: a workflow's first step takes the action's lock on the
 * order WITHOUT waiting, its last step gives it back (and so does the compensation of a failed
 * run). A second press while the first is under way is answered 409 at once with `busy`, never
 * queued behind it: the first one's result is what the merchant waits for, and the second would
 * decide on a state the first is still changing.
 *
 * Why a lock of the plugin's own: the ledger's compare-and-set sees a second capture only once the
 * first opened its completion entry, and Medusa's order-edit workflows take the order's lock only
 * when run on their own (acquireLockStep skips itself inside a parent workflow, 2.21.2), so two
 * captures from one order could both begin an edit. The key is not the order id itself, which
 * Medusa's own order workflows lock.
 */
import { randomUUID } from "node:crypto"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { releaseLock, takeLockNow } from "../../use-cases/reconcile/locks"

export type HeldOrderLock = { key: string; ownerId: string }

/** `take` (first step; input `{ order_id }`) and `giveBack` (last step) for one action's lock. */
export function orderActionLockSteps(action: string, busy: string) {
  const keyOf = (orderId: string) => `tbc-${action}:${orderId}`
  const take = createStep(
    `tbc-take-${action}-lock`,
    async (input: { order_id: string }, { container }) => {
      const held: HeldOrderLock = { key: keyOf(input.order_id), ownerId: `${action}:${randomUUID()}` }
      if (!(await takeLockNow(container, held.key, held.ownerId))) {
        throw new MedusaError(MedusaError.Types.CONFLICT, busy)
      }
      return new StepResponse(held, held)
    },
    async (held: HeldOrderLock | undefined, { container }) => {
      if (held) await releaseLock(container, held.key, held.ownerId)
    }
  )
  const giveBack = createStep(`tbc-give-${action}-lock-back`, async (held: HeldOrderLock, { container }) => {
    await releaseLock(container, held.key, held.ownerId)
    return new StepResponse(undefined)
  })
  return { keyOf, take, giveBack }
}
