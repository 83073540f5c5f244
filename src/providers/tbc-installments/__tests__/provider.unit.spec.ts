/**
 * The provider against a scripted bank (an in-memory InstallmentsApi behind the client factory
 * hook): what it sends, what it stores in session data, and how it reads refusals.
 */
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { TbcApiError } from "../../../lib/tbc/errors"
import type { ApplicationStatus, CreateApplicationRequest, InstallmentsApi } from "../../../lib/tbc/types"
import { TBC_CLIENT_FACTORY_KEY, type TbcClientLike } from "../../common"
import { TbcInstallmentsProviderService } from "../service"
import { UNRECORDED_FOR_UNIT_TESTS } from "../../../modules/tbc/ledger/ledger-store"

const OPTIONS = {
  apiKey: "inst-key-SECRET",
  apiSecret: "inst-secret-SECRET",
  merchantKey: "Merchant",
  campaignId: 191,
  environment: "http://127.0.0.1:1",
}

function scriptedBank() {
  const calls: string[] = []
  const created: CreateApplicationRequest[] = []
  const state = { statusId: 0, refuse: new Set<string>() }
  const refusal = (op: string) => new TbcApiError(op, { status: 409, title: "Conflict", detail: "not in this status" })
  const bank: InstallmentsApi = {
    async createApplication(req) {
      calls.push("create")
      created.push(req)
      return { sessionId: "sess-1", redirectUrl: "https://bank.test/installments/sess-1", raw: {} }
    },
    async cancelApplication() {
      calls.push("cancel")
      if (state.refuse.has("cancel")) throw refusal("cancel")
      state.statusId = 7
    },
    async confirmApplication() {
      calls.push("confirm")
      if (state.refuse.has("confirm")) throw refusal("confirm")
      state.statusId = 9
    },
    async getStatus(): Promise<ApplicationStatus> {
      calls.push("status")
      return { statusId: state.statusId, description: `status ${state.statusId}`, raw: {} }
    },
    async getStatusChanges() {
      throw new Error("not used")
    },
    async syncStatusChanges() {
      throw new Error("not used")
    },
  }
  const client = { installments: bank, checkout: {}, close: () => undefined } as unknown as TbcClientLike
  const provider = new TbcInstallmentsProviderService(
    { [TBC_CLIENT_FACTORY_KEY]: () => client, [UNRECORDED_FOR_UNIT_TESTS]: true },
    OPTIONS
  )
  return { provider, calls, created, state }
}

