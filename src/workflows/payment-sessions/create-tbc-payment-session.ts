/**
 * `createTbcPaymentSessionWorkflow`: what POST /store/payment-collections/:id/payment-sessions
 * runs instead of Medusa's route handler (src/api/tbc-middlewares/payment-sessions.ts), for every
 * provider:
 *
 *   1. refuse a collection whose cart the money ledger says must not be paid again (a charge
 *      unresolved, money held for its live session), or whose payment was made or cart ordered;
 *   2. TBC providers: the installment products from the cart replace the storefront's;
 *   3. tbc-checkout: a saved card is checked and sealed;
 *   4. Medusa's own createPaymentSessionsWorkflow, with the prepared `data`, as a step;
 *   5. tbc-installments: the application's row.
 *
 * Why the route's work runs here: createPaymentSessionsWorkflow has no hooks (Medusa 2.21), and
 * step 5 needs the session it created. Running it as a step of ours makes a failure in step 5
 * roll step 4 back with Medusa's own compensation (the new session is deleted, which cancels the
 * bank application; deleted older sessions are recreated), so nothing is half-written.
 */
import { createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CreatedSession } from "../../use-cases/payment-sessions/installment-application"
import { withLedgerContext } from "../../use-cases/payment-sessions/paid-collection"
import {
  installmentProductsStep,
  recordInstallmentApplicationStep,
  refusePaidCollectionStep,
  savedCardStep,
  type SessionRequest,
} from "./steps"

export interface CreateTbcPaymentSessionInput extends SessionRequest {
  /** the authenticated actor, passed on to Medusa as its route does (account holders) */
  actor_id?: string
}

export const createTbcPaymentSessionWorkflowId = "tbc-create-payment-session"

export const createTbcPaymentSessionWorkflow = createWorkflow(
  createTbcPaymentSessionWorkflowId,
  (input: CreateTbcPaymentSessionInput) => {
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
    return new WorkflowResponse(session)
  }
)
