/**
 * getWebhookActionAndData against the sandbox: only a callback from an allowed address, about a
 * payment the bank knows, in a final status, with the signed session of the callback URL, makes
 * Medusa act — and then with the bank's real status and amount.
 */
import { PaymentActions } from "@medusajs/framework/utils"
import { CALLBACK_HEADERS, signSession } from "../callbacks/callback-auth"
import { judgeCallback, type TbcWebhookResult } from "../callbacks/webhook"
import TbcCheckoutProviderService from "../service"
import { CALLS, harnessPerSuite, judgeOptions } from "./provider-harness"

jest.setTimeout(30_000)

const h = harnessPerSuite()
let provider: TbcCheckoutProviderService
beforeAll(() => {
  provider = h.provider({ preAuth: true })
})

let n = 0
async function payment(outcome?: "success" | "decline", amount = 99.99) {
  const session_id = `payses_hook_${++n}`
  const out = await provider.initiatePayment({ amount, currency_code: "GEL", data: { session_id }, context: {} })
  const payId = out.data!.payId as string
  if (outcome) await h.pay(payId, outcome)
  const url = new URL(h.payment(payId).callbackUrl!)
  return { session_id, payId, sig: url.searchParams.get("sig")!, session: url.searchParams.get("s")! }
}

function callback(body: unknown, headers: Record<string, string | undefined>): Promise<TbcWebhookResult> {
  const raw = JSON.stringify(body)
  return provider.getWebhookActionAndData({
    data: body as Record<string, unknown>,
    rawData: Buffer.from(raw),
    headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)),
  }) as Promise<TbcWebhookResult>
}

/** A stub bank whose payment (5 GEL) is in `status` and names `merchantPaymentId` as its session, if given. */
const bankReporting = (status: string, merchantPaymentId?: string) => ({
  getPayment: async (payId: string) => ({
    payId,
    status,
    amount: 5,
    links: [],
    raw: merchantPaymentId ? { merchantPaymentId } : {},
  }),
})

const genuine = (p: { session: string; sig: string }, source = "127.0.0.1") => ({
  [CALLBACK_HEADERS.source]: source,
  [CALLBACK_HEADERS.session]: p.session,
  [CALLBACK_HEADERS.signature]: p.sig,
})