async function waitUntil(check: () => boolean, ms = 2_000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const PRODUCTS = [
  { name: "Set", price: 1000.5, quantity: 1 },
  { name: "Pot", price: 117.02, quantity: 2 },
]

describe("tbc-installments provider", () => {
  it("validates options at load, naming the option", () => {
    expect(() => TbcInstallmentsProviderService.validateOptions({ ...OPTIONS, merchantKey: "" })).toThrow(
      /Invalid tbc-installments options: merchantKey: must not be empty/
    )
    expect(() => TbcInstallmentsProviderService.validateOptions({ ...OPTIONS, pageSize: 0 })).toThrow(
      /pageSize: must be at least 1/
    )
    expect(() => TbcInstallmentsProviderService.validateOptions({ ...OPTIONS, pageSize: 10, take: 20 })).toThrow(
      /take: must equal pageSize/
    )
    let message = ""
    try {
      TbcInstallmentsProviderService.validateOptions({ ...OPTIONS, apiSecret: 5 })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/apiSecret: must be a string/)
    expect(message).not.toMatch(/SECRET/)
  })

  it("creates the application with the exact total and returns only sessionId and redirect_url (+ its deprecated alias)", async () => {
    const { provider, created } = scriptedBank()
    const out = await provider.initiatePayment({
      amount: 1234.54,
      currency_code: "gel",
      data: { session_id: "payses_1", installmentProducts: PRODUCTS },
    })
    expect(out.id).toBe("sess-1")
    expect(out.status).toBe(PaymentSessionStatus.PENDING)
    expect(out.data).toEqual({
      sessionId: "sess-1",
      redirect_url: "https://bank.test/installments/sess-1",
      redirectUrl: "https://bank.test/installments/sess-1",
      statusId: 0,
    })
    expect(created).toEqual([{ campaignId: "191", invoiceId: "payses_1", priceTotal: 1234.54, products: PRODUCTS }])
    expect(JSON.stringify(out)).not.toMatch(/SECRET/)
  })

  it("refuses any currency but GEL before calling the bank", async () => {
    const { provider, calls } = scriptedBank()
    await expect(
      provider.initiatePayment({ amount: 10, currency_code: "usd", data: { installmentProducts: PRODUCTS } })
    ).rejects.toThrow(/paid in GEL only; this cart is in USD/)
    expect(calls).toEqual([])
  })

  it.each([
    [99.99, /offered from 100\.00 GEL; this cart is 99\.99 GEL \(option amountLimit\.min\)/],
    [10_000.01, /offered up to 10000\.00 GEL; this cart is 10000\.01 GEL \(option amountLimit\.max\)/],
  ])("refuses %s GEL, outside TBC's 100–10,000 GEL, before calling the bank", async (amount, message) => {
    const { provider, calls } = scriptedBank()
    await expect(
      provider.initiatePayment({ amount, currency_code: "gel", data: { installmentProducts: PRODUCTS } })
    ).rejects.toThrow(message)
    expect(calls).toEqual([])
  })

  it("does not open a second application when initiate is retried for the same Medusa session", async () => {
    const { provider, calls } = scriptedBank()
    const input = {
      amount: 1234.54,
      currency_code: "gel",
      data: { session_id: "payses_1", installmentProducts: PRODUCTS },
    }
    const first = await provider.initiatePayment(input)
    const again = await provider.initiatePayment(input)
    expect(again.id).toBe(first.id)
    expect(again.data).toEqual(first.data)
    expect(calls).toEqual(["create"])
    await provider.initiatePayment({ ...input, data: { ...input.data, session_id: "payses_2" } })
    expect(calls).toEqual(["create", "create"])
  })

  it("never trusts an application id or URL planted by the storefront", async () => {
    const { provider, calls } = scriptedBank()
    const out = await provider.initiatePayment({
      amount: 1234.54,
      currency_code: "gel",
      data: {
        session_id: "payses_3",
        installmentProducts: PRODUCTS,
        sessionId: "someone-elses-approved-application",
        redirectUrl: "https://evil.example/",
        redirect_url: "https://evil.example/",
        statusId: 2,
        statusDescription: "approved",
      },
    })
    expect(calls).toEqual(["create"])
    const bankPage = "https://bank.test/installments/sess-1"
    expect(out.data).toMatchObject({ sessionId: "sess-1", redirect_url: bankPage, redirectUrl: bankPage, statusId: 0 })
    // Medusa stores { ...input.data, ...output.data }: every planted key is overwritten
    expect(Object.keys(out.data!)).toEqual(
      expect.arrayContaining(["sessionId", "redirect_url", "redirectUrl", "statusId", "statusDescription"])
    )
    expect(out.data!.statusDescription).toBeUndefined()
  })

  it("requires the server-computed installmentProducts, naming the field", async () => {
    const { provider } = scriptedBank()
    await expect(provider.initiatePayment({ amount: 150, currency_code: "gel", data: {} })).rejects.toThrow(
      /installmentProducts: is required/
    )
  })

  it.each([0, 1, 10, 11, 12])(
    "authorizePayment refuses status %i with a readable 'not approved yet' error (no order without the bank's approval)",
    async (statusId) => {
      const { provider, state } = scriptedBank()
      state.statusId = statusId
      const refusal = provider.authorizePayment({ data: { sessionId: "sess-1", redirectUrl: "u" } })
      await expect(refusal).rejects.toThrow(/The bank has not approved the installment yet/)
      await expect(refusal).rejects.toMatchObject({ type: "payment_authorization_error" })
    }
  )

  it.each([
    [2, PaymentSessionStatus.AUTHORIZED],
    [5, PaymentSessionStatus.AUTHORIZED],
    [9, PaymentSessionStatus.CAPTURED],
    [6, PaymentSessionStatus.ERROR],
    [3, PaymentSessionStatus.CANCELED],
  ])("authorizePayment reads /status %i as %s", async (statusId, expected) => {
    const { provider, state } = scriptedBank()
    state.statusId = statusId
    const out = await provider.authorizePayment({ data: { sessionId: "sess-1", redirectUrl: "u" } })
    expect(out.status).toBe(expected)
    expect(out.data).toMatchObject({ sessionId: "sess-1", statusId, statusDescription: `status ${statusId}` })
  })

  it("getPaymentStatus keeps status 0 plain pending (the shopper has not been to the bank)", async () => {
    const { provider } = scriptedBank()
    expect((await provider.getPaymentStatus({ data: { sessionId: "sess-1" } })).status).toBe(
      PaymentSessionStatus.PENDING
    )
  })

  it("captures by confirming, and treats an already confirmed or disbursed application as captured", async () => {
    const { provider, calls, state } = scriptedBank()
    state.statusId = 5
    await provider.capturePayment({ data: { sessionId: "sess-1" } })
    expect(calls).toEqual(["confirm"])
    state.refuse.add("confirm")
    for (const statusId of [9, 8]) {
      state.statusId = statusId
      await expect(provider.capturePayment({ data: { sessionId: "sess-1" } })).resolves.toMatchObject({
        data: { statusId },
      })
    }
    state.statusId = 6
    await expect(provider.capturePayment({ data: { sessionId: "sess-1" } })).rejects.toBeInstanceOf(MedusaError)
  })

  it("cancels, and treats an already canceled application as canceled", async () => {
    const { provider, state } = scriptedBank()
    await expect(provider.cancelPayment({ data: { sessionId: "sess-1" } })).resolves.toMatchObject({
      data: { statusId: 7 },
    })
    state.refuse.add("cancel")
    state.statusId = 4
    await expect(provider.cancelPayment({ data: { sessionId: "sess-1" } })).resolves.toMatchObject({
      data: { statusId: 4 },
    })
    state.statusId = 8
    await expect(provider.cancelPayment({ data: { sessionId: "sess-1" } })).rejects.toThrow(
      /cancel the installment application/
    )
  })

  it("deletePayment returns without waiting for the bank and cancels the application in the background", async () => {
    const { provider, calls, state } = scriptedBank()
    ;(provider as unknown as { droppedCancelDelayMs_: number }).droppedCancelDelayMs_ = 0
    await provider.deletePayment({ data: { sessionId: "sess-1" } })
    expect(calls).toEqual([])
    await waitUntil(() => calls.length > 0)
    expect(calls).toEqual(["cancel"])
    expect(state.statusId).toBe(7)
    // a refused cancel (already ended) and a session without an application never fail the cart
    state.refuse.add("cancel")
    state.statusId = 8
    await expect(provider.deletePayment({ data: { sessionId: "sess-1" } })).resolves.toEqual({
      data: { sessionId: "sess-1" },
    })
    await expect(provider.deletePayment({ data: {} })).resolves.toEqual({ data: {} })
  })

  it("refuses refunds with an explanation", async () => {
    const { provider, calls } = scriptedBank()
    await expect(provider.refundPayment({ amount: 10, data: { sessionId: "sess-1" } })).rejects.toThrow(
      /cannot be refunded through the store/
    )
    expect(calls).toEqual([])
  })
})
