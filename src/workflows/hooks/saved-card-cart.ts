/**
 * The plugin's handlers of Medusa's cart workflow hooks: the saved-card guard
 * (src/use-cases/saved-cards/saved-card-cart-guard.ts) runs inside Medusa's own workflows, so it holds
 * for every caller — the Store API, a store's own route, a webhook, a job — not only for the
 * routes the plugin could wrap. They are registered by ./register-cart-hooks.ts; a store that
 * needs one of these hooks itself skips the plugin's registration (`skipWorkflowHooks`) and calls
 * the handler from its own, e.g.
 *
 *   updateCartWorkflow.hooks.validate(async (input, context) => {
 *     await tbcCartHookHandlers["updateCartWorkflow.validate"](input, context)
 *     // the store's own check
 *   })
 *
 * Hooks chosen (present unchanged in Medusa 2.18.0 and 2.21.2):
 * - completion: `completeCartWorkflow.validate`, inside Medusa's lock on the cart and BEFORE it
 *   creates the order. A refusal after the order exists (`beforePaymentAuthorization`, which the
 *   plugin took before) rolls the order back but not its number: every refused "Place order" made
 *   order numbers jump. Everything this check needs it reads itself (the cart's sessions through
 *   Query, the cart's charges from the money ledger), so it needs only the cart id.
 * - changes: `updateCartWorkflow.validate` and `transferCartCustomerWorkflow.validate`: before
 *   Medusa writes the change, inside its lock on the cart, so a saved-card session never outlives
 *   a change of who orders or where the goods go (an event subscriber would run after it).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  cartOwnerUpdateOf,
  dropSavedCardSessionsIfChanged,
  refuseSavedCardCompletion,
} from "../../use-cases/saved-cards/saved-card-cart-guard"
import { refuseWhileSavedCardChargeUnresolved } from "../../use-cases/saved-cards/completion-ledger-check"
import { refuseCompletionOnCanceledPayment } from "../../use-cases/payment-sessions/canceled-payment-completion"
import { TBC_WORKFLOW_HOOKS, type TbcWorkflowHook } from "../../lib/workflow-hook-options"
import { refuseCancelWhileHeld } from "./held-order-cancel"

/** What Medusa hands a hook handler besides its input (the step's context; only the container is read). */
export interface HookContext {
  container: MedusaContainer
}

type HookInput = { input?: unknown; cart?: unknown; order?: unknown } | undefined

export const stringOf = (value: unknown): string => (typeof value === "string" ? value : "")
export const fieldOf = (value: unknown, field: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[field] : undefined

/**
 * completeCartWorkflow, before the order is created: `{ input: { id }, cart }`. The owner check,
 * then the ledger's: no saved-card "Place order" while a charge of the cart is being checked; then
 * no order on a payment Medusa's own compensation canceled (src/lib/canceled-payment-completion.ts),
 * for every TBC session (last: a charge being checked is the truer answer to the shopper).
 */
async function checkSavedCardCompletion(hookInput: HookInput, { container }: HookContext): Promise<void> {
  // a completed cart: Medusa answers with its order, there is nothing left to charge
  if (fieldOf(hookInput?.cart, "completed_at")) return
  const cartId = stringOf(fieldOf(hookInput?.input, "id"))
  // the cart's own customer stands for the payer: the workflow does not know who asked
  const sessionIds = await refuseSavedCardCompletion(container, cartId, (cart) => cart.customer_id ?? undefined)
  await refuseWhileSavedCardChargeUnresolved(container, cartId, sessionIds)
  await refuseCompletionOnCanceledPayment(container, cartId)
}

/** updateCartWorkflow, before the update: `{ input: <the update Medusa will write>, cart }`. */
async function dropSavedCardOnCartUpdate(hookInput: HookInput, { container }: HookContext): Promise<void> {
  const update = hookInput?.input
  await dropSavedCardSessionsIfChanged(container, stringOf(fieldOf(update, "id")), cartOwnerUpdateOf(update))
}

/** transferCartCustomerWorkflow, before the transfer: `{ input: { id, customer_id }, cart }`. */
async function dropSavedCardOnCustomerTransfer(hookInput: HookInput, { container }: HookContext): Promise<void> {
  const customerId = stringOf(fieldOf(hookInput?.input, "customer_id"))
  // Medusa's workflow refuses a transfer without a customer itself
  if (!customerId) return
  await dropSavedCardSessionsIfChanged(container, stringOf(fieldOf(hookInput?.input, "id")), {
    customer_id: customerId,
  })
}

/** The plugin's handler of each hook it takes, by `<workflow>.<hook>`. */
export const tbcCartHookHandlers: Record<TbcWorkflowHook, (input: HookInput, context: HookContext) => Promise<void>> = {
  "completeCartWorkflow.validate": checkSavedCardCompletion,
  "updateCartWorkflow.validate": dropSavedCardOnCartUpdate,
  "transferCartCustomerWorkflow.validate": dropSavedCardOnCustomerTransfer,
  "cancelOrderWorkflow.orderCanceled": refuseCancelWhileHeld,
}

/** A workflow's hook registration function, as Medusa exposes it on `workflow.hooks`. */
export type HookRegistrar = (handler: (...args: never[]) => unknown) => void

/** Registers each hook not skipped; returns the names registered. */
export function registerTbcCartHooks(
  skipped: readonly TbcWorkflowHook[],
  registrars: Record<TbcWorkflowHook, HookRegistrar | undefined>
): TbcWorkflowHook[] {
  const registered: TbcWorkflowHook[] = []
  for (const name of TBC_WORKFLOW_HOOKS) {
    if (skipped.includes(name)) continue
    const register = registrars[name]
    if (!register) throw new Error(`medusa-payment-tbc: Medusa has no ${name} hook`)
    register(tbcCartHookHandlers[name] as (...args: never[]) => unknown)
    registered.push(name)
  }
  return registered
}
