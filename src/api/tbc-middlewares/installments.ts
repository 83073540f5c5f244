/**
 * Installments middleware on Medusa's POST /store/payment-collections/:id/payment-sessions:
 * once the route created the session (and the provider the bank application), records the
 * application in tbc_installment_application — bank sessionId → Medusa payment session, payment
 * collection and cart — BEFORE the response (with the bank's redirect URL) reaches the storefront,
 * so the shopper cannot reach the bank before the mapping exists.
 *
 * Why here: the status-changes feed carries only the bank sessionId, the provider cannot reach
 * our module (Medusa isolates modules), and no event is emitted for a new payment session. The
 * sync falls back to a batched payment_session lookup for sessions created elsewhere.
 * A failure here is logged and never fails the shopper's request (the fallback covers it).
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
  MiddlewareRoute,
} from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { cartIdOfCollection } from "../../app/installments/cart-of-collection"

const INSTALLMENTS_PROVIDER_PREFIX = "pp_tbc-installments_"

interface SessionRow {
  id: string
  provider_id: string
  amount: number
  data?: Record<string, unknown> | null
}

/** Records every tbc-installments session of the collection that has a bank application. */
export async function recordInstallmentApplications(container: MedusaContainer, paymentCollectionId: string): Promise<number> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: collections } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "payment_sessions.id", "payment_sessions.provider_id", "payment_sessions.amount", "payment_sessions.data"],
    filters: { id: paymentCollectionId },
  })
  const sessions = ((collections[0]?.payment_sessions ?? []) as unknown as SessionRow[]).filter(
    (s) => s?.provider_id?.startsWith(INSTALLMENTS_PROVIDER_PREFIX) && typeof s.data?.sessionId === "string"
  )
  if (sessions.length === 0) return 0
  const cartId = (await cartIdOfCollection(container, paymentCollectionId)) ?? null
  return container.resolve<TbcModuleService>(TBC_MODULE).ensureInstallmentApplications(
    sessions.map((s) => ({
      bank_session_id: s.data!.sessionId as string,
      payment_session_id: s.id,
      payment_collection_id: paymentCollectionId,
      cart_id: cartId,
      amount: String(s.amount),
    }))
  )
}

export function recordInstallmentApplicationsAfterSessionCreated(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const body = (req.body ?? {}) as { provider_id?: unknown }
  if (typeof body.provider_id !== "string" || !body.provider_id.startsWith(INSTALLMENTS_PROVIDER_PREFIX)) {
    return next()
  }
  const send = res.json.bind(res)
  res.json = ((payload: unknown) => {
    if (res.statusCode >= 400) return send(payload)
    recordInstallmentApplications(req.scope, req.params.id)
      .catch((error: Error) =>
        req.scope
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`[tbc-installments] application of collection ${req.params.id} not recorded: ${error.message}`)
      )
      .finally(() => send(payload))
    return res
  }) as typeof res.json
  next()
}

export const installmentsMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/store/payment-collections/:id/payment-sessions",
    method: ["POST"],
    middlewares: [recordInstallmentApplicationsAfterSessionCreated],
  },
]
