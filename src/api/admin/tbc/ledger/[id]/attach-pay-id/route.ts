/**
 * POST /admin/tbc/ledger/:id/attach-pay-id `{ pay_id }`: for a charge whose answer named no
 * payment, the payId TBC's merchant dashboard shows for its merchantPaymentId. The bank is read
 * first: a payId it does not know (400), one of another entry or whose payment names another
 * merchantPaymentId or amount (409) is refused and nothing changes; otherwise the payId is
 * attached and the bank's status moves the entry (money held or taken for an open checkout: the
 * order is placed on the next reconcile run). Audited in the admin's name.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AttachPayIdBody } from "../../../../../validators/route-schemas"
import { answerLedgerAction } from "../../../helpers/ledger-action"

export const POST = (req: MedusaRequest<AttachPayIdBody>, res: MedusaResponse) =>
  // the body is checked by route-validators.ts
  answerLedgerAction(req, res, "attach", { payId: req.validatedBody.pay_id })
