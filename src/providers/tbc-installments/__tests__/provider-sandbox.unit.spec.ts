/**
 * The provider with the real bank client against the local sandbox bank: the application's wire
 * form (exact total, invoiceId, products), the redirect URL from Location, and how refusals of
 * repeated confirms/cancels are read as "already done".
 */
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { startSandbox, type SandboxHandle } from "../../../../packages/sandbox/src"
import { TbcInstallmentsProviderService } from "../service"
import { UNRECORDED_FOR_UNIT_TESTS } from "../../../modules/tbc/ledger/ledger-store"

let sandbox: SandboxHandle
let provider: TbcInstallmentsProviderService

async function control(path: string, body: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, strict: true })
  provider = new TbcInstallmentsProviderService(
    { [UNRECORDED_FOR_UNIT_TESTS]: true },
    {
      apiKey: "sandbox-inst-key",
      apiSecret: "sandbox-inst-secret",
      merchantKey: "SandboxMerchant",
      campaignId: "204",
      environment: sandbox.url,
    }
  )
})
afterAll(() => sandbox.close())

async function newApplication(sessionId: string) {
  const out = await provider.initiatePayment({
    amount: { value: "1234.56", precision: 20 } as never,
    currency_code: "GEL",
    data: {
      session_id: sessionId,
      installmentProducts: [
        { name: "Set", price: 1000.5, quantity: 1 },
        { name: "Pot \u00d7 2", price: 234.06, quantity: 1 },
      ],
    },
  })
  return out
}

describe("tbc-installments provider against the sandbox", () => {
  it("creates the application the bank expects and returns its redirect URL", async () => {
    const out = await newApplication("payses_wire")
    const state = sandbox.state()
    const app = state.applications.find((a) => a.sessionId === out.id) as unknown as Record<string, unknown>
    expect(app).toMatchObject({
      priceTotal: 1234.56,
      invoiceId: "payses_wire",
      campaignId: "204",
      merchantKey: "SandboxMerchant",
      products: [
        { name: "Set", price: 1000.5, quantity: 1 },
        { name: "Pot \u00d7 2", price: 234.06, quantity: 1 },
      ],
    })
    expect(out.data).toMatchObject({ sessionId: out.id, redirect_url: expect.stringContaining(out.id) })
    expect(out.data!.redirect_url).toMatch(new RegExp(`^${sandbox.url}/`))
    expect(out.data!.redirectUrl).toBe(out.data!.redirect_url)
  })

  it("rejects a products list that does not add up to the total, naming the field", async () => {
    await expect(
      provider.initiatePayment({
        amount: 100,
        currency_code: "gel",
        data: { session_id: "payses_bad", installmentProducts: [{ name: "x", price: 99.99, quantity: 1 }] },
      })
    ).rejects.toThrow(/products/)
  })

  it("authorizes an approved application, confirms it once, and reads a repeated confirm as captured", async () => {
    const { id, data } = await newApplication("payses_confirm")
    await expect(provider.authorizePayment({ data })).rejects.toThrow(/has not approved the installment yet/)
    await control(`/_sandbox/installments/${id}/status`, { statusId: 5 })
    const authorized = await provider.authorizePayment({ data })
    expect(authorized.status).toBe(PaymentSessionStatus.AUTHORIZED)
    await provider.capturePayment({ data: authorized.data })
    expect(sandbox.state().applications.find((a) => a.sessionId === id)?.statusId).toBe(9)
    await expect(provider.capturePayment({ data: authorized.data })).resolves.toMatchObject({ data: { statusId: 9 } })
    expect((await provider.getPaymentStatus({ data })).status).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("cancels once and reads a repeated cancel as canceled; a declined application cannot be confirmed", async () => {
    const first = await newApplication("payses_cancel")
    await provider.cancelPayment({ data: first.data })
    expect(sandbox.state().applications.find((a) => a.sessionId === first.id)?.statusId).toBe(7)
    await expect(provider.cancelPayment({ data: first.data })).resolves.toMatchObject({ data: { statusId: 7 } })

    const declined = await newApplication("payses_declined")
    await control(`/_sandbox/installments/${declined.id}/status`, { statusId: 6 })
    expect((await provider.authorizePayment({ data: declined.data })).status).toBe(PaymentSessionStatus.ERROR)
    await expect(provider.capturePayment({ data: declined.data })).rejects.toThrow(
      /confirm the installment application/
    )
  })
})
