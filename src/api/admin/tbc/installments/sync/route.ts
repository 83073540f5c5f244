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
import { syncInstallmentStatusesWorkflow } from "../../../../../workflows"
import { SYNC_BUSY_MESSAGE, SyncBusyError } from "../../../../../use-cases/installments/sync-runner"
import type { SyncBody } from "../../../../validators/route-schemas"
import type { SyncView } from "../../helpers/sync-view"

export const POST = async (req: MedusaRequest<SyncBody>, res: MedusaResponse) => {
  try {
    // checked by route-validators.ts
    const { result } = await syncInstallmentStatusesWorkflow(req.scope).run({ input: req.validatedBody })
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
