/**
 * Saved cards charge only for their owner: middlewares on three of Medusa's store cart routes
 * (rules: src/lib/saved-card-owner.ts; reads: src/app/saved-cards/saved-card-owner.ts).
 *
 * - POST /store/carts/:id/complete: a cart paid by a tbc-checkout saved-card session is completed
 *   only by the customer who chose the card (401 without login, 403 for another customer) and
 *   only while the cart still matches what she saw (400 otherwise). This runs before Medusa's
 *   handler, so nothing is authorized, let alone charged, for anyone else. The owner is
 *   `req.auth_context`: Medusa authenticates every /store route (session or bearer, guests
 *   allowed) before any route middleware, so it is set here for a logged-in customer.
 * - POST /store/carts/:id (e-mail, addresses, region) and POST /store/carts/:id/customer (the
 *   cart taken over by the logged-in customer): a request that changes who orders or where the
 *   goods go first deletes the cart's saved-card sessions; choosing the card again needs the
 *   owner's login and fingerprints the new cart.
 *
 * Why the sessions are deleted BEFORE Medusa's update and not after it: the dangerous state is
 * "cart changed, saved-card session alive". Deleting first makes it unreachable whatever happens
 * next: if the deletion fails, the request is refused and the cart is not changed; if the update
 * fails after the deletion, the cart is unchanged and has no saved-card session, which is safe
 * (the owner picks her card again, as after any cart change that moves the total). Deleting after
 * the update would leave that state behind when the deletion failed, and would let a completion
 * slip in between the two. A completion racing the change either runs before it (the cart as the
 * owner chose it) or finds the session already deleted.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { shopperTextCode } from "../../lib/shopper-texts"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { deletePaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import {
  cartOwnerFingerprint,
  ownerPartsChanged,
  savedCardCompletionVerdict,
  SAVED_CARD_OWNER_MESSAGES,
  type CartOwnerUpdate,
} from "../../lib/saved-card-owner"
import { isRecord } from "../../lib/tbc/validation"
import { customerExists, readCartOwnerState } from "../../app/saved-cards/saved-card-owner"
import { customerIdOf } from "./saved-cards"

const messageOf = (error: unknown) => String((error as { message?: unknown })?.message ?? error)

type CartRequest = MedusaRequest & {
  validatedBody?: unknown
  auth_context?: { actor_id?: string; actor_type?: string }
}

const ERROR_TYPE = {
  login: MedusaError.Types.UNAUTHORIZED,
  not_owner: MedusaError.Types.FORBIDDEN,
  cart_changed: MedusaError.Types.NOT_ALLOWED,
} as const

/** POST /store/carts/:id/complete: only the owner completes a saved-card cart that still matches. */
export async function requireSavedCardOwner(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const state = await readCartOwnerState(req.scope, String(req.params.id ?? ""))
    // an unknown cart is Medusa's to answer
    if (!state) return next()
    const verdict = savedCardCompletionVerdict({
      sessions: state.savedCardSessions,
      customerId: customerIdOf(req as CartRequest),
      cartFingerprint: cartOwnerFingerprint(state.view),
    })
    if (!verdict.allowed)
      throw new MedusaError(ERROR_TYPE[verdict.reason], verdict.message, shopperTextCode(verdict.message))
    // a login that outlived its customer (deleted since: their cards are being removed at the
    // bank) must not pay with the sealed card either
    if (state.savedCardSessions.length > 0 && !(await customerExists(req.scope, customerIdOf(req as CartRequest)))) {
      throw new MedusaError(
        ERROR_TYPE.not_owner,
        SAVED_CARD_OWNER_MESSAGES.not_owner,
        shopperTextCode(SAVED_CARD_OWNER_MESSAGES.not_owner)
      )
    }
    return next()
  } catch (error) {
    return next(error)
  }
}

/** The owner-relevant part of POST /store/carts/:id's body (Medusa has validated its shape). */
function updateOfBody(body: unknown): CartOwnerUpdate {
  if (!isRecord(body)) return {}
  const address = (value: unknown) => (isRecord(value) ? value : undefined)
  return {
    email: typeof body.email === "string" || body.email === null ? body.email : undefined,
    region_id: typeof body.region_id === "string" ? body.region_id : undefined,
    shipping_address: address(body.shipping_address),
    billing_address: address(body.billing_address),
  }
}

/** Deletes the cart's saved-card sessions when the request changes its owner-relevant parts. */
async function dropSavedCardSessionsIfChanged(req: MedusaRequest, update: CartOwnerUpdate): Promise<void> {
  const state = await readCartOwnerState(req.scope, String(req.params.id ?? ""))
  if (!state || state.savedCardSessions.length === 0) return
  if (ownerPartsChanged(state.view, update).length === 0) return
  // Medusa's own deletion (its step calls the provider's deletePayment); it throws when a
  // session could not be deleted, which refuses the update: the caller does not call next()
  try {
    await deletePaymentSessionsWorkflow(req.scope).run({
      input: { ids: state.savedCardSessions.map((session) => session.id) },
    })
  } catch (error) {
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `cart ${req.params.id}: its saved-card session could not be deleted, the change is refused: ${messageOf(error)}`
      )
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "The cart was not changed: the saved card chosen for it could not be removed. Please try again."
    )
  }
}

/** POST /store/carts/:id: before Medusa's update (see the file comment for why before). */
export async function dropSavedCardOnCartUpdate(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const request = req as CartRequest
    await dropSavedCardSessionsIfChanged(req, updateOfBody(request.validatedBody ?? req.body))
    return next()
  } catch (error) {
    return next(error)
  }
}

/** POST /store/carts/:id/customer: the cart becomes the logged-in customer's. */
export async function dropSavedCardOnCustomerTransfer(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const customerId = customerIdOf(req as CartRequest)
    // Medusa's own authenticate() on this route answers 401 before us; nothing to compare without it
    if (customerId) await dropSavedCardSessionsIfChanged(req, { customer_id: customerId })
    return next()
  } catch (error) {
    return next(error)
  }
}

export const savedCardOwnerMiddlewares: MiddlewareRoute[] = [
  { method: ["POST"], matcher: "/store/carts/:id/complete", middlewares: [requireSavedCardOwner] },
  { method: ["POST"], matcher: "/store/carts/:id", middlewares: [dropSavedCardOnCartUpdate] },
  { method: ["POST"], matcher: "/store/carts/:id/customer", middlewares: [dropSavedCardOnCustomerTransfer] },
]
