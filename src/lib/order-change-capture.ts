/**
 * A capture that starts from the order: the merchant says what changed (items not delivered,
 * lower quantities, a lower price), Medusa records it as an order change, and the bank completes
 * the order's new total from the hold. Pure: no I/O, integer tetri.
 *
 * Why the capture comes before Medusa confirms the change: Medusa's order-edit confirmation
 * (createOrUpdateOrderPaymentCollectionWorkflow, 2.21) cancels an authorized payment and opens a
 * new collection for the whole new total, i.e. it would release the hold and ask the shopper to
 * pay again. Once the bank completed the new total, the order owes nothing and the confirmation
 * leaves the payment alone.
 */
import { majorToMinorExact, minorToMajor } from "./money"

export interface OrderChangeItem {
  id: string
  quantity: number
  /** major units; absent = the item's price stays */
  unit_price?: number
}

export interface OrderItemFacts {
  id: string
  quantity: number
}

export type OrderChangeCapturePlan =
  /** one capture of `captureMinor`; `releasedMinor` goes back to the card, `owedMinor` is still owed */
  | { kind: "capture"; captureMinor: number; releasedMinor: number; owedMinor: number }
  | { kind: "refuse"; message: string }

/**
 * What the bank completes for an order whose total becomes `newTotalMinor` while it holds
 * `heldMinor`: the new total, at most the hold (a raised total takes the hold whole and the
 * difference stays owed, for a charge of the saved card).
 */
export function orderChangeCapturePlan(facts: { heldMinor: number; newTotalMinor: number }): OrderChangeCapturePlan {
  if (!Number.isSafeInteger(facts.newTotalMinor) || facts.newTotalMinor <= 0) {
    return {
      kind: "refuse",
      message:
        "items: after this change the order costs nothing, so there is nothing to capture; " +
        "cancel the order instead (its hold goes back to the card).",
    }
  }
  if (!Number.isSafeInteger(facts.heldMinor) || facts.heldMinor <= 0) {
    return { kind: "refuse", message: "payment: the bank holds no money for this order." }
  }
  const captureMinor = Math.min(facts.newTotalMinor, facts.heldMinor)
  return {
    kind: "capture",
    captureMinor,
    releasedMinor: facts.heldMinor - captureMinor,
    owedMinor: facts.newTotalMinor - captureMinor,
  }
}

/**
 * What the merchant said changed, checked against the order's items before Medusa is asked
 * (Medusa's order-edit workflow reads an unknown item as a crash, not an error): each item once,
 * each an item of this order, at most the quantity ordered (an item not delivered lowers it).
 * Returns the problems, each naming the field and the rule; empty = fine.
 */
export function orderChangeItemProblems(
  items: readonly OrderChangeItem[],
  orderItems: readonly OrderItemFacts[]
): string[] {
  const problems: string[] = []
  if (items.length === 0) problems.push("items: must list at least one item that changed")
  const seen = new Set<string>()
  items.forEach((item, index) => {
    const ordered = orderItems.find((candidate) => candidate.id === item.id)
    if (seen.has(item.id)) problems.push(`items.${index}.id: is listed twice`)
    seen.add(item.id)
    if (!ordered) {
      problems.push(`items.${index}.id: is not an item of this order`)
      return
    }
    if (item.quantity > ordered.quantity) {
      problems.push(`items.${index}.quantity: must be at most the ${ordered.quantity} ordered`)
    }
    if (item.quantity === ordered.quantity && item.unit_price === undefined) {
      problems.push(`items.${index}: changes nothing (same quantity, same price)`)
    }
  })
  return problems
}

/** What the merchant asked the capture from the order to start from. */
export interface OrderChangeRequest {
  hasItems: boolean
  /** a bare amount to capture (the rest becomes the order's credit: a discount) */
  hasAmount: boolean
  hasNote: boolean
  /** the order's open order edit, if any */
  openEditId: string | null
}

/**
 * Which of the three starts the request is (the items that changed, a bare amount, the open edit
 * made in Medusa's dashboard), or the problem, naming the field. A bare amount needs its reason:
 * it is the only record of why the order owes less.
 */
export function orderChangeRequestProblem(request: OrderChangeRequest): string | null {
  if (request.hasItems && request.hasAmount) {
    return "amount: give either the items that changed or an amount to capture, not both"
  }
  if ((request.hasItems || request.hasAmount) && request.openEditId) {
    const field = request.hasItems ? "items" : "amount"
    return `${field}: the order already has an open order edit (${request.openEditId}); capture it without ${field}, or cancel it first`
  }
  if (request.hasAmount && !request.hasNote) {
    return "note: say why the order is captured for less (a discount, goods not delivered): it is kept with the order's credit"
  }
  if (!request.hasItems && !request.hasAmount && !request.openEditId) {
    return "items: the order has no open order edit; list the items that changed (id and new quantity or price), or give an amount to capture"
  }
  return null
}

/**
 * A bare amount captured from a hold of `heldMinor`: the bank completes it, the rest of the hold
 * goes back to the card, and the order is credited the rest (Medusa's credit line, an order change),
 * so it owes nothing for money that went back. `requested` is the amount as sent (major units).
 */
export function amountCapturePlan(facts: { heldMinor: number; requested: unknown }): OrderChangeCapturePlan {
  const requestedMinor =
    typeof facts.requested === "number" || typeof facts.requested === "string"
      ? majorToMinorExact(facts.requested)
      : null
  if (requestedMinor === null) return { kind: "refuse", message: "amount: must be a number of at most 2 decimals" }
  if (requestedMinor <= 0) return { kind: "refuse", message: "amount: must be greater than 0" }
  if (!Number.isSafeInteger(facts.heldMinor) || facts.heldMinor <= 0) {
    return { kind: "refuse", message: "payment: the bank holds no money for this order." }
  }
  if (requestedMinor > facts.heldMinor) {
    return { kind: "refuse", message: `amount: must be at most the ${minorToMajor(facts.heldMinor).toFixed(2)} held` }
  }
  return {
    kind: "capture",
    captureMinor: requestedMinor,
    releasedMinor: facts.heldMinor - requestedMinor,
    owedMinor: 0,
  }
}