describe("getWebhookActionAndData", () => {
  it("authorizes a held preauth and captures a completed one, with the session and the bank's amount", async () => {
    const p = await payment("success", 1234.56)
    const held = await callback({ PaymentId: p.payId }, genuine(p))
    expect(held.action).toBe(PaymentActions.AUTHORIZED)
    expect(held.data).toEqual({ session_id: p.session_id, amount: 1234.56 })
    expect(held.tbc_callback).toMatchObject({
      result: "accepted",
      pay_id: p.payId,
      bank_status: "WaitingConfirm",
      source_ip: "127.0.0.1",
    })

    await provider.capturePayment({ data: { payId: p.payId } })
    const done = await callback({ PaymentId: p.payId }, genuine(p, "::ffff:127.0.0.1"))
    expect(done.action).toBe(PaymentActions.SUCCESSFUL)
    expect(done.data).toEqual({ session_id: p.session_id, amount: 1234.56 })
  })

  it("changes nothing for a wrong or missing source, spoofed only in a header the middleware would overwrite", async () => {
    const p = await payment("success")
    const gets = h.calls(CALLS.get)
    for (const source of ["127.0.0.2", "10.0.0.1", undefined, "not-an-ip"]) {
      const result = await callback(
        { PaymentId: p.payId },
        { ...genuine(p), [CALLBACK_HEADERS.source]: source, "x-forwarded-for": "193.104.20.44" }
      )
      expect(result.action).toBe(PaymentActions.NOT_SUPPORTED)
      expect(result.data).toBeUndefined()
      expect(result.tbc_callback.result).toBe("rejected_source")
    }
    expect(h.calls(CALLS.get)).toBe(gets) // rejected before asking the bank
  })

  it("changes nothing for malformed bodies, unknown payments and non-final statuses", async () => {
    const headers = { [CALLBACK_HEADERS.source]: "127.0.0.1" }
    for (const body of [
      {},
      [],
      { PaymentId: 42 },
      { Payment: "x" },
      { PaymentId: "../../etc" },
      { PaymentId: "x".repeat(5000) },
      null,
    ]) {
      const result = await callback(body, headers)
      expect(result).toMatchObject({ action: PaymentActions.NOT_SUPPORTED, tbc_callback: { result: "malformed" } })
    }
    const unknown = await callback({ PaymentId: "NoSuchPayment0001" }, headers)
    expect(unknown).toMatchObject({ action: PaymentActions.NOT_SUPPORTED, tbc_callback: { result: "unknown_payment" } })
    const created = await payment()
    const notFinal = await callback({ PaymentId: created.payId }, genuine(created))
    expect(notFinal).toMatchObject({
      action: PaymentActions.NOT_SUPPORTED,
      tbc_callback: { result: "not_final", bank_status: "Created" },
    })
    expect(notFinal.data).toBeUndefined()
  })

  it("refuses a forged pairing: another session, no signature, or a signature of another session", async () => {
    const victim = await payment() // the session an attacker wants to complete
    const paid = await payment("success") // someone's genuinely held payment
    const attempts = [
      { [CALLBACK_HEADERS.source]: "127.0.0.1", [CALLBACK_HEADERS.session]: victim.session },
      { ...genuine(paid), [CALLBACK_HEADERS.session]: victim.session },
      {
        ...genuine(paid),
        [CALLBACK_HEADERS.session]: victim.session,
        [CALLBACK_HEADERS.signature]: signSession("guess", "tbc", victim.session),
      },
    ]
    for (const headers of attempts) {
      const result = await callback({ PaymentId: paid.payId }, headers)
      expect(result.action).toBe(PaymentActions.NOT_SUPPORTED)
      expect(result.data).toBeUndefined()
      expect(result.tbc_callback.result).toBe("rejected_source")
    }
    // the victim's own signed URL naming a payment the bank says belongs to another session
    const options = judgeOptions()
    const bank = (merchantPaymentId?: string) => bankReporting("Succeeded", merchantPaymentId)
    const payload = { data: { PaymentId: paid.payId }, rawData: "", headers: genuine(victim) }
    expect((await judgeCallback(payload, options, bank(paid.session_id))).tbc_callback.reason).toMatch(
      /another session/
    )
    expect((await judgeCallback(payload, options, bank(paid.session_id))).action).toBe(PaymentActions.NOT_SUPPORTED)
    expect((await judgeCallback(payload, options, bank(victim.session_id))).action).toBe(PaymentActions.SUCCESSFUL)
  })

  it("with signCallbackUrl off, sends a plain callback URL and pairs only through the bank's merchantPaymentId", async () => {
    const plain = h.provider({ signCallbackUrl: false })
    const out = await plain.initiatePayment({
      amount: 5,
      currency_code: "GEL",
      data: { session_id: "payses_plain" },
      context: {},
    })
    expect(h.payment(out.data!.payId as string).callbackUrl).toBe("http://127.0.0.1:9/hooks/payment/tbc-checkout_tbc")
    const options = judgeOptions({ signCallbackUrl: false })
    const bank = (merchantPaymentId?: string) => bankReporting("WaitingConfirm", merchantPaymentId)
    // a caller-chosen session header means nothing in this mode
    const payload = {
      data: { PaymentId: "p1" },
      rawData: "",
      headers: { [CALLBACK_HEADERS.source]: "127.0.0.1", [CALLBACK_HEADERS.session]: "payses_evil" },
    }
    expect(await judgeCallback(payload, options, bank("payses_real"))).toMatchObject({
      action: PaymentActions.AUTHORIZED,
      data: { session_id: "payses_real", amount: 5 },
    })
    const unpaired = await judgeCallback(payload, options, bank())
    expect(unpaired).toMatchObject({
      action: PaymentActions.NOT_SUPPORTED,
      tbc_callback: { result: "rejected_source" },
    })
  })

  it("reports declined and expired payments as FAILED/CANCELED, which Medusa ignores", async () => {
    const p = await payment("decline")
    const result = await callback({ PaymentId: p.payId }, genuine(p))
    expect(result.action).toBe(PaymentActions.FAILED)
  })

  it("answers the same receipt from its cache (the callback log asks a second time)", async () => {
    const p = await payment("success")
    const headers = { ...genuine(p), [CALLBACK_HEADERS.receipt]: "rcpt-1" }
    const gets = h.calls(CALLS.get)
    const [a, b] = await Promise.all([
      callback({ PaymentId: p.payId }, headers),
      callback({ PaymentId: p.payId }, headers),
    ])
    expect(a).toEqual(b)
    expect(h.calls(CALLS.get)).toBe(gets + 1)
  })
})

describe("getWebhookActionAndData when the bank cannot be asked", () => {
  it("throws (so a retrying event bus asks again) with the verdict attached, and does not cache the failure", async () => {
    const flaky = h.provider({ preAuth: true, maxRetries: 0 })
    const out = await flaky.initiatePayment({
      amount: 12,
      currency_code: "GEL",
      data: { session_id: "payses_flaky" },
      context: {},
    })
    const payId = out.data!.payId as string
    await h.pay(payId, "success")
    const url = new URL(h.payment(payId).callbackUrl!)
    const payload = {
      data: { PaymentId: payId },
      rawData: "",
      headers: {
        [CALLBACK_HEADERS.source]: "127.0.0.1",
        [CALLBACK_HEADERS.session]: url.searchParams.get("s")!,
        [CALLBACK_HEADERS.signature]: url.searchParams.get("sig")!,
        [CALLBACK_HEADERS.receipt]: "rcpt-flaky",
      },
    }
    await h.faults({ failNext: { count: 1, status: 503, path: "GET /v1/tpay/payments/{payId}" } })
    let thrown: unknown
    try {
      await flaky.getWebhookActionAndData(payload)
    } catch (error) {
      thrown = error
    }
    expect((thrown as Error).message).toMatch(/could not be checked with the bank/)
    expect((thrown as { tbc_callback?: { result: string; pay_id: string } }).tbc_callback).toMatchObject({
      result: "error",
      pay_id: payId,
    })
    const retried = await flaky.getWebhookActionAndData(payload)
    expect(retried).toMatchObject({
      action: PaymentActions.AUTHORIZED,
      data: { session_id: "payses_flaky", amount: 12 },
    })
  })
})
