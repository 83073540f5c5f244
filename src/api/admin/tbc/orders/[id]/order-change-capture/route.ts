/**
 * POST /admin/tbc/orders/:id/order-change-capture { items?, amount?, note? }: capture less, starting
 * from the order (src/workflows/payments/capture-order-change.ts). The listed items' new quantities
 * or prices (or, without items, the order's open order edit) become Medusa's order change, the bank
 * completes the new total from the hold (the rest goes back to the card), and Medusa confirms the
 * change; or a bare amount (with its reason in `note`) is completed and the rest credited to the
 * order. Either way the order owes nothing for money that went back. 200 with `{ order_id, captured,
 * released, owed, summary }` (major units; `owed` > 0 only when a raised total took the hold
 * whole); 400 naming the field and the rule; 404 unknown order; 409/400 when the order has no
 * held TBC payment or another money operation is under way (409, in words: a capture from the order
 * already under way). Admin authentication by Medusa; the
 * body is checked by route-validators.ts.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { minorToMajor } from "../../../../../../lib/money"
import { tbcCaptureOrderChangeWorkflow } from "../../../../../../workflows/payments/capture-order-change"
import { orderParamsSchema, type OrderChangeCaptureBody } from "../../../../../validators/route-schemas"
import { parseParams } from "../../../../../validators/validate-request"
import { answerConflict } from "../../../helpers/conflict-answer"

export const POST = async (req: AuthenticatedMedusaRequest<OrderChangeCaptureBody>, res: MedusaResponse) => {
  const { id } = parseParams(orderParamsSchema, req.params)
  const { result, errors } = await tbcCaptureOrderChangeWorkflow(req.scope).run({
    input: { order_id: id, ...req.validatedBody, actor_id: req.auth_context?.actor_id },
    throwOnError: false,
  })
  const error = errors?.[0]?.error
  // a second press while the first is under way: in the admin's words, not Medusa's idempotency text
  if (answerConflict(res, error, "tbc_order_change_capture_refused")) return
  if (error) throw error
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "total", "summary"], filters: { id } })
  res.status(200).json({
    order_id: id,
    captured: minorToMajor(result.captureMinor),
    released: minorToMajor(result.releasedMinor),
    owed: minorToMajor(result.owedMinor),
    summary: (data[0] as { summary?: unknown } | undefined)?.summary ?? null,
  })
}
