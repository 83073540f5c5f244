/**
 * A store's own code failing inside Medusa's cart completion, for the app tests: a handler on one
 * of completeCartWorkflow's hooks that throws a plain Error (no Medusa error type: the job cannot
 * recognise it) for the carts a test names, and does nothing for every other cart.
 *   - "validate" runs before the order is created and the payment authorized: the money stays held
 *     and no Medusa payment is made;
 *   - "orderCreated" runs after the authorization: Medusa compensates by cancelling the payment
 *     at the bank (and deleting the order).
 * Medusa allows one handler per hook, registered once per process (the app group shares it).
 */
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"

type FaultHook = "validate" | "orderCreated"

const faults: Record<FaultHook, Map<string, { times: number; message: string }>> = {
  validate: new Map(),
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
  if (hook === "validate") {
    completeCartWorkflow.hooks.validate(async ({ input }: { input: { id?: string } }) => {
      throwIfFaulty("validate", input?.id)
    })
  } else {
    // declared by Medusa 2.21.2's workflow, absent from its exported types (only `validate` is typed)
    const hooks = completeCartWorkflow.hooks as unknown as {
      orderCreated(handler: (input: { cart_id?: string }) => Promise<void>): void
    }
    hooks.orderCreated(async ({ cart_id }) => {
      throwIfFaulty("orderCreated", cart_id)
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
