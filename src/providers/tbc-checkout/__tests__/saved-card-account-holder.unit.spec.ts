/**
 * The account-holder and payment-method methods of the real tbc-checkout provider class against
 * the local sandbox bank (no Medusa app).
 */
import { customerA, saveCardAtBank, sealedData } from "./saved-card-fixtures"
import { harnessPerSuite } from "./provider-harness"

jest.setTimeout(30_000)

const DELETE_CARD = "POST /v1/tpay/payments/{recId}/delete"

const h = harnessPerSuite()

describe("account holder and payment methods", () => {
  it("account holder id is derived from the customer; deletion reaches the bank once", async () => {
    const provider = h.provider({ saveCards: true })
    const holder = await provider.createAccountHolder({ context: { customer: customerA } })
    expect(holder).toEqual({ id: "tbc_cus_A", data: { id: "tbc_cus_A", customer_id: "cus_A" } })
    expect(await provider.listPaymentMethods()).toEqual([])
    await expect(provider.savePaymentMethod()).rejects.toThrow(/save_card/)

    const recId = await saveCardAtBank(h, provider)
    const deletes = h.calls(DELETE_CARD)
    const input = { data: { id: "tbccard_1", ...sealedData(recId) }, context: { customer: customerA } }
    expect((await provider.deletePaymentMethod(input)).data).toMatchObject({ deleted: true })
    expect(h.sandbox.state().savedCards.find((c) => c.recId === recId)?.deleted).toBe(true)
    expect((await provider.deletePaymentMethod(input)).data).toMatchObject({ already_deleted: true })
    expect(h.calls(DELETE_CARD)).toBe(deletes + 2)
  })
})
