/**
 * The live API answers GET details (and executions) with `links` empty: only the create answer
 * carries the approval URL. The provider reads it from the create answer and keeps it in the
 * session data, so a later status read without links never drops the link the storefront
 * redirects to — and a paid payment still authorizes.
 */
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { harnessPerSuite } from "./provider-harness"

const h = harnessPerSuite()

describe("the approval link when details carry no links", () => {
  it("keeps the create answer's link through status reads and authorizes after payment", async () => {
    const provider = h.provider()
    const session_id = `payses_link_${Date.now()}`
    const created = await provider.initiatePayment({
      amount: 12.5,
      currency_code: "gel",
      data: { session_id },
      context: { idempotency_key: session_id },
    })
    const payId = created.data!.payId as string
    const link = created.data!.redirect_url as string
    expect(link).toContain(payId)

    // the sandbox answers details as the live API: no links at all
    const url = h.sandbox.url
    const token = await fetch(`${url}/v1/tpay/access-token`, {
      method: "POST",
      headers: { apikey: "sandbox-apikey", "content-type": "application/x-www-form-urlencoded" },
      body: "client_id=sandbox-client&client_secret=sandbox-client-secret",
    }).then((res) => res.json())
    const details = await fetch(`${url}/v1/tpay/payments/${payId}`, {
      headers: { apikey: "sandbox-apikey", authorization: `Bearer ${token.access_token}` },
    }).then((res) => res.json())
    expect(details).toMatchObject({ payId, links: [] })

    const status = await provider.getPaymentStatus({ data: created.data! })
    expect(status.status).toBe(PaymentSessionStatus.PENDING)
    expect(status.data).toMatchObject({ redirect_url: link, approvalUrl: link })

    await h.pay(payId, "success")
    const authorized = await provider.authorizePayment({ data: status.data! })
    expect(authorized.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(authorized.data).toMatchObject({ payId, status: "Succeeded", approvalUrl: link })
  })
})
