/**
 * Guard on Medusa's POST /admin/payments/:id/capture {amount?}: a TBC checkout payment is captured
 * for the whole amount left or not at all (rule and reasons in src/lib/capture-amount.ts). Medusa
 * passes no amount to the provider's capturePayment, so the requested amount is read here, where
 * the admin route has it, before Medusa records a capture or the bank is called.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { partialCaptureRefusal } from "../../lib/capture-amount"

const TBC_CHECKOUT_PROVIDER = /^pp_tbc-checkout_/

type QueryLike = { graph(input: Record<string, unknown>): Promise<{ data: unknown[] }> }

interface PaymentView {
  amount?: unknown
  currency_code?: string | null
  provider_id?: string
  captures?: Array<{ amount?: unknown }>
}

export async function refusePartialTbcCapture(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const requested = (req.body as Record<string, unknown> | undefined)?.amount
    if (requested === undefined || requested === null) return next()
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
    const { data } = await query.graph({
      entity: "payment",
      fields: ["id", "amount", "currency_code", "provider_id", "captures.amount"],
      filters: { id: String(req.params.id ?? "") },
    })
    const payment = data[0] as PaymentView | undefined
    if (!payment || !TBC_CHECKOUT_PROVIDER.test(payment.provider_id ?? "")) return next()
    const refusal = partialCaptureRefusal(requested, {
      amount: payment.amount,
      currency_code: payment.currency_code,
      captured: (payment.captures ?? []).map((capture) => capture.amount),
    })
    return next(refusal ? new MedusaError(MedusaError.Types.INVALID_DATA, refusal) : undefined)
  } catch (error) {
    return next(error)
  }
}

export const captureAmountMiddlewares: MiddlewareRoute[] = [
  {
    method: ["POST"],
    matcher: "/admin/payments/:id/capture",
    middlewares: [refusePartialTbcCapture],
  },
]
