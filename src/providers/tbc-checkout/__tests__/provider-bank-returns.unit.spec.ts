/**
 * Money the bank returned by itself, on the provider against the sandbox bank and an in-memory
 * ledger: a read showing a dashboard refund records one operation made at the bank (a stale or
 * repeated read records nothing more); Medusa's refund of it, run inside withMedusaRecord, sends
 * nothing and marks it recorded once; any other refund is refused while it waits.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type TbcCheckoutProviderService from "../service"
import { withMedusaRecord } from "../ledger/capture-request"
import { CALLS, caught, harnessPerSuite, onMemoryLedger } from "./provider-harness"

jest.setTimeout(30_000)

const h = harnessPerSuite()
let sessionCounter = 0

async function paidPayment(provider: TbcCheckoutProviderService, amount: number) {
  const session_id = `payses_bank_returns_${Date.now()}_${++sessionCounter}`
  const out = await provider.initiatePayment({
    amount,
    currency_code: "gel",
    data: { session_id },
    context: { idempotency_key: session_id },
  })
  const payId = out.data!.payId as string
  await h.pay(payId, "success")
  return { payId, data: (await provider.authorizePayment({ data: out.data })).data! }
}

const clientOf = (provider: TbcCheckoutProviderService) =>
  (provider as unknown as { client_: { checkout: { cancelPayment(id: string, amount?: number): Promise<unknown> } } })
    .client_.checkout

it("records a dashboard refund once, Medusa's record of it sends nothing, a second record and other refunds are refused", async () => {
  const { provider, ledger } = onMemoryLedger(h.provider())
  const { payId, data } = await paidPayment(provider, 100)
  await clientOf(provider).cancelPayment(payId, 30) // the merchant, in TBC's dashboard
  const book = (
    provider as unknown as { book_: { read(p: string, s: string, a: string, d: unknown): Promise<unknown> } }
  ).book_
  const details = h.payment(payId)
  for (let i = 0; i < 3; i++) await book.read(payId, "PartialReturned", "bank:callback", details)
  const charge = (await ledger.byPayId(payId))!
  const made = (await ledger.operationsOf(charge.id)).filter((op) => op.made_at_bank)
  expect(made.map((op) => [op.kind, op.state, op.amount])).toEqual([["refund", "done", 3000]])

  // any refund from Medusa while it waits for its record: refused, nothing sent
  const cancels = h.calls(CALLS.cancel)
  const early = await caught(provider.refundPayment({ data, amount: 10 }))
  expect([early.type, early.message]).toEqual([
    MedusaError.Types.NOT_ALLOWED,
    expect.stringMatching(/already returned 30\.00 GEL/),
  ])

  // Medusa's refund of it, run by the plugin: no bank call, recorded once
  const recorded = await withMedusaRecord(made[0].id, {}, () =>
    provider.refundPayment({ data, amount: 30, context: { idempotency_key: "ref_1" } })
  )
  expect(recorded.data).toMatchObject({ status: "PartialReturned", returnedAmount: 30 })
  expect((await ledger.byId(made[0].id))?.medusa_record).toBe("ref_1")
  const twice = await caught(
    withMedusaRecord(made[0].id, {}, () =>
      provider.refundPayment({ data, amount: 30, context: { idempotency_key: "ref_2" } })
    )
  )
  expect(twice.type).toBe(MedusaError.Types.NOT_ALLOWED)
  expect(h.calls(CALLS.cancel)).toBe(cancels)

  // afterwards a refund returns only the rest, and is sent
  await h.advanceClock(24 * 3600 * 1000)
  const tooMuch = await caught(provider.refundPayment({ data: recorded.data, amount: 70.01 }))
  expect(tooMuch.type).toBe(MedusaError.Types.INVALID_DATA)
  await provider.refundPayment({ data: recorded.data, amount: 70 })
  expect(h.calls(CALLS.cancel)).toBe(cancels + 1)
  expect(h.payment(payId)).toMatchObject({ status: "Returned", returnedAmount: 100 })
})
