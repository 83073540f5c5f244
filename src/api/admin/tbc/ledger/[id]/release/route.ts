/**
 * POST /admin/tbc/ledger/:id/release (no body): money the bank holds or took for a listed entry
 * that no order owns goes back (a hold is cancelled, taken money returned in full), through the
 * orphan policy's claim and bank calls, in the admin's name. 409 when an order owns the money or
 * another process is acting on it; 502 when the bank failed (recorded; nothing moves twice).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerLedgerAction } from "../../../helpers/ledger-action"

export const POST = (req: MedusaRequest, res: MedusaResponse) => answerLedgerAction(req, res, "release")
