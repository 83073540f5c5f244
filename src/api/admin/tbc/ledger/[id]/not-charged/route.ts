/**
 * POST /admin/tbc/ledger/:id/not-charged `{ reason }`: the admin checked TBC's merchant
 * dashboard and the bank never charged (an operation: never did it). Only for an entry that names
 * no bank payment and got no answer (409 otherwise, with the rule's reason). The entry becomes
 * `refused`, so the shopper may pay again; the reason is kept in the audit trail with the admin.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { NotChargedBody } from "../../../../../validators/route-schemas"
import { answerLedgerAction } from "../../../helpers/ledger-action"

export const POST = (req: MedusaRequest<NotChargedBody>, res: MedusaResponse) =>
  // the body is checked by route-validators.ts
  answerLedgerAction(req, res, "not_charged", { reason: req.validatedBody.reason })
