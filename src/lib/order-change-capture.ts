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
