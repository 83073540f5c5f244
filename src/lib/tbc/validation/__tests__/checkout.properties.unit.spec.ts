/**
 * Property tests of the create-payment validator: every generated valid request passes (in any
 * mix of live spellings) and comes back canonical; every single-rule mutation is caught with the
 * right field and rule.
 */
import fc from "fast-check"
import { propertyRuns } from "../../../__tests__/property-runs"
import { checkCreatePaymentRequest } from "../checkout"
import { aliasChoice, renderWithAliases, validCreatePayment } from "./arbitraries"
import { checkoutMutation } from "./checkout-mutations"

const RUNS = { numRuns: propertyRuns(1000) }

describe("checkCreatePaymentRequest properties", () => {
  it("accepts every valid request and returns it canonical, whatever the spelling", () => {
    fc.assert(
      fc.property(validCreatePayment, aliasChoice, ({ request, activatedMethods }, choice) => {
        const input = renderWithAliases(request as unknown as Record<string, unknown>, choice)
        const result = checkCreatePaymentRequest(input, { activatedMethods })
        expect(result).toEqual({ ok: true, value: request })
      }),
      RUNS
    )
  })

  it("reports the broken field and rule for every single-rule mutation", () => {
    fc.assert(
      fc.property(validCreatePayment, checkoutMutation, aliasChoice, (valid, mutation, choice) => {
        const broken = mutation.apply(valid)
        const input =
          typeof broken.input === "object" && broken.input !== null && !Array.isArray(broken.input)
            ? renderWithAliases(broken.input as Record<string, unknown>, choice)
            : broken.input
        const result = checkCreatePaymentRequest(input, { activatedMethods: broken.activatedMethods })
        expect(result.ok).toBe(false)
        if (!result.ok) {
          expect(result.issues).toContainEqual(expect.objectContaining({ field: broken.field, rule: broken.rule }))
        }
      }),
      RUNS
    )
  })
})
