/**
 * How the admin names a payment's method and a callback's verdict: a BNPL payment (method 4 on
 * the bank's page, as Web QR) is "Part-by-Part (BNPL)", never "Web QR"; a declined or expired
 * payment whose checkout the shopper left took no money, so it is never "orphan policy".
 */
import resources from "../../i18n"
import { CHECKOUT_CHOICES } from "../../../lib/checkout-choices"
import { callbackRowText, choiceText, methodText, paymentMethodText, translatorFor } from "../i18n"

const ru = translatorFor(resources.ru.translation, "ru")
const ka = translatorFor(resources.ka.translation, "ka")

describe("a payment's method in words", () => {
  it("names a per-method provider's payment after its choice: BNPL is not Web QR", () => {
    expect(paymentMethodText(4, "pp_tbc-bnpl_tbc")).toBe("Part-by-Part (BNPL)")
    expect(paymentMethodText(4, "pp_tbc-qr_tbc")).toBe("Web QR")
    expect(paymentMethodText(4, "pp_tbc-bnpl_tbc", ru)).toBe("Оплата частями")
    expect(paymentMethodText(4, "pp_tbc-bnpl_tbc", ka)).toBe("ნაწილ-ნაწილ გადახდა")
  })

  it("the all-methods page's method 4 offers both, and other methods keep their own names", () => {
    expect(paymentMethodText(4, "pp_tbc-checkout_tbc")).toBe("Web QR, Part-by-Part (BNPL)")
    expect(methodText(4)).toBe("Web QR, Part-by-Part (BNPL)")
    // a saved card paid through the card provider is the bank's 11, not the choice's 5
    expect(paymentMethodText(11, "pp_tbc-card_tbc")).toBe("Saved card")
    expect(paymentMethodText(5, "pp_tbc-card_shop2")).toBe("Card")
    expect(paymentMethodText(5, null)).toBe("Card")
    expect(paymentMethodText(99, "pp_tbc-bnpl_tbc")).toBe("Method 99")
  })

  it("has words for every choice in every language", () => {
    for (const [language, table] of Object.entries(resources)) {
      const t = translatorFor(table.translation, language)
      for (const choice of CHECKOUT_CHOICES) {
        expect(t(`tbc.choices.${choice.identifier}`)).not.toBe(`tbc.choices.${choice.identifier}`)
      }
    }
    // English is the server's own label of the choice
    for (const choice of CHECKOUT_CHOICES) expect(choiceText(choice.identifier)).toBe(choice.label)
  })
})

describe("a callback's verdict in words", () => {
  it("an ordinary decline or expiry after the shopper left the checkout took nothing: no orphan policy", () => {
    expect(callbackRowText({ result: "session_gone", bank_status: "Failed" })).toEqual({
      text: "Declined: nothing was charged",
      tone: "grey",
    })
    expect(callbackRowText({ result: "session_gone", bank_status: "Expired" }).text).toBe(
      "Expired unpaid: nothing was charged"
    )
    expect(callbackRowText({ result: "session_gone", bank_status: "Failed" }, ru).text).toBe(
      "Отклонён: ничего не списано"
    )
    for (const status of ["Failed", "Expired"]) {
      expect(callbackRowText({ result: "session_gone", bank_status: status }).text).not.toMatch(/orphan/)
    }
  })

  it("money that came after the checkout was left is the orphan policy's; other verdicts keep their words", () => {
    for (const status of ["Succeeded", "WaitingConfirm", null]) {
      expect(callbackRowText({ result: "session_gone", bank_status: status })).toEqual({
        text: "Paid after the checkout was left (orphan policy)",
        tone: "orange",
      })
    }
    expect(callbackRowText({ result: "accepted", bank_status: "Failed" })).toEqual({ text: "Accepted", tone: "green" })
    expect(callbackRowText({ result: "rejected_source", bank_status: null }).tone).toBe("orange")
    expect(callbackRowText({ result: "brand_new", bank_status: null }).text).toBe("brand_new")
  })
})
