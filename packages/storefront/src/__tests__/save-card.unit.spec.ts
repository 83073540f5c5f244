import fc from "fast-check"
import { NO_SAVE_CARD_METHODS } from "../../../../src/lib/tbc/types"
import {
  TBC_MERCHANT_CHARGES_WORDS_VERSION,
  canOfferSaveCard,
  TBC_NO_SAVE_CARD_METHODS,
  TBC_WAY_FORWARD_PATHS,
  TbcPaymentError,
  tbcSessionData,
  tbcShopperView,
  tbcWords,
} from ".."
import { MERCHANT_CHARGES_WORDS_VERSIONS } from "../../../../src/lib/merchant-charges"

const CHECKOUT = "pp_tbc-checkout_tbc"
const base = { providerId: CHECKOUT, option: { methods: [5], save_cards: true }, loggedIn: true }

describe("canOfferSaveCard", () => {
  it("the kit's list of methods that never save a card is the provider's", () => {
    expect([...TBC_NO_SAVE_CARD_METHODS]).toEqual([...NO_SAVE_CARD_METHODS])
  })

  it("offers the box for a logged-in card payment with saving on and a method that can save", () => {
    expect(canOfferSaveCard(base)).toBe(true)
    expect(canOfferSaveCard({ ...base, option: { methods: [5, 7, 8], save_cards: true } })).toBe(true)
  })

  it("never with a saved card chosen, a guest, saving off, installments, or only methods 4, 8, 9, 14", () => {
    expect(canOfferSaveCard({ ...base, savedCardId: "tbccard_1" })).toBe(false)
    expect(canOfferSaveCard({ ...base, loggedIn: false })).toBe(false)
    expect(canOfferSaveCard({ ...base, option: { methods: [5], save_cards: false } })).toBe(false)
    expect(canOfferSaveCard({ ...base, option: undefined })).toBe(false)
    expect(canOfferSaveCard({ ...base, providerId: "pp_tbc-installments_tbc" })).toBe(false)
    fc.assert(
      fc.property(fc.subarray([4, 8, 9, 14], { minLength: 1 }), (methods) => {
        expect(canOfferSaveCard({ ...base, option: { methods, save_cards: true } })).toBe(false)
      })
    )
  })
})

describe("tbcShopperView", () => {
  it("every failure ends in words and a way forward with a known path, in each language", () => {
    const codes = ["declined", "cart_changed", "cart_not_found", "failed", "store_unreachable"] as const
    for (const code of codes) {
      for (const locale of ["en", "ka", "ru"]) {
        const view = tbcShopperView({ status: "failed", error: new TbcPaymentError(code) }, locale)
        expect(view.tone).toBe("error")
        expect(view.message).toBe(new TbcPaymentError(code).messageIn(locale))
        expect(view.actions.length).toBeGreaterThan(0)
        for (const action of view.actions) {
          expect(action.kind === "retry" || action.kind in TBC_WAY_FORWARD_PATHS).toBe(true)
        }
      }
    }
    expect(tbcShopperView({ status: "failed", error: new TbcPaymentError("declined") }, "en").actions).toEqual([
      { kind: "pay_again", label: "Pay again" },
      { kind: "back_to_cart", label: "Back to cart" },
    ])
  })
})

describe("the consent to charges by the store", () => {
  const choice = { providerId: CHECKOUT, saveCard: true, locale: "ka-GE" }

  it("is sent only when the shopper ticked it, with the words' version and language", () => {
    expect(tbcSessionData({ ...choice, merchantChargesConsent: true }).merchant_charges_consent).toEqual({
      accepted: true,
      words_version: TBC_MERCHANT_CHARGES_WORDS_VERSION,
      locale: "ka",
    })
    expect(tbcSessionData(choice)).not.toHaveProperty("merchant_charges_consent")
    // never without saving the card
    expect(tbcSessionData({ ...choice, saveCard: false, merchantChargesConsent: true })).not.toHaveProperty(
      "merchant_charges_consent"
    )
  })

  it("names a version of the words the plugin accepts, and has the words in every language", () => {
    expect(MERCHANT_CHARGES_WORDS_VERSIONS).toContain(TBC_MERCHANT_CHARGES_WORDS_VERSION)
    for (const locale of ["en", "ka", "ru"]) {
      expect(tbcWords(locale).checkout.saveCardMerchantCharges.length).toBeGreaterThan(40)
    }
    expect(new Set(["en", "ka", "ru"].map((l) => tbcWords(l).checkout.saveCardMerchantCharges)).size).toBe(3)
  })
})
