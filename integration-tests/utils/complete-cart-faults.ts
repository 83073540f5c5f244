/**
 * A store's own code failing inside Medusa's cart completion, for the app tests: a handler on one
 * of completeCartWorkflow's hooks that throws a plain Error (no Medusa error type: the job cannot
 * recognise it) for the carts a test names, and does nothing for every other cart.
 *   - "beforePaymentAuthorization" runs before the payment is authorized (after the order is
 *     created, which Medusa then rolls back): the money stays held and no Medusa payment is made.
 *     Not `validate`: the plugin's own cart check holds that hook;
 *   - "orderCreated" runs after the authorization: Medusa compensates by cancelling the payment
 *     at the bank (and deleting the order).
 * Medusa allows one handler per hook, registered once per process (the app group shares it).
 */
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"

type FaultHook = "beforePaymentAuthorization" | "orderCreated"

const faults: Record<FaultHook, Map<string, { times: number; message: string }>> = {
  beforePaymentAuthorization: new Map(),
  orderCreated: new Map(),
}
const registered = new Set<FaultHook>()

function throwIfFaulty(hook: FaultHook, cartId: string | undefined): void {
  const fault = cartId ? faults[hook].get(cartId) : undefined
  if (!fault || fault.times <= 0) return
  fault.times--
  throw new Error(fault.message)
}

function register(hook: FaultHook): void {
  if (registered.has(hook)) return
  registered.add(hook)
  // both declared by Medusa 2.21.2's workflow, absent from its exported types (only `validate` is typed)
  const hooks = completeCartWorkflow.hooks as unknown as Record<
    FaultHook,
    (handler: (input: { input?: { id?: string }; cart_id?: string }) => Promise<void>) => void
  >
  if (hook === "beforePaymentAuthorization") {
    hooks.beforePaymentAuthorization(async ({ input }) => {
      throwIfFaulty(hook, input?.id)
    })
  } else {
    hooks.orderCreated(async ({ cart_id }) => {
      throwIfFaulty(hook, cart_id)
    })
  }
}

/** The next `times` completions of `cartId` fail in `hook` with `message` (Infinity: every one). */
export function failCartCompletion(hook: FaultHook, cartId: string, times: number, message: string): void {
  register(hook)
  faults[hook].set(cartId, { times, message })
}

/** No more failures for `cartId`. */
export function healCartCompletion(hook: FaultHook, cartId: string): void {
  faults[hook].delete(cartId)
}

/** Whether a completion of `cartId` would still fail here (a fault set, not used up nor healed). */
export function cartCompletionFaulty(cartId: string): boolean {
  return Object.values(faults).some((byCart) => (byCart.get(cartId)?.times ?? 0) > 0)
}
