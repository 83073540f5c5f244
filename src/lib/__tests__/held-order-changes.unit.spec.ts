/**
 * Medusa's confirmations refused while a TBC payment is held: the routes the middleware takes and
 * the merchant's words (the app test, checkout-order-change-capture.app.ts, runs them on Medusa).
 */
import { HELD_ORDER_CHANGE_ROUTES, heldOrderChangeRefusal } from "../held-order-changes"

describe("held order changes", () => {
  it("take each of Medusa's confirming routes once, each with the entity its id names", () => {
    expect(HELD_ORDER_CHANGE_ROUTES.map((route) => [route.matcher, route.idOf])).toEqual([
      ["/admin/order-edits/:id/confirm", "order"],
      ["/admin/draft-orders/:id/edit/confirm", "order"],
      ["/admin/returns/:id/request", "return"],
      ["/admin/returns/:id/receive/confirm", "return"],
      ["/admin/claims/:id/request", "order_claim"],
      ["/admin/exchanges/:id/request", "order_exchange"],
    ])
  })

  it.each(["return", "claim", "exchange", "draft_edit"] as const)(
    "a %s: says what would happen and what to do instead",
    (kind) => {
      const message = heldOrderChangeRefusal(kind)
      const what = kind === "draft_edit" ? "draft order's edit" : kind
      expect(message).toContain("still held at the bank")
      expect(message).toContain(`Confirming this ${what} here would cancel the hold and ask the customer to pay again`)
      expect(message).toContain("Capture the TBC payment first, or capture less from the order")
      // a merchant's words: no workflow, route or config names
      expect(message).not.toMatch(/workflow|\/admin|collection|_/i)
    }
  )

  it("an edit: points at the TBC Bank box's capture and confirm", () => {
    expect(heldOrderChangeRefusal("edit")).toMatch(/Confirming the edit here .*Capture and confirm the edit/)
  })
})
