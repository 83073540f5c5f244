/**
 * A refused or failed admin action on a ledger entry, with the HTTP status the route answers and
 * words the admin reads (never a secret: the bank's problem is named by its title and status).
 * Why not a MedusaError: Medusa's error handler replaces a CONFLICT's message by its own
 * idempotency text, and a refused transition must say its rule's reason.
 */
import { bankProblemOf } from "../bank-problem"

export class LedgerActionError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 502,
    readonly code: string,
    message: string
  ) {
    super(message)
    this.name = "LedgerActionError"
  }
}

/** The bank could not be read (down, slow, refused): nothing was changed. */
export function bankUnreadable(error: unknown, payId: string): LedgerActionError {
  const problem = bankProblemOf(error)
  const words = [problem.title, problem.detail].filter(Boolean).join(": ")
  return new LedgerActionError(
    502,
    "tbc_bank_unavailable",
    `The bank could not be asked about payment ${payId} (${words}); nothing was changed, try again`
  )
}
