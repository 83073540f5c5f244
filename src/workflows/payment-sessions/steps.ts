/**
 * The steps of createTbcPaymentSessionWorkflow (create-tbc-payment-session.ts). Each calls one
 * function of src/use-cases/payment-sessions, where the rules and their reasons are written.
 *
 * Only the last step writes. The others read and compute the `data` handed to Medusa's session
 * creation, so they have nothing to undo. (The cart's lock around them is Medusa's
 * acquireLockStep/releaseLockStep, see create-tbc-payment-session.ts.)
 */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cartIdOfCollection } from "../../use-cases/installments/cart-of-collection"
import { refuseSessionOnPaidCollection } from "../../use-cases/payment-sessions/paid-collection"
import { withServerInstallmentProducts, type SessionData } from "../../use-cases/payment-sessions/session-products"
import { withSavedCard } from "../../use-cases/payment-sessions/saved-card-data"
import {
  forgetInstallmentApplication,
  recordInstallmentApplication,
  type CreatedSession,
} from "../../use-cases/payment-sessions/installment-application"

export interface SessionRequest {
  payment_collection_id: string
  provider_id: string
  data?: SessionData
  /** the logged-in customer (saved cards are theirs only); undefined for guests */
  customer_id?: string
}

/** 0. The collection's cart (undefined for a collection without one), whose lock the workflow takes. */
export const collectionCartStep = createStep(
  "tbc-collection-cart",
  async (input: { payment_collection_id: string }, { container }) => {
    return new StepResponse({ cart_id: await cartIdOfCollection(container, input.payment_collection_id) })
  }
)

/**
 * 1. No new session on a cart the money ledger says must not be paid again (a charge unresolved,
 * money held for its live session) or that was ordered (400). Answers the collection's cart.
 */
export const refusePaidCollectionStep = createStep(
  "tbc-refuse-paid-collection",
  async (input: { payment_collection_id: string; data?: SessionData }, { container }) => {
    return new StepResponse(await refuseSessionOnPaidCollection(container, input.payment_collection_id, input.data))
  }
)

/** 2. TBC providers get the installment products computed from the cart, never the storefront's. */
export const installmentProductsStep = createStep(
  "tbc-installment-products",
  async (input: SessionRequest, { container }) => {
    return new StepResponse(await withServerInstallmentProducts(container, input))
  }
)

/** 3. A saved card named in `data` is checked against the customer and goes to the provider sealed. */
export const savedCardStep = createStep("tbc-saved-card", async (input: SessionRequest, { container }) => {
  return new StepResponse(await withSavedCard(container, input))
})

/**
 * 5. (after Medusa's createPaymentSessionsWorkflow) A tbc-installments session's application row.
 * Throws when it cannot be written, which rolls the new session back (see installment-application.ts).
 * Compensation (a later step failed): removes the row this step created, never one that existed.
 */
export const recordInstallmentApplicationStep = createStep(
  "tbc-record-installment-application",
  async (input: { session: CreatedSession; payment_collection_id: string }, { container }) => {
    const created = await recordInstallmentApplication(container, input.session, input.payment_collection_id)
    return new StepResponse(created, created)
  },
  async (created, { container }) => {
    if (created) await forgetInstallmentApplication(container, created)
  }
)
