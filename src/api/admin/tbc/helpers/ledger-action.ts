/**
 * What the admin ledger-action routes (POST /admin/tbc/ledger/:id/…) share: the acting admin
 * (Medusa authenticates every /admin route; its user id names the action in the audit trail),
 * the entry id from the path, the action's workflow, and the answer of a refusal: its status with
 * `{ type, code, message }` in the rule's words.
 */
import type { AuthenticatedMedusaRequest, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminAction } from "../../../../lib/ledger/admin-actions"
import type { LedgerActionError } from "../../../../use-cases/ledger-admin/action-error"
import type { LedgerActionInput } from "../../../../use-cases/ledger-admin/run-action"
import { LEDGER_ACTION_WORKFLOWS } from "../../../../workflows/ledger-admin/ledger-actions"
import { ledgerParamsSchema } from "../../../validators/route-schemas"
import { parseParams } from "../../../validators/validate-request"

export { isCheckoutProvider } from "../../../../use-cases/ledger-admin/run-action"

const ERROR_TYPES: Record<LedgerActionError["status"], string> = {
  400: "invalid_data",
  404: "not_found",
  409: "not_allowed",
  502: "bank_unavailable",
}

/**
 * Runs one action's workflow (src/workflows/ledger-admin) on the entry named by `:id` and answers
 * it: 200 with the entry, or the refusal's status with `{ type, code, message }`.
 */
export async function answerLedgerAction(
  req: MedusaRequest,
  res: MedusaResponse,
  action: AdminAction,
  words: Pick<LedgerActionInput, "payId" | "reason"> = {}
): Promise<void> {
  const { id } = parseParams(ledgerParamsSchema, req.params)
  const userId = (req as AuthenticatedMedusaRequest).auth_context?.actor_id
  if (!userId) {
    res.status(401).json({ type: "unauthorized", message: "An admin must be logged in" })
    return
  }
  const { result, errors } = await LEDGER_ACTION_WORKFLOWS[action](req.scope).run({
    input: { entryId: id, userId, ...words },
    throwOnError: false,
  })
  if (errors?.[0]) throw errors[0].error
  if (result.ok) {
    res.status(200).json(result.view)
    return
  }
  res.status(result.status).json({ type: ERROR_TYPES[result.status], code: result.code, message: result.message })
}
