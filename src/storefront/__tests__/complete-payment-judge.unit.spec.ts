import fc from "fast-check"
import { NOT_PAID_YET_MESSAGE } from "../../lib/checkout-status"
import { judgeCompletion, judgeSession } from ".."
import { CHECKOUT, INSTALLMENTS, NOT_APPROVED_YET } from "./complete-payment-fixtures"

describe("judgeCompletion (properties)", () => {
  const sessionStatus = fc.constantFrom(
    "pending",
    "pending_authorization",
    "requires_more",
    "error",
    "canceled",
    "authorized",
    undefined
  )
  const provider = fc.constantFrom(CHECKOUT, INSTALLMENTS, "pp_system_default")

  it("an order is always the order; a 409, 'not paid yet' or 'not approved yet' is always asked again", () => {
    fc.assert(
      fc.property(fc.string(), provider, (id, providerId) => {
        expect(judgeCompletion({ response: { type: "order", order: { id } } }, providerId)).toEqual({
          kind: "order",
          order: { id },
        })
        expect(judgeCompletion({ error: Object.assign(new Error("busy"), { status: 409 }) }, providerId)).toEqual({
          kind: "retry",
          code: "cart_busy",
        })
        const notYet = { type: "cart" as const, cart: { id: "cart_1" }, error: { message: NOT_PAID_YET_MESSAGE } }
        expect(judgeCompletion({ response: notYet }, providerId)).toMatchObject({
          kind: "retry",
          code: "payment_pending",
        })
        const notApproved = { type: "cart" as const, cart: { id: "cart_1" }, error: { message: NOT_APPROVED_YET } }
        expect(judgeCompletion({ response: notApproved }, providerId)).toMatchObject({
          kind: "retry",
          code: "installment_pending",
        })
      })
    )
  })

  it("a shopper never reads Medusa's session wording, whatever the session's state", () => {
    fc.assert(
      fc.property(
        sessionStatus,
        provider,
        fc.constantFrom("Payment authorization failed", "Session: payses_01ABC was not authorized with the provider."),
        (status, providerId, message) => {
          const cart = {
            id: "cart_1",
            payment_collection: {
              id: "paycol_1",
              payment_sessions: status ? [{ provider_id: providerId, status }] : [],
            },
          }
          const step = judgeSession(cart, providerId, message)
          if (step.kind === "failed") expect(step.error.message).not.toMatch(/payses_|Session:|authorization failed/)
          else
            expect(step.kind).toBe(
              status && ["pending", "pending_authorization", "requires_more"].includes(status) ? "retry" : "never"
            )
        }
      )
    )
  })
})
