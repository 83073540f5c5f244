/**
 * Saved cards through the real tbc-checkout provider class against the local sandbox bank (no
 * Medusa app): the save wish on create, the 4/8/9 refusal, paying by execution with no web
 * payment, one charge per session (account holders and payment methods: saved-card-account-holder.unit.spec.ts).
 */
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { STILL_PROCESSING_MESSAGE } from "../../../lib/checkout-status"
import {
  customerA,
  executionRecords,
  initiate,
  newSession,
  saveCardAtBank as savedAt,
  sealedData,
} from "./saved-card-fixtures"
import { SAVED_CARD_DATA, authorizeSavedCardSession, type SavedCardDeps } from "../saved-cards/saved-card-payment"
import type TbcCheckoutProviderService from "../service"
import { CALLS, caught, harnessPerSuite } from "./provider-harness"

jest.setTimeout(30_000)

const EXECUTION = "POST /v1/tpay/payments/execution"

const h = harnessPerSuite()
const saveCardAtBank = (provider: TbcCheckoutProviderService) => savedAt(h, provider)

describe("saving a card", () => {
  it("asks the bank to save it for a logged-in customer, never for a guest", async () => {
    const provider = h.provider({ saveCards: true })
    const recId = await saveCardAtBank(provider)
    expect(recId).toMatch(/\w+/)
    const guest = await initiate(provider, newSession(), 10, { save_card: true })
    expect(h.payment(guest.data!.payId as string).request?.saveCard).toBeUndefined()
  })

  it("allows a zero amount only to save a card", async () => {
    const provider = h.provider({ saveCards: true })
    const out = await initiate(provider, newSession(), 0, { save_card: true }, customerA)
    expect(h.payment(out.data!.payId as string)).toMatchObject({ amount: 0 })
    await expect(initiate(provider, newSession(), 0, {})).rejects.toThrow(/amount/)
  })

  it.each([
    [
      [5, 7, 8],
      [5, 7],
    ],
    [
      [4, 5, 7, 14],
      [5, 7],
    ],
  ])("with methods %j a save-card session asks the bank for %j only", async (methods, asked) => {
    const provider = h.provider({ saveCards: true, methods: methods as number[] })
    const out = await initiate(provider, newSession(), 10, { save_card: true }, customerA)
    const payment = h.payment(out.data!.payId as string)
    expect(payment.request).toMatchObject({ saveCard: true, methods: asked })
    expect(payment.methods).toEqual(asked)
    // a session that does not save a card keeps every method
    const plain = await initiate(provider, newSession(), 10, {}, customerA)
    expect(h.payment(plain.data!.payId as string).request?.methods).toEqual(
      (methods as number[]).filter((m) => m !== 8)
    )
  })

  it("drops method 8 and its products from a save-card session that would have offered installments", async () => {
    const provider = h.provider({ saveCards: true, methods: [5, 8] })
    // 150 GEL: within the installment limits (100–10,000 GEL)
    const installmentProducts = [{ name: "Phone", price: 150, quantity: 1 }]
    const plain = await initiate(provider, newSession(), 150, { installmentProducts }, customerA)
    expect(h.payment(plain.data!.payId as string).methods).toEqual([5, 8])
    const saving = await initiate(provider, newSession(), 150, { installmentProducts, save_card: true }, customerA)
    const payment = h.payment(saving.data!.payId as string)
    expect(payment.methods).toEqual([5])
    expect(payment.request?.installmentProducts).toBeUndefined()
  })

  it.each([
    [[4], {}, "4"],
    [[9], { activatedMethods: [9] }, "9"],
    [[14], {}, "14"],
  ])("refuses save_card when no method %j can save a card, naming them", async (methods, extra, named) => {
    const provider = h.provider({ saveCards: true, methods: methods as number[], ...extra })
    const creates = h.calls(CALLS.create)
    const error = await caught(initiate(provider, newSession(), 10, { save_card: true }, customerA))
    expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(error.message).toMatch(new RegExp(`data.save_card: none of the payment methods offered \\(${named}\\)`))
    expect(h.calls(CALLS.create)).toBe(creates)
  })
})

