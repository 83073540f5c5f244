/**
 * What the order widget says of a payment's outcome: a decline's result code with its meaning,
 * and the statement text as the bank keeps it (what it printed), not a reference derived again.
 */
import resources from "../../i18n"
import { resultCodeText, translatorFor } from "../i18n"
import { statementTextShown } from "../order-payment-state"

describe("a decline's result code", () => {
  it("is shown with its meaning, in the admin's language", () => {
    expect(resultCodeText("116")).toBe("116: Insufficient funds")
    expect(resultCodeText("101")).toBe("101: Card expired")
    expect(resultCodeText("000")).toBe("000: Approved")
    expect(resultCodeText("116", translatorFor(resources.ru.translation, "ru"))).toBe("116: Недостаточно средств")
    expect(resultCodeText("116", translatorFor(resources.ka.translation, "ka"))).toBe("116: არასაკმარისი თანხა")
  })

  it("a code without words shows as it came", () => {
    expect(resultCodeText("917")).toBe("917")
  })
})

describe("the statement text shown", () => {
  const facts = { statement_reference: "01JD7K4Z9ABC" } as never
  it("is the bank's own extra when its answer has it: a long store text shortens the reference", () => {
    const checkout = { statement_text: "A LONG SHOP NAME 7K4Z9ABC" } as never
    expect(statementTextShown({ checkout, facts })).toBe("A LONG SHOP NAME 7K4Z9ABC")
  })

  it("else the reference derived from the cart, else nothing", () => {
    expect(statementTextShown({ checkout: { statement_text: null } as never, facts })).toBe("01JD7K4Z9ABC")
    expect(statementTextShown({ checkout: null, facts: undefined })).toBeNull()
  })
})
