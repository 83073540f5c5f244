/**
 * Every sentence the server answers a shopper with (src/lib/shopper-texts.ts) is read by the
 * storefront kit as its code, and the kit has words for that code in English, Georgian and
 * Russian: a new server sentence without a kit rule, or a kit code without words, fails here.
 */
import {
  classifyStoreMessage,
  asTbcPaymentError,
  TBC_LOCALES,
  TBC_WAYS_FORWARD,
  tbcWords,
} from "../../../packages/storefront/src"
import { SHOPPER_TEXTS, shopperTextCode, type ShopperTextCode } from "../shopper-texts"
import { notApprovedYetMessage } from "../../providers/tbc-installments/service"
import { paymentMismatch } from "../payment-match"
import { BANK_NOT_ANSWERING_MESSAGE } from "../../providers/common/errors"
import { INSTALLMENT_STATUS } from "../tbc/types"

describe("the server's shopper sentences", () => {
  it.each(SHOPPER_TEXTS.map((entry) => [entry.code, entry.text]))("the kit reads %s from: %s", (code, text) => {
    expect(classifyStoreMessage(text)).toBe(code)
  })

  it("the kit has a way forward and words in en, ka and ru for every code", () => {
    const codes = [...new Set(SHOPPER_TEXTS.map((entry) => entry.code))]
    expect(codes.length).toBeGreaterThanOrEqual(14)
    for (const code of codes) {
      expect(TBC_WAYS_FORWARD[code]).toBeDefined()
      const words = TBC_LOCALES.map((locale) => tbcWords(locale).errors[code])
      expect(words.every((w) => typeof w === "string" && w.length > 10)).toBe(true)
      expect(new Set(words).size).toBe(3)
    }
  })

  it("the templates the samples stand for give the same code", () => {
    for (const statusId of [INSTALLMENT_STATUS.Pending, INSTALLMENT_STATUS.InProgress]) {
      expect(classifyStoreMessage(notApprovedYetMessage({ statusId, raw: {} }))).toBe("installment_pending")
    }
    const mismatch = paymentMismatch({ amount: 10, currency: "GEL" }, { amount: 12, currency: "GEL" })
    expect(classifyStoreMessage(mismatch)).toBe("amount_mismatch")
    expect(classifyStoreMessage(BANK_NOT_ANSWERING_MESSAGE)).toBe("bank_unreachable")
  })

  it("an error body's code wins over the words; an unknown code is ignored", () => {
    const withCode = Object.assign(new Error("something Medusa said"), { status: 400, body: { code: "already_paid" } })
    expect(asTbcPaymentError(withCode).code).toBe("already_paid")
    const foreign = Object.assign(new Error("Log in to add a card"), {
      status: 401,
      body: { code: "invalid_request_error" },
    })
    expect(asTbcPaymentError(foreign).code).toBe("login_required")
  })

  it("finds the code of an exact sentence only", () => {
    for (const entry of SHOPPER_TEXTS) expect(shopperTextCode(entry.text)).toBe(entry.code as ShopperTextCode)
    expect(shopperTextCode("something else")).toBeUndefined()
  })
})
