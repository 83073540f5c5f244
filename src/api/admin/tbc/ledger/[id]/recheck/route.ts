/**
 * POST /admin/tbc/ledger/:id/recheck (no body): reads the bank for the entry's payId (an
 * operation's: its charge's) and moves the entry by the answer, in the admin's name. 200 with
 * `{ entry, listed, done, next }`; 409 when the entry needs no re-check or names no payment
 * (attach its payId or mark it not charged), 400 when the bank knows no such payment, 502 when
 * the bank cannot be read (nothing changed). Admin authentication is enforced by Medusa.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerLedgerAction } from "../../../helpers/ledger-action"

export const POST = (req: MedusaRequest, res: MedusaResponse) => answerLedgerAction(req, res, "recheck")
