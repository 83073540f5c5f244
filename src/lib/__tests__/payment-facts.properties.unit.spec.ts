/**
 * What the bank's answer says happened (src/lib/payment-facts.ts): read from every casing the
 * client accepts, never a whole card number kept, the shopper's part is mask and method only.
 */
import fc from "fast-check"
import { propertyRuns } from "./property-runs"
import {
  factsChange,
  hasFacts,
  mergeFacts,
  NO_FACTS,
  paymentFactsOf,
  providerMethodOf,
  safeCardMask,
  shopperFactsOf,
} from "../payment-facts"
import { readPaymentDetails } from "../tbc/responses"
import { CHECKOUT_CHOICES } from "../checkout-choices"

const RUNS = { numRuns: propertyRuns(500) }
const ctx = { operation: "get payment", status: 200 }

describe("payment facts", () => {
  it("reads mask, method, rrn, transactionId, approval code and resultCode from a details answer", () => {
    const details = readPaymentDetails(
      {
        payId: "P1",
        status: "Succeeded",
        PaymentCardNumber: "411111******1111",
        paymentMethod: 5,
        RRN: "512345678901",
        transactionId: "T-77",
        resultCode: "000",
        ApprovalCode: "A1B2C3",
        links: [],
      },
      ctx
    )
    expect(paymentFactsOf(details)).toEqual({
      card_mask: "411111******1111",
      payment_method: 5,
      rrn: "512345678901",
      transaction_id: "T-77",
      approval_code: "A1B2C3",
      result_code: "000",
    })
  })

  it("takes the saved card's mask when the answer has no paymentCardNumber; a decline keeps its resultCode", () => {
    const details = readPaymentDetails(
      { payId: "P2", status: "Failed", resultCode: "116", recurringCard: { recId: "R", cardMask: "5***9535" } },
      ctx
    )
    const facts = paymentFactsOf(details)
    expect(facts.card_mask).toBe("5***9535")
    expect(facts.result_code).toBe("116")
    expect(facts.rrn).toBeNull()
    expect(hasFacts(facts)).toBe(true)
    expect(hasFacts(paymentFactsOf({}))).toBe(false)
  })

  it("never keeps more than six first and four last digits of a card", () => {
    expect(safeCardMask("4111111111111111")).toBe("************1111")
    expect(safeCardMask("4111 1111 1111 1111")).toBe("************1111")
    expect(safeCardMask("4***********1111")).toBe("4***********1111")
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 *Xx-]{0,30}$/), (value) => {
        const mask = safeCardMask(value)
        const digits = (mask ?? "").replace(/\D/g, "")
        expect(digits.length).toBeLessThanOrEqual(10)
        if (value.replace(/\D/g, "").length > 10) expect(digits).toBe(value.replace(/\D/g, "").slice(-4))
      }),
      RUNS
    )
  })

  it("newer facts win, missing ones keep the older value", () => {
    const older = { ...NO_FACTS, card_mask: "4***1111", rrn: "R1", payment_method: 5 }
    const newer = { ...NO_FACTS, rrn: "R2", result_code: "000" }
    expect(mergeFacts(older, newer)).toEqual({
      ...NO_FACTS,
      card_mask: "4***1111",
      rrn: "R2",
      payment_method: 5,
      result_code: "000",
    })
  })

  it("a record changes the entry exactly when merging changes a fact (a repeated answer needs no write)", () => {
    const fact = fc.option(fc.constantFrom("A", "B"), { nil: null })
    const facts = fc.record({
      card_mask: fact,
      payment_method: fc.option(fc.constantFrom(5, 7), { nil: null }),
      rrn: fact,
      transaction_id: fact,
      approval_code: fact,
      result_code: fact,
    })
    fc.assert(
      fc.property(facts, facts, (older, newer) => {
        expect(factsChange(older, newer)).toBe(JSON.stringify(mergeFacts(older, newer)) !== JSON.stringify(older))
        expect(factsChange(mergeFacts(older, newer), newer)).toBe(false)
      }),
      RUNS
    )
  })

  it("gives the shopper the mask, its last four digits and the method, nothing else", () => {
    fc.assert(
      fc.property(
        fc.record({
          card_mask: fc.option(fc.stringMatching(/^[0-9*]{8,19}$/), { nil: null }),
          payment_method: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
          rrn: fc.stringMatching(/^[0-9]{12}$/).map((n) => `rrn-${n}`),
          transaction_id: fc.stringMatching(/^[A-Z0-9]{6,12}$/).map((t) => `tx-${t}`),
        }),
        (facts) => {
          const shown = shopperFactsOf(facts)
          expect(Object.keys(shown).sort()).toEqual([
            "card_last4",
            "card_mask",
            "payment_method",
            "payment_method_label",
          ])
          expect(JSON.stringify(shown)).not.toContain(facts.rrn)
          expect(JSON.stringify(shown)).not.toContain(facts.transaction_id)
          expect(shown.payment_method).toBe(facts.payment_method)
          // no more than the last four digits
          expect((shown.card_mask ?? "").replace(/\D/g, "").length).toBeLessThanOrEqual(4)
        }
      ),
      RUNS
    )
    expect(shopperFactsOf({ card_mask: "411111******1111", payment_method: 9 })).toEqual({
      card_mask: "************1111",
      card_last4: "1111",
      payment_method: 9,
      payment_method_label: "Apple Pay",
    })
  })

  it("a provider stands for its method when no bank answer named one; the all-methods page never guesses", () => {
    expect(providerMethodOf("pp_tbc-internet-bank_tbc")).toBe(7)
    expect(providerMethodOf("pp_tbc-apple-pay_shop2")).toBe(9)
    expect(providerMethodOf("pp_tbc-installments_tbc")).toBe(8)
    expect(providerMethodOf("pp_tbc-checkout_tbc")).toBeNull()
    expect(providerMethodOf("pp_tbc-checkout_tbc", { saved_card_id: "tbccard_1" })).toBe(11)
    expect(providerMethodOf("pp_tbc-card_tbc", { saved_card_id: "tbccard_1" })).toBe(11)
    // Part-by-Part is paid on method 4's page, but it is no QR payment
    expect(providerMethodOf("pp_tbc-bnpl_tbc")).toBeNull()
    expect(providerMethodOf("pp_stripe_stripe")).toBeNull()
    fc.assert(
      fc.property(fc.constantFrom(...CHECKOUT_CHOICES), fc.stringMatching(/^[a-z0-9]{1,8}$/), (choice, id) => {
        const method = providerMethodOf(`pp_${choice.identifier}_${id}`)
        expect(method).toBe(choice.identifier === "tbc-bnpl" ? null : choice.method)
      }),
      RUNS
    )
  })
})
