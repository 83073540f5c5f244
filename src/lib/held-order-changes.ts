/**
 * Medusa's confirmations of an order change while the order's TBC card payment is still held
 * (authorized, not captured): which of Medusa's routes confirm one, how each finds its order, and
 * what the merchant is told when it is refused. Pure: the middleware
 * (src/api/tbc-middlewares/held-order-changes.ts) reads the order and the payment.
 *
 * Why they are refused (read in @medusajs/core-flows 2.21.2): every one of these confirmations
 * ends in createOrUpdateOrderPaymentCollectionWorkflow. The order's pending difference is its new
 * total minus what was captured, and a held payment has captured nothing, so it is the whole new
 * total (above 0). The order's collection is then `authorized`, so Medusa cancels it
 * (cancelPaymentCollectionWorkflow → cancelPaymentStep → the provider's cancelPayment: the bank
 * releases the whole hold) and opens a new, unpaid collection for the new total: the shopper is
 * asked to pay again (Medusa issue #14984). None of these workflows, nor the two they run, has a
 * hook. Once the payment is captured, the collection is no longer `authorized` and the pending
 * difference is at most 0 (a refund due), so Medusa cancels nothing: the same confirmation goes
 * through.
 */

/** The kind of order change a route confirms, as Medusa names the change. */
export type HeldOrderChangeKind = "edit" | "draft_edit" | "return" | "claim" | "exchange"

export interface HeldOrderChangeRoute {
  /** Medusa's route (POST) */
  matcher: string
  kind: HeldOrderChangeKind
  /**
   * What `:id` names: the order itself, or the entity (Query) whose `order_id` is the order.
   * The Store API's POST /store/returns (createAndCompleteReturnOrderWorkflow) is not here: it
   * records a requested return without touching the payment collection.
   */
  idOf: "order" | "return" | "order_claim" | "order_exchange"
}

export const HELD_ORDER_CHANGE_ROUTES: readonly HeldOrderChangeRoute[] = [
  { matcher: "/admin/order-edits/:id/confirm", kind: "edit", idOf: "order" },
  // confirmDraftOrderEditWorkflow: a draft order is an order; a payment link takes its money at
  // once, so this guards only a hold taken on a draft some other way
  { matcher: "/admin/draft-orders/:id/edit/confirm", kind: "draft_edit", idOf: "order" },
  // confirmReturnRequestWorkflow
  { matcher: "/admin/returns/:id/request", kind: "return", idOf: "return" },
  // confirmReturnReceiveWorkflow: also a return the shopper requested in the Store API
  { matcher: "/admin/returns/:id/receive/confirm", kind: "return", idOf: "return" },
  // confirmClaimRequestWorkflow
  { matcher: "/admin/claims/:id/request", kind: "claim", idOf: "order_claim" },
  // confirmExchangeRequestWorkflow
  { matcher: "/admin/exchanges/:id/request", kind: "exchange", idOf: "order_exchange" },
]

const WHAT: Record<HeldOrderChangeKind, string> = {
  edit: "the edit",
  draft_edit: "this draft order's edit",
  return: "this return",
  claim: "this claim",
  exchange: "this exchange",
}

/** The merchant's words for a refused confirmation: what would happen, and what to do instead. */
export function heldOrderChangeRefusal(kind: HeldOrderChangeKind): string {
  const risk =
    `This order's TBC card payment is still held at the bank. Confirming ${WHAT[kind]} here would ` +
    "cancel the hold and ask the customer to pay again."
  if (kind === "edit") {
    return (
      `${risk} Confirm it in the TBC Bank box on the order page (Capture and confirm the edit): the bank ` +
      "takes the new total from the hold and returns the rest."
    )
  }
  return (
    `${risk} Capture the TBC payment first, or capture less from the order (TBC Bank box on the order ` +
    `page), then confirm ${WHAT[kind]}.`
  )
}