describe("paying with a saved card", () => {
  it("creates no web payment, charges once at authorize, captured without preauth", async () => {
    const provider = h.provider({ saveCards: true })
    const recId = await saveCardAtBank(provider)
    const creates = h.calls(CALLS.create)
    const executions = h.calls(EXECUTION)
    const session_id = newSession()
    const data = { session_id, tbc_cart_id: "cart_01JDQ8Z3N9X7K2M4P6R8T0V1W3", ...sealedData(recId) }
    const init = await provider.initiatePayment({
      amount: 54.99,
      currency_code: "gel",
      data,
      context: { idempotency_key: session_id, customer: customerA },
    })
    expect(h.calls(CALLS.create)).toBe(creates)
    expect(init.data).not.toHaveProperty("redirect_url")
    expect(init.data?.payId).toBeUndefined()
    expect(JSON.stringify(init)).not.toContain(recId)

    const stored = { ...data, ...init.data }
    const auth = await provider.authorizePayment({ data: stored, context: { idempotency_key: session_id } })
    expect(auth.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(h.calls(EXECUTION)).toBe(executions + 1)
    const payId = auth.data!.payId as string
    expect(h.payment(payId)).toMatchObject({ status: "Succeeded", amount: 54.99, merchantPaymentId: session_id })
    // the cart's statement reference, as on the bank's page (src/lib/statement-reference.ts)
    expect(h.payment(payId).request).toMatchObject({ extra: "M4P6R8T0V1W3" })
    expect(JSON.stringify(auth.data)).not.toContain(recId)
    expect(auth.data).not.toHaveProperty(SAVED_CARD_DATA.seal)

    // a retried authorize with what Medusa stored reads the payment back, never charges again
    const again = await provider.authorizePayment({
      data: { ...stored, ...auth.data },
      context: { idempotency_key: session_id },
    })
    expect(again.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(h.calls(EXECUTION)).toBe(executions + 1)
  })

  it("a 502 after the bank charged the card: one charge, and the next authorize is refused with 'we are checking'", async () => {
    const provider = h.provider({ saveCards: true })
    const recId = await saveCardAtBank(provider)
    const session_id = newSession()
    const data = { session_id, ...sealedData(recId) }
    const init = await initiate(provider, session_id, 54.99, sealedData(recId), customerA)
    const stored = { ...data, ...init.data }
    const executions = h.calls(EXECUTION)
    await h.faults({ failNext: { count: 1, status: 502, path: EXECUTION, afterProcessing: true } })

    const first = await provider.authorizePayment({ data: stored, context: { idempotency_key: session_id } })
    expect(first.status).toBe(PaymentSessionStatus.ERROR)
    expect(first.data?.error_message).toMatch(/We are checking your payment/)
    const again = await provider.authorizePayment({
      data: { ...stored, ...first.data },
      context: { idempotency_key: session_id },
    })
    expect(again.status).toBe(PaymentSessionStatus.ERROR)
    expect(again.data?.error_message).toMatch(/We are checking your payment/)
    expect(h.calls(EXECUTION)).toBe(executions + 1)
    const charged = h.sandbox.state().payments.filter((p) => p.merchantPaymentId === session_id)
    expect(charged.map((p) => p.status)).toEqual(["Succeeded"])
  })

  it("with preauth: authorized, then capture completes it at the bank", async () => {
    const provider = h.provider({ saveCards: true, preAuth: false })
    const recId = await saveCardAtBank(provider)
    const preauth = h.provider({ saveCards: true, preAuth: true })
    const session_id = newSession()
    const data = { session_id, ...sealedData(recId) }
    const init = await preauth.initiatePayment({
      amount: 20,
      currency_code: "gel",
      data,
      context: { customer: customerA },
    })
    const auth = await preauth.authorizePayment({ data: { ...data, ...init.data } })
    expect(auth.status).toBe(PaymentSessionStatus.AUTHORIZED)
    const payId = auth.data!.payId as string
    expect(h.payment(payId).status).toBe("WaitingConfirm")
    await preauth.capturePayment({ data: auth.data })
    expect(h.payment(payId).status).toBe("Succeeded")
  })

  it("refuses another customer's seal and a raw recId; nothing is charged", async () => {
    const provider = h.provider({ saveCards: true })
    const recId = await saveCardAtBank(provider)
    const executions = h.calls(EXECUTION)
    const session_id = newSession()
    const stolen = await caught(
      initiate(provider, session_id, 5, sealedData(recId, customerA.id), { id: "cus_B", email: "b@tbc-it.ge" })
    )
    expect(stolen.message).toMatch(/does not belong/)
    const raw = await caught(initiate(provider, session_id, 5, { [SAVED_CARD_DATA.seal]: recId }, customerA))
    expect(raw.message).toMatch(/not one this store issued/)
    expect(h.calls(EXECUTION)).toBe(executions)
  })

  it("a deleted card fails readably at authorize", async () => {
    const provider = h.provider({ saveCards: true })
    const recId = await saveCardAtBank(provider)
    await provider.deletePaymentMethod({
      data: { id: "tbccard_1", ...sealedData(recId) },
      context: { customer: customerA },
    })
    const session_id = newSession()
    const data = { session_id, ...sealedData(recId) }
    const init = await provider.initiatePayment({
      amount: 5,
      currency_code: "gel",
      data,
      context: { customer: customerA },
    })
    const error = await caught(provider.authorizePayment({ data: { ...data, ...init.data } }))
    expect(error.message).toMatch(/^Could not charge the saved card/)
  })
})

describe("a saved-card session with more than one execution", () => {
  it("a newer execution given back, an older one still holding money: the older is read back, nothing is executed", async () => {
    const provider = h.provider({ saveCards: true })
    const recId = await saveCardAtBank(provider)
    const session_id = newSession()
    const init = await initiate(provider, session_id, 54.99, sealedData(recId), customerA)
    const stored = { session_id, ...sealedData(recId), ...init.data }
    const { ledger, rows, book } = executionRecords()
    const internals = provider as unknown as { checkout: SavedCardDeps["checkout"]; options_: SavedCardDeps["options"] }
    const deps: SavedCardDeps = { checkout: internals.checkout, options: internals.options_, book }
    const authorize = () => authorizeSavedCardSession(deps, { data: stored, context: { idempotency_key: session_id } })
    const first = await authorize()
    expect(first.status).toBe(PaymentSessionStatus.CAPTURED)
    const payId = rows[0].pay_id!
    // the session executed again (after an admin's wrong "not charged") and that charge was given
    // back by Medusa's compensation; the first one's late callback reopened it
    const newer = await ledger.open(
      {
        kind: "execution",
        provider_id: "pp_tbc-checkout_tbc",
        payment_session_id: session_id,
        amount: 5499,
        currency: "GEL",
      },
      "test"
    )
    await ledger.apply(newer.id, { type: "bank_status", status: "Returned", payId: "given_back" }, "test")
    const executions = h.calls(EXECUTION)

    const again = await authorize()
    expect({ status: again.status, payId: again.data?.payId, executions: h.calls(EXECUTION) - executions }).toEqual({
      status: PaymentSessionStatus.CAPTURED,
      payId,
      executions: 0,
    })
  })
})

describe("a saved-card execution the bank is still deciding (Processing)", () => {
  /** authorize as Medusa calls it in an app: the session data never holds what a refused authorize returned */
  async function processingSession() {
    const provider = h.provider({ saveCards: true })
    const recId = await saveCardAtBank(provider)
    const session_id = newSession()
    const init = await initiate(provider, session_id, 54.99, sealedData(recId), customerA)
    const stored = { session_id, ...sealedData(recId), ...init.data }
    const { rows, book } = executionRecords()
    const internals = provider as unknown as { checkout: SavedCardDeps["checkout"]; options_: SavedCardDeps["options"] }
    const deps: SavedCardDeps = { checkout: internals.checkout, options: internals.options_, book }
    const authorize = () => authorizeSavedCardSession(deps, { data: stored, context: { idempotency_key: session_id } })
    await h.faults({ processingExecutions: { count: 1 } })
    const executions = h.calls(EXECUTION)
    const first = await caught(authorize())
    expect(first.type).toBe(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    expect(first.message).toBe(STILL_PROCESSING_MESSAGE)
    expect(h.calls(EXECUTION)).toBe(executions + 1)
    const payId = rows[0].pay_id!
    expect(h.payment(payId)).toMatchObject({ status: "Processing", merchantPaymentId: session_id })
    // "Place order" again while still Processing: refused, the recorded payId is read, nothing re-sent
    expect((await caught(authorize())).message).toBe(STILL_PROCESSING_MESSAGE)
    expect(h.calls(EXECUTION)).toBe(executions + 1)
    return { authorize, payId, executions, rows }
  }

  it("is refused with the still-processing message, never executed twice, and captured once the bank succeeds", async () => {
    const { authorize, payId, executions } = await processingSession()
    await h.pay(payId, "success", 11)
    const auth = await authorize()
    expect(auth.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(auth.data).toMatchObject({ payId, [SAVED_CARD_DATA.payId]: payId })
    expect(h.calls(EXECUTION)).toBe(executions + 1)
  })

  it("ending Failed lets the shopper pay again with one new execution", async () => {
    const { authorize, payId, executions, rows } = await processingSession()
    await h.pay(payId, "decline", 11)
    const auth = await authorize()
    expect(auth.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(h.calls(EXECUTION)).toBe(executions + 2)
    expect(auth.data!.payId).toBe(rows[1].pay_id)
    expect(h.payment(payId).status).toBe("Failed")
  })

  it("outside an app (no record) the payId is kept in the returned data and the session is not authorized", async () => {
    const provider = h.provider({ saveCards: true })
    const recId = await saveCardAtBank(provider)
    const session_id = newSession()
    const init = await initiate(provider, session_id, 12, sealedData(recId), customerA)
    const stored = { session_id, ...sealedData(recId), ...init.data }
    await h.faults({ processingExecutions: { count: 1 } })
    const executions = h.calls(EXECUTION)
    const first = await provider.authorizePayment({ data: stored, context: { idempotency_key: session_id } })
    expect(first.status).toBe(PaymentSessionStatus.ERROR)
    expect(first.data?.error_message).toBe(STILL_PROCESSING_MESSAGE)
    const again = await provider.authorizePayment({
      data: { ...stored, ...first.data },
      context: { idempotency_key: session_id },
    })
    expect(again.status).toBe(PaymentSessionStatus.ERROR)
    expect(h.calls(EXECUTION)).toBe(executions + 1)
  })
})
