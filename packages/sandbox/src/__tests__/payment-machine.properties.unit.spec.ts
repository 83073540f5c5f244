import fc from "fast-check"
import { propertyRuns } from "../../../../src/lib/__tests__/property-runs"
import { SandboxBank } from "../bank"
import { resolveConfig } from "../options"
import { cancelPayment, completePayment } from "../payment-machine"
import { SandboxProblem } from "../problem"
import type { SandboxPayment } from "../store"

const DAY = 24 * 60 * 60 * 1000

function paidPayment(bank: SandboxBank, amountMinor: number, preAuth: boolean): SandboxPayment {
  const now = bank.now()
  const payment: SandboxPayment = {
    payId: "p1",
    status: preAuth ? "WaitingConfirm" : "Succeeded",
    currency: "GEL",
    amountMinor,
    confirmedMinor: preAuth ? 0 : amountMinor,
    returnedMinor: 0,
    releasedMinor: 0,
    preAuth,
    methods: [5],
    createdAt: now,
    expirationMinutes: 12,
    expiresAt: now + 12 * 60_000,
    paidAt: now,
    partialReturnDays: [],
    history: [],
  }
  bank.store.payments.set(payment.payId, payment)
  return payment
}

type Step = { kind: "refund"; amount: number | undefined } | { kind: "nextDay" }

describe("payment state machine: refunds and completion", () => {
  it("accepted refunds sum to returnedAmount, never exceed what was confirmed, status follows the sum", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(
          fc.oneof(
            fc
              .option(fc.integer({ min: 1, max: 1_200_000 }), { nil: undefined })
              .map<Step>((amount) => ({ kind: "refund", amount })),
            fc.constant<Step>({ kind: "nextDay" })
          ),
          { maxLength: 12 }
        ),
        (amountMinor, preAuth, completeMinorRaw, steps) => {
          const bank = new SandboxBank(resolveConfig())
          const payment = paidPayment(bank, amountMinor, preAuth)
          if (preAuth) {
            const completeMinor = Math.max(1, Math.min(completeMinorRaw, amountMinor))
            completePayment(bank, payment, completeMinor)
            expect(payment.returnedMinor).toBe(amountMinor - completeMinor)
          }
          // the rest released by a smaller completion counts as returned but is not refundable money
          const released = payment.returnedMinor
          const confirmed = payment.confirmedMinor
          let accepted = 0
          let partialsToday = 0
          let day = 0
          for (const step of steps) {
            if (step.kind === "nextDay") {
              bank.store.clock.advance(DAY)
              day++
              partialsToday = 0
              continue
            }
            const left = confirmed - accepted
            const amount = step.amount ?? left
            const shouldRefuse =
              payment.status === "Returned" || amount > left || (amount < left && day === 0 && partialsToday >= 1)
            let refused = false
            try {
              cancelPayment(bank, payment, step.amount)
            } catch (error) {
              expect(error).toBeInstanceOf(SandboxProblem)
              refused = true
            }
            expect(refused).toBe(shouldRefuse)
            if (!refused) {
              accepted += amount
              if (amount < left) partialsToday++
            }
            expect(payment.returnedMinor).toBe(released + accepted)
            expect(accepted).toBeLessThanOrEqual(confirmed)
            const expected = accepted === 0 ? "Succeeded" : accepted === confirmed ? "Returned" : "PartialReturned"
            expect(payment.status).toBe(expected)
          }
        }
      ),
      { numRuns: propertyRuns(1000) }
    )
  })

  it("completion accepts exactly 1..authorized and returns the rest", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (authorized, asked) => {
          const bank = new SandboxBank(resolveConfig())
          const payment = paidPayment(bank, authorized, true)
          let refused = false
          try {
            completePayment(bank, payment, asked)
          } catch {
            refused = true
          }
          expect(refused).toBe(asked > authorized)
          if (!refused) {
            expect(payment).toMatchObject({
              status: "Succeeded",
              confirmedMinor: asked,
              returnedMinor: authorized - asked,
            })
          } else {
            expect(payment.status).toBe("WaitingConfirm")
          }
        }
      ),
      { numRuns: propertyRuns(1000) }
    )
  })
})
