import { bank, checkoutBankPerTest, client, lastResourceRequest } from "./checkout-client-fixtures"

/** The saved-card checkout endpoints (execution and deletion), exactly as the live bank expects them. */

checkoutBankPerTest()

describe("execution by saved card", () => {
  it("POST /v1/tpay/payments/execution {recId, money, preAuth, initiator, merchantPaymentId, extra, extra2}", async () => {
    bank.on("POST /v1/tpay/payments/execution", () => ({
      body: {
        payId: "exec-1",
        status: "Succeeded",
        paymentMethod: 11,
        recurringCard: { recId: "rec-1", cardMask: "5***1", expiryDate: "0528" },
      },
    }))
    const req = {
      recId: "rec-1",
      money: { amount: 9.99, currency: "GEL" as const },
      preAuth: false,
      initiator: "merchant",
      merchantPaymentId: "order_2",
      extra: "SUB 2",
      extra2: "renewal",
    }
    const result = await client.checkout.executeWithSavedCard(req)
    const call = lastResourceRequest()
    expect(call.method).toBe("POST")
    expect(call.json).toEqual(req)
    expect(result).toMatchObject({
      payId: "exec-1",
      status: "Succeeded",
      paymentMethod: 11,
      recurringCard: { expiryDate: "0528" },
    })
  })

  it("refuses a zero amount without sending", async () => {
    await expect(
      client.checkout.executeWithSavedCard({ recId: "rec-1", money: { amount: 0, currency: "GEL" } })
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ field: "money.amount", rule: "positive" })] })
    expect(bank.count()).toBe(0)
  })
})

describe("delete saved card", () => {
  it("POST /v1/tpay/payments/{recId}/delete with no body", async () => {
    bank.on("POST /v1/tpay/payments/rec-1/delete", () => ({
      body: { httpStatusCode: 200, developerMessage: "deleted" },
    }))
    const answer = await client.checkout.deleteSavedCard("rec-1")
    const call = lastResourceRequest()
    expect(call.method).toBe("POST")
    expect(call.rawBody).toBe("")
    expect(call.headers["authorization"]).toMatch(/^Bearer /)
    expect(answer.developerMessage).toBe("deleted")
  })

  it("accepts an empty 200 body", async () => {
    bank.on("POST /v1/tpay/payments/rec-1/delete", () => ({ status: 200 }))
    await expect(client.checkout.deleteSavedCard("rec-1")).resolves.toMatchObject({ raw: {} })
  })
})
