/**
 * Admin capture (POST /admin/payments/:id/capture) and order cancel (POST /admin/orders/:id/cancel)
 * of a TBC checkout payment run under the payment's lock, the same key the expiring-preauth pass
 * takes before it completes or cancels (src/app/reconcile/locks.ts). So the pass never
 * cancels a payment an admin is capturing at that moment, and an admin never captures one the pass
 * is cancelling: whichever comes second waits, then sees what the first did.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { PAYMENT_LOCK_WAIT_SECONDS, paymentLockKey } from "../../app/reconcile/locks"
import { isCheckoutProviderId } from "../../lib/checkout-choices"

type QueryLike = { graph(input: Record<string, unknown>): Promise<{ data: unknown[] }> }
type LockingLike = { execute<T>(keys: string[], job: () => Promise<T>, args?: { timeout?: number }): Promise<T> }
type PaymentRow = { id?: string; provider_id?: string }

async function tbcPaymentIdsOfPayment(req: MedusaRequest): Promise<string[]> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "provider_id"],
    filters: { id: String(req.params.id ?? "") },
  })
  return (data as PaymentRow[]).filter((p) => isCheckoutProviderId(p.provider_id ?? "")).map((p) => p.id!)
}

async function tbcPaymentIdsOfOrder(req: MedusaRequest): Promise<string[]> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.id", "payment_collections.payments.provider_id"],
    filters: { id: String(req.params.id ?? "") },
  })
  const order = data[0] as { payment_collections?: Array<{ payments?: PaymentRow[] } | null> } | undefined
  return (order?.payment_collections ?? [])
    .flatMap((c) => c?.payments ?? [])
    .filter((p) => isCheckoutProviderId(p?.provider_id ?? ""))
    .map((p) => p.id!)
}

/** Holds the payments' locks from before the route handler until its response is sent. */
export function underPaymentLocks(paymentIdsOf: (req: MedusaRequest) => Promise<string[]>) {
  return async (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    let ids: string[]
    try {
      ids = await paymentIdsOf(req)
    } catch (error) {
      return next(error)
    }
    if (ids.length === 0) return next()
    const locking = req.scope.resolve(Modules.LOCKING) as unknown as LockingLike
    const finished = new Promise<void>((resolve) => {
      res.once("finish", resolve)
      res.once("close", resolve)
    })
    let entered = false
    locking
      .execute(
        ids.map(paymentLockKey),
        async () => {
          entered = true
          next()
          await finished
        },
        { timeout: PAYMENT_LOCK_WAIT_SECONDS }
      )
      .catch((error) => {
        if (!entered) {
          next(
            new MedusaError(
              MedusaError.Types.CONFLICT,
              "This TBC payment is being completed or cancelled by a scheduled job; try again in a minute."
            )
          )
        } else {
          req.scope
            .resolve(ContainerRegistrationKeys.LOGGER)
            .warn(`[tbc] payment lock: ${(error as Error)?.message ?? error}`)
        }
      })
  }
}

export const paymentLockMiddlewares: MiddlewareRoute[] = [
  {
    method: ["POST"],
    matcher: "/admin/payments/:id/capture",
    middlewares: [underPaymentLocks(tbcPaymentIdsOfPayment)],
  },
  { method: ["POST"], matcher: "/admin/orders/:id/cancel", middlewares: [underPaymentLocks(tbcPaymentIdsOfOrder)] },
]
