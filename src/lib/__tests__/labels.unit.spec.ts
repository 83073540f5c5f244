import {
  CALLBACK_RESULT_LABELS,
  CHECKOUT_STATUS_LABELS,
  callbackResultLabel,
  INSTALLMENT_STATUS_LABELS,
  INSTALLMENT_STATUS_WIRE_NAMES,
  METHOD_NAMES,
  checkoutStatusLabel,
  installmentStatusLabel,
  methodLabel,
} from "../labels"
import { CHECKOUT_METHODS, CHECKOUT_STATUSES, INSTALLMENT_STATUS } from "../tbc/types"
import { textsFor } from "../../../packages/sandbox/src/page-texts"
import { APPLICATION_STATUS_NAMES } from "../../../packages/sandbox/src/applications"
import { checkoutBankView } from "../../api/admin/tbc/helpers/bank-payment-view"
import { CALLBACK_RESULTS } from "../../modules/tbc/models/callback-log"

describe("label tables", () => {
  it("name every method the hosted page offers, and 11 (a saved-card payment) as Saved card", () => {
    for (const method of CHECKOUT_METHODS) expect(METHOD_NAMES[method]).toMatch(/\w/)
    expect(methodLabel(11)).toBe("Saved card")
    expect(methodLabel(5)).toBe("Card")
    expect(methodLabel(99)).toBe("Method 99")
  })

  it("put every documented checkout status into words; an unknown one is shown as the bank sent it", () => {
    for (const status of CHECKOUT_STATUSES) expect(CHECKOUT_STATUS_LABELS[status]).toMatch(/\w/)
    expect(checkoutStatusLabel("PartialReturned")).toBe("Partly refunded")
    expect(checkoutStatusLabel("Returned")).toBe("Refunded")
    expect(checkoutStatusLabel("WaitingConfirm")).toBe("Authorized (held)")
    expect(checkoutStatusLabel("SomethingNew")).toBe("SomethingNew")
  })

  it("put every callback verdict into words; an unknown one is shown as stored", () => {
    for (const result of CALLBACK_RESULTS) expect(CALLBACK_RESULT_LABELS[result]).toMatch(/\w/)
    expect(callbackResultLabel("rejected_source")).toBe("Refused: not from the bank")
    expect(callbackResultLabel("session_gone")).toBe("Checkout gone (orphan policy)")
    expect(callbackResultLabel("later_result")).toBe("later_result")
  })

  it("name every installment status id 0-13 in words and on the wire", () => {
    const ids = Object.values(INSTALLMENT_STATUS)
    expect(ids).toHaveLength(14)
    for (const id of ids) {
      expect(INSTALLMENT_STATUS_LABELS[id]).toMatch(/\w/)
      expect(installmentStatusLabel(id)).not.toMatch(/\(\d+\)|Unknown/)
    }
    expect(installmentStatusLabel(9)).toBe("Confirmed, disbursement pending")
    expect(installmentStatusLabel(42)).toBe("Unknown status 42")
    expect(INSTALLMENT_STATUS_WIRE_NAMES[5]).toBe("WaitingForMerchant")
    expect(INSTALLMENT_STATUS_WIRE_NAMES[13]).toBe("DocumentDeclined")
  })

  it("are the ones the sandbox pages and the admin routes' views use (one table, no copies)", () => {
    expect(textsFor("en").methods).toBe(METHOD_NAMES)
    expect(APPLICATION_STATUS_NAMES).toBe(INSTALLMENT_STATUS_WIRE_NAMES)
    const view = checkoutBankView({ payId: "P1", status: "Succeeded", paymentMethod: 11, links: [], raw: {} }, false)
    expect(view.method).toBe("Saved card")
  })
})
