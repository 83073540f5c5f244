/**
 * `createTbcPaymentSessionWorkflow`: what POST /store/payment-collections/:id/payment-sessions
 * runs instead of Medusa's route handler (src/api/tbc-middlewares/payment-sessions.ts), for every
 * provider:
 *
 *   0. the collection's cart is read, and its lock taken (Medusa's cart lock, see below);
 *   1. refuse a collection whose cart the money ledger says must not be paid again (a charge
 *      unresolved, money held for its live session), or whose payment was made or cart ordered;
 *   2. TBC providers: the installment products from the cart replace the storefront's;
 *   3. tbc-checkout: a saved card is checked and sealed;
 *   4. Medusa's own createPaymentSessionsWorkflow, with the prepared `data`, as a step;
 *   5. tbc-installments: the application's row;
 *   6. the cart's lock is given back (on a failure, acquireLockStep's compensation gives it back).
 *
 * Why the route's work runs here: createPaymentSessionsWorkflow has no hooks (Medusa 2.21), and
 * step 5 needs the session it created. Running it as a step of ours makes a failure in step 5
 * roll step 4 back with Medusa's own compensation (the new session is deleted, which cancels the
 * bank application; deleted older sessions are recreated), so nothing is half-written.
 *
 * Why the cart's lock: createPaymentSessionsWorkflow takes none, but completeCartWorkflow holds
 * the cart's (key: the cart id, waiting up to 30 s, lapsing after 120 s; updateCartWorkflow takes
 * the same) from before it reads the cart until the order exists. Without it, step 1 could pass
 * (cart not ordered, no charge) while the bank's callback, or the shopper's other tab, completes
 * the cart from the old session; step 4 then deleted that paid session and made a new one, with a
 * bank page the shopper could pay, on a cart that already had its order: a second charge (found by
 * the money ledger's model, docs/money-ledger.md). With the same lock, Medusa's own, shared by
 * every instance, the request waits for a completion in progress and step 1 then sees the order
 * and refuses; a completion arriving meanwhile waits for the new session. Checked in
 * @medusajs/core-flows 2.18.0 and 2.21.2: the same key, timeout and ttl in completeCartWorkflow,
 * acquireLockStep/releaseLockStep exported by both, and nothing run inside this workflow
 * (createPaymentSessionsWorkflow, deletePaymentSessionsWorkflow, the providers' initiatePayment
 * and deletePayment, our steps) takes the cart's lock, which would wait for itself. A collection
 * without a cart (an order edit's) takes no lock: the lock steps skip an empty list of keys. Run as
 * a sub-workflow, acquireLockStep skips itself (Medusa's rule: the parent holds the lock).
 */
import { acquireLockStep, createPaymentSessionsWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CreatedSession } from "../../use-cases/payment-sessions/installment-application"
import { withLedgerContext } from "../../use-cases/payment-sessions/paid-collection"
import {
  collectionCartStep,
  installmentProductsStep,
  recordInstallmentApplicationStep,
  refusePaidCollectionStep,
  savedCardStep,
  type SessionRequest,
} from "./steps"

/** completeCartWorkflow's own wait and lifetime of the cart's lock (seconds; 2.18.0 and 2.21.2). */
const CART_LOCK_TIMEOUT = 30
const CART_LOCK_TTL = 120

export interface CreateTbcPaymentSessionInput extends SessionRequest {
  /** the authenticated actor, passed on to Medusa as its route does (account holders) */
  actor_id?: string
}

export const createTbcPaymentSessionWorkflowId = "tbc-create-payment-session"

export const createTbcPaymentSessionWorkflow = createWorkflow(
  createTbcPaymentSessionWorkflowId,
  (input: CreateTbcPaymentSessionInput) => {
    const cart = collectionCartStep({ payment_collection_id: input.payment_collection_id })
    // no key for a collection without a cart: the lock steps then do nothing
    const cartLock = transform({ cart }, ({ cart }) => (cart.cart_id ? [cart.cart_id] : []))
    acquireLockStep({ key: cartLock, timeout: CART_LOCK_TIMEOUT, ttl: CART_LOCK_TTL })
    const guarded = refusePaidCollectionStep({ payment_collection_id: input.payment_collection_id, data: input.data })
    const withProducts = installmentProductsStep(input)
    const productsInput = transform({ input, withProducts }, ({ input, withProducts }) => ({
      ...input,
      data: withProducts,
    }))
    const prepared = savedCardStep(productsInput)
    const medusaInput = transform({ input, prepared, guarded }, ({ input, prepared, guarded }) => ({
      payment_collection_id: input.payment_collection_id,
      provider_id: input.provider_id,
      customer_id: input.actor_id,
      // the cart and collection the provider's ledger entries belong to (server-set keys)
      data: withLedgerContext(input.provider_id, prepared, {
        ...guarded,
        payment_collection_id: input.payment_collection_id,
      }),
    }))
    const session = createPaymentSessionsWorkflow.runAsStep({ input: medusaInput })
    recordInstallmentApplicationStep({
      session: session as unknown as CreatedSession,
      payment_collection_id: input.payment_collection_id,
    })
    releaseLockStep({ key: cartLock })
    return new WorkflowResponse(session)
  }
)
