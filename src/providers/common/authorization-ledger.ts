/**
 * The one step both providers take when authorizePayment is about to tell Medusa the money is
 * there (a Medusa payment, then the order, is made from it): the money ledger records it
 * (`authorized_at`) by its compare-and-set against a release of the same money (the admin's
 * "Release hold", the orphan policy, the installment sync's cancel of a dropped application).
 *
 * Why it refuses instead of logging: once a release was claimed or done, an authorized payment
 * would give the shopper an order for money that is going back (a returned hold, a canceled loan).
 * And it fails closed: a ledger that cannot be read or written gives no authorization either (the
 * shopper tries again; never an order without its record).
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { TbcLogger } from "../../lib/tbc/types"
import { recordError, type LedgerEntry, type LedgerStore } from "../../modules/tbc/ledger/ledger-store"

const notChecked = () =>
  new MedusaError(
    MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
    "The payment could not be checked against the store's records, so no order was placed. Please try again in a moment."
  )

/**
 * Records that the charge `payId` is handed to Medusa; throws PAYMENT_AUTHORIZATION_ERROR with
 * `refusal` (what the shopper reads) when the ledger refuses, and a "try again" one when it cannot
 * be read or written. Nothing to record: no ledger (a unit test's unrecorded provider; a provider
 * without one refuses every money call before this), or no entry (a payment from before the
 * ledger). `known`: the entry as the caller's bank read just left it (no second read).
 */
export async function recordAuthorized(
  ledger: Pick<LedgerStore, "byPayId" | "markAuthorized"> | undefined,
  payId: string,
  how: { actor: string; logger: TbcLogger; refusal: string; known?: LedgerEntry }
): Promise<void> {
  if (!ledger) return
  let result: Awaited<ReturnType<LedgerStore["markAuthorized"]>>
  try {
    const entry = how.known ?? (await ledger.byPayId(payId))
    if (!entry) return
    result = await ledger.markAuthorized(entry, how.actor)
  } catch (error) {
    how.logger.error(`payment ${payId}: not handed to Medusa, the ledger failed: ${recordError(error)}`)
    throw notChecked()
  }
  if (!result.ok) {
    how.logger.warn(`payment ${payId}: not handed to Medusa: ${result.reason}`)
    throw new MedusaError(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR, how.refusal)
  }
}
