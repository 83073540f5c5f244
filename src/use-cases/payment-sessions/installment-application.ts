/**
 * The last step of session creation (src/workflows/payment-sessions): records a new
 * tbc-installments session's bank application in tbc_installment_application — bank sessionId →
 * Medusa payment session, payment collection and cart.
 *
 * Why: the status-changes feed carries only the bank sessionId, the provider cannot reach our
 * module (Medusa isolates modules), and no event is emitted for a new payment session. The row is
 * written inside the creation workflow, before the response with the bank's redirect URL is sent:
 * if it cannot be written the workflow fails and rolls the new session back (its deletion cancels
 * the application at the bank), so the shopper never reaches an application we do not know about.
 * The sync still falls back to a payment_session lookup for sessions created by other routes.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { isInstallmentsProviderId } from "../../lib/checkout-choices"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { LEDGER_DATA } from "../../providers/tbc-checkout/ledger/bookkeeping"
import { cartIdOfCollection } from "../installments/cart-of-collection"

/** What the step reads of the session Medusa just created. */
export interface CreatedSession {
  id: string
  provider_id: string
  payment_collection_id?: string
  amount: unknown
  data?: Record<string, unknown> | null
}

/** The bank sessionId of a tbc-installments session, undefined for any other session. */
export function applicationOf(session: CreatedSession): string | undefined {
  if (!isInstallmentsProviderId(session.provider_id)) return undefined
  const bankSessionId = session.data?.sessionId
  return typeof bankSessionId === "string" && bankSessionId !== "" ? bankSessionId : undefined
}

/**
 * Writes the application's row unless it exists; returns the bank sessionId when THIS call
 * created the row (what a compensation may remove), undefined when there was nothing to write
 * or the row existed already. Throws when the row cannot be written.
 */
export async function recordInstallmentApplication(
  container: MedusaContainer,
  session: CreatedSession,
  paymentCollectionId: string
): Promise<string | undefined> {
  const bankSessionId = applicationOf(session)
  if (!bankSessionId) return undefined
  // the cart the session-creation workflow handed the provider (and its ledger entry), else the link
  const given = session.data?.[LEDGER_DATA.cartId]
  const cartId =
    typeof given === "string" && given !== ""
      ? given
      : ((await cartIdOfCollection(container, paymentCollectionId)) ?? null)
  const created = await container.resolve<TbcModuleService>(TBC_MODULE).ensureInstallmentApplications([
    {
      bank_session_id: bankSessionId,
      payment_session_id: session.id,
      payment_collection_id: paymentCollectionId,
      cart_id: cartId,
      amount: String(session.amount),
    },
  ])
  return created > 0 ? bankSessionId : undefined
}

/** Removes the row recordInstallmentApplication created (compensation). */
export async function forgetInstallmentApplication(container: MedusaContainer, bankSessionId: string): Promise<void> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const rows = await tbc.listInstallmentApplications({ bank_session_id: bankSessionId }, { select: ["id"] })
  if (rows.length > 0) await tbc.deleteInstallmentApplications(rows.map((row: { id: string }) => row.id))
}
