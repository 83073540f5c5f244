/**
 * POST /admin/tbc/payments/:id/capture { amount }: captures a TBC checkout payment for `amount`
 * (major units) through the plugin's capture workflow (src/workflows/payments/capture-part.ts).
 * Less than the hold: ONE completion of that amount at the bank, which returns the rest of the
 * hold by itself; Medusa's payment is then for what was taken, captured. The whole amount left:
 * Medusa's own capture. 200 with `{ payment }` (id, amount, captured_at, captures); 400 naming the
 * field and the rule when the amount is refused (e.g. already captured: what the bank took); 409
 * while another capture, cancel or refund of the payment is under way. Medusa's own
 * /admin/payments/:id/capture always completes the whole hold. Admin authentication is enforced
 * by Medusa; the body is checked by route-validators.ts.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { tbcCapturePaymentWorkflow } from "../../../../../../workflows/payments/capture-part"
import { paymentParamsSchema, type CaptureBody } from "../../../../../validators/route-schemas"
import { parseParams } from "../../../../../validators/validate-request"

export const POST = async (req: AuthenticatedMedusaRequest<CaptureBody>, res: MedusaResponse) => {
  const { id } = parseParams(paymentParamsSchema, req.params)
  await tbcCapturePaymentWorkflow(req.scope).run({
    input: { payment_id: id, amount: req.validatedBody.amount, captured_by: req.auth_context?.actor_id },
  })
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "amount", "currency_code", "captured_at", "canceled_at", "captures.id", "captures.amount"],
    filters: { id },
  })
  res.status(200).json({ payment: data[0] })
}
