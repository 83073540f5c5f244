/**
 * Closing a TBC payment link (the merchant's close, its expiry, the order paid another way, changed
 * or canceled) and marking it paid. Closing also deletes the link's live payment session through
 * Medusa's deletePaymentSessionsWorkflow when no Medusa payment was made from it: a shopper who
 * still pays on the bank page then pays a session that is gone, and the money is the orphan
 * policy's (released or returned at the bank, recorded in the ledger), never a second payment of
 * the order. Idempotent: a closed or paid link stays as it is.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { deletePaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import type { PaymentLinkClosedReason } from "../../lib/payment-links"
import { closeReasonOf } from "../../lib/payment-link-rules"
import { recordError } from "../../modules/tbc/ledger/ledger-store"
import {
  linkById,
  linkFactsOf,
  linkOrderOf,
  linksOfOrder,
  linkStatus,
  tbcOf,
  type LinkRow,
} from "../../use-cases/payment-links/link-facts"
import { livePaymentOfSession, queryOf } from "../../use-cases/reconcile/medusa-facts"

/** Deletes the link's session unless Medusa made a payment from it (that money is the order's). */
async function dropLiveSession(container: MedusaContainer, link: LinkRow): Promise<void> {
  const sessionId = link.payment_session_id
  if (!sessionId) return
  if (await livePaymentOfSession(queryOf(container), sessionId, null)) return
  const { data } = await queryOf(container).graph({
    entity: "payment_session",
    fields: ["id"],
    filters: { id: sessionId },
  })
  if (data.length === 0) return
  await deletePaymentSessionsWorkflow(container).run({ input: { ids: [sessionId] } })
}

/** Closes a live link for `reason`; returns the row as it is afterwards. */
export async function closePaymentLink(
  container: MedusaContainer,
  link: LinkRow,
  reason: PaymentLinkClosedReason
): Promise<LinkRow> {
  if (link.status !== "open") return link
  const { status } = await linkStatus(container, link)
  // the bank holds or took the link's money: it is the order's, not a link to close
  if (status === "paid") return link
  await tbcOf(container).updatePaymentLinks({
    id: link.id,
    status: "closed",
    closed_reason: reason,
    closed_at: new Date(),
  })
  try {
    await dropLiveSession(container, link)
  } catch (error) {
    // the link is closed either way; a session left behind is the orphan sweep's if it is ever paid
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`[tbc] payment link ${link.id}: its session was not deleted: ${recordError(error)}`)
  }
  return (await linkById(container, link.id)) ?? link
}

/** The link's money reached the order: recorded on the row (what the ledger says stays the truth). */
export async function markLinkPaid(container: MedusaContainer, link: LinkRow): Promise<void> {
  if (link.status === "paid") return
  await tbcOf(container).updatePaymentLinks({ id: link.id, status: "paid", paid_at: new Date(), closed_reason: null })
}

/**
 * The order's live links, read against what the order is now: each that must close (the order
 * was canceled, paid another way, owes another amount, or the link expired) is closed. Called on
 * Medusa's order events and before a link is shown or paid. A link whose money the bank holds or
 * took is the order's and stays (closePaymentLink).
 */
export async function reviewOrderLinks(container: MedusaContainer, orderId: string, now = new Date()): Promise<void> {
  const live = (await linksOfOrder(container, orderId)).filter((link) => link.status === "open")
  if (live.length === 0) return
  const order = await linkOrderOf(container, orderId)
  for (const link of live) {
    // also a link being paid: its session is deleted, so money the shopper still gives on the
    // bank's page is the orphan policy's, never a second payment of the order
    const reason = closeReasonOf(linkFactsOf(link), order, now)
    if (reason) await closePaymentLink(container, link, reason)
  }
}
