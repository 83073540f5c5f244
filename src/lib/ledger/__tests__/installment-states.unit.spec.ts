/**
 * Installment status ids → ledger charge states, and what the ledger's rules make of them (an
 * approval holds the cart; a refusal frees it; a cancel after an approval returns the hold).
 */
import { INSTALLMENT_STATUS as S } from "../../tbc/types"
import { newPaymentVerdict, holdsMoney, isUnresolvedCharge, type LedgerFacts } from "../guards"
import {
  chargeStateOfInstallmentStatus,
  installmentBankStatus,
  installmentStatusIdOf,
  installmentStatusLabel,
} from "../installment-states"
import { applyLedgerEvent, FINAL_CHARGE_STATES, type ChargeState } from "../states"

const entry = (state: ChargeState, pay_id: string | null = "app-1"): LedgerFacts => ({
  kind: "installment",
  state,
  pay_id,
  created_at: new Date(0),
  session_gone_at: null,
  order_id: null,
  orphan_action: null,
  completion_refused_at: null,
})

describe("installment status → ledger state", () => {
  it.each([
    [S.Pending, "created"],
    [S.InProgress, "processing"],
    [S.NeedConfirmation, "processing"],
    [S.WaitingForIncomeDocumentsUpload, "processing"],
    [S.WaitingForIncomeDocumentsVerification, "processing"],
    [S.Approved, "held"],
    [S.WaitingForMerchant, "held"],
    [S.PendingDisbursed, "paid"],
    [S.Disbursed, "paid"],
    [S.Declined, "refused"],
    [S.DocumentDeclined, "refused"],
    [S.Expired, "expired"],
    [S.Canceled, "refused"],
    [S.CanceledByMerchant, "refused"],
    [42, "processing"],
  ])("status %i → %s", (statusId, state) => {
    expect(chargeStateOfInstallmentStatus(statusId)).toBe(state)
  })

  it("a cancel after an approval gives the hold back (returned); before one, nothing was held (refused)", () => {
    for (const id of [S.Canceled, S.CanceledByMerchant]) {
      expect(chargeStateOfInstallmentStatus(id, "held")).toBe("returned")
      expect(chargeStateOfInstallmentStatus(id, "created")).toBe("refused")
      expect(chargeStateOfInstallmentStatus(id, "processing")).toBe("refused")
    }
  })

  it("the ledger's money states are exactly approval and disbursal", () => {
    const money = Object.values(S).filter((id) =>
      holdsMoney({ kind: "installment", state: chargeStateOfInstallmentStatus(id) })
    )
    expect(money.sort((a, b) => a - b)).toEqual([S.Approved, S.WaitingForMerchant, S.Disbursed, S.PendingDisbursed])
  })

  it("stores the id as text and names it for people", () => {
    expect(installmentBankStatus(5)).toBe("5")
    expect(installmentStatusIdOf("5")).toBe(5)
    expect(installmentStatusIdOf("Succeeded")).toBeNaN()
    expect(installmentStatusLabel("5")).toBe("5 WaitingForMerchant")
    expect(installmentStatusLabel("77")).toBe("77")
  })
})

describe("the ledger's rules on an installment entry", () => {
  const read = (from: LedgerFacts, statusId: number) =>
    applyLedgerEvent(from, { type: "bank_status", status: installmentBankStatus(statusId) })

  it("reads the status as the loan's id, not as a checkout status", () => {
    expect(read(entry("created"), S.Approved)).toMatchObject({ ok: true, state: "held", pay_id: "app-1" })
    expect(read(entry("created"), S.Canceled)).toMatchObject({ ok: true, state: "refused" })
    expect(read(entry("held"), S.CanceledByMerchant)).toMatchObject({ ok: true, state: "returned" })
    // the same text on a checkout payment is a status it does not know: processing
    expect(applyLedgerEvent({ ...entry("created"), kind: "web" }, { type: "bank_status", status: "2" })).toMatchObject({
      state: "processing",
    })
  })

  it("the create's answer names the application (pay_id) and leaves it with the shopper", () => {
    const next = applyLedgerEvent(entry("sending", null), { type: "bank_status", status: "0", payId: "app-9" })
    expect(next).toMatchObject({ ok: true, state: "created", pay_id: "app-9", changed: true })
  })

  it("an unreadable create answer is uncertain (blocks the cart); a clear refusal frees it", () => {
    const unreadable = applyLedgerEvent(entry("sending", null), { type: "unreadable_answer", reason: "502" })
    expect(unreadable).toMatchObject({ ok: true, state: "uncertain" })
    expect(newPaymentVerdict([entry("uncertain", null)])).toMatchObject({ allowed: false, reason: "checking" })
    const refused = applyLedgerEvent(entry("sending", null), { type: "clear_refusal", reason: "400" })
    expect(refused).toMatchObject({ ok: true, state: "refused" })
    expect(newPaymentVerdict([entry("refused", null)])).toEqual({ allowed: true })
  })

  it("in review blocks a second payment; an approval for the live session blocks it as paid; a decline frees it", () => {
    const at = (id: number) => entry(chargeStateOfInstallmentStatus(id))
    expect(isUnresolvedCharge(at(S.InProgress))).toBe(true)
    expect(newPaymentVerdict([at(S.InProgress)])).toMatchObject({ allowed: false, reason: "checking" })
    expect(newPaymentVerdict([at(S.Approved)])).toMatchObject({ allowed: false, reason: "paid" })
    expect(newPaymentVerdict([at(S.Pending)])).toEqual({ allowed: true })
    expect(newPaymentVerdict([at(S.Declined)])).toEqual({ allowed: true })
    // an approval whose session is gone is the orphan policy's (the sync cancels it), not the shopper's
    expect(newPaymentVerdict([{ ...at(S.Approved), session_gone_at: new Date(1) }])).toEqual({ allowed: true })
  })

  it("the loan's ended states are final in the ledger", () => {
    for (const id of [S.Expired, S.Declined, S.DocumentDeclined, S.Canceled, S.CanceledByMerchant]) {
      expect(FINAL_CHARGE_STATES).toContain(chargeStateOfInstallmentStatus(id))
    }
  })
})
