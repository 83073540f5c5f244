/**
 * POST /admin/tbc/installments/sync — "sync now": pulls and applies the installment status-changes
 * feed with the same workflow as the scheduled job, and answers what it applied:
 * `{ providers: [{ provider_id, pages, received, applied, authorized, captured, canceled, unknown,
 * retrying, gave_up, acknowledged, errors }] }` (helpers/sync-view.ts; a change in `retrying` is
 * tried again by a later run; see docs/installments.md); `received: 0` means the feed had nothing
 * new. Body (optional): `{ provider_id?: string }`.
 * While another sync of the provider runs (here or on another instance) it answers 409 after about
 * a second: `{ type: "conflict", code: "tbc_installments_sync_busy", message }`.
 * Admin authentication is enforced by Medusa for every /admin route.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { syncInstallmentStatusesWorkflow } from "../../../../../workflows"
import { SYNC_BUSY_MESSAGE, SyncBusyError } from "../../../../../app/installments/sync-runner"
import type { SyncView } from "../../helpers/sync-view"

const bodySchema = z
  .object({
    provider_id: z.string({ invalid_type_error: "must be a string" }).min(1, { message: "must not be empty" }).optional(),
  })
  .strict()

export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const parsed = bodySchema.safeParse(req.body ?? {})
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ")
    throw new MedusaError(MedusaError.Types.INVALID_DATA, issues)
  }
  try {
    const { result } = await syncInstallmentStatusesWorkflow(req.scope).run({ input: parsed.data })
    const answer: SyncView = result // the admin's reading of the answer stays true to it
    res.status(200).json(answer)
  } catch (error) {
    if (error instanceof SyncBusyError || (error as Error)?.message === SYNC_BUSY_MESSAGE) {
      // answered here: Medusa's error handler would replace a CONFLICT's message by its idempotency text
      res.status(409).json({ type: "conflict", code: "tbc_installments_sync_busy", message: SYNC_BUSY_MESSAGE })
      return
    }
    throw error
  }
}
