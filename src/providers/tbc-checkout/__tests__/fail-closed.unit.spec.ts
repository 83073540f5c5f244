/**
 * Fail closed: no record, no bank call. A refund or cancel whose charge cannot be read from the
 * ledger, and every money call of a provider built without a ledger (outside a unit test's own
 * mode), is refused before the bank is asked, and so is a refund whose charge's refund entries
 * cannot be read (what other instances refunded is unknown); a callback whose "did the store capture this" read
 * fails is not acted on.
 */
import { PaymentActions } from "@medusajs/framework/utils"
import { ledgerEntry, MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"
import { UNRECORDED_FOR_UNIT_TESTS } from "../../../modules/tbc/ledger/ledger-store"
import { CALLBACK_HEADERS } from "../callbacks/callback-auth"
import { judgeCallback } from "../callbacks/webhook"
import { CALLS, caught, harnessPerSuite, judgeOptions, onMemoryLedger } from "./provider-harness"

jest.setTimeout(30_000)

const h = harnessPerSuite({ resetFaultsAfterEach: true })
const NO_LEDGER_IN_APP = { [UNRECORDED_FOR_UNIT_TESTS]: false }
const withLedger = (overrides: Record<string, unknown> = {}) => onMemoryLedger(h.provider(overrides))

let n = 0
async function paid(provider: ReturnType<typeof h.provider>, amount = 20) {
  const session_id = `payses_failclosed_${++n}`
  const out = await provider.initiatePayment({ amount, currency_code: "gel", data: { session_id }, context: {} })
  const payId = out.data!.payId as string
  await h.pay(payId, "success")
  return { payId, session_id, data: (await provider.authorizePayment({ data: out.data })).data! }
}

const bankCalls = () => ({ cancel: h.calls(CALLS.cancel), completion: h.calls(CALLS.completion) })

describe("a ledger that cannot be read", () => {
  it("refuses a refund and a cancel before the bank is asked, and the operations go through once it reads again", async () => {
    const captured = withLedger()
    const held = withLedger({ preAuth: true })
    const payment = await paid(captured.provider)
    const hold = await paid(held.provider)
    const readable = { captured: captured.ledger.byPayId, held: held.ledger.byPayId }
    const unreadable = async () => {
      throw new Error("relation tbc_payment does not exist")
    }
    captured.ledger.byPayId = held.ledger.byPayId = unreadable
    const before = bankCalls()

    const refund = await caught(captured.provider.refundPayment({ data: payment.data, amount: 5 }))
    const cancel = await caught(held.provider.cancelPayment({ data: hold.data }))

    expect({
      refund: [refund.type, refund.message],
      cancel: [cancel.type, cancel.message],
      calls: bankCalls(),
    }).toEqual({
      refund: [
        "unexpected_state",
        expect.stringMatching(/refund could not be checked .* nothing was sent to the bank/),
      ],
      cancel: [
        "unexpected_state",
        expect.stringMatching(/cancel could not be checked .* nothing was sent to the bank/),
      ],
      calls: before,
    })
    captured.ledger.byPayId = readable.captured
    held.ledger.byPayId = readable.held
    await captured.provider.refundPayment({ data: payment.data, amount: 5 })
    await held.provider.cancelPayment({ data: hold.data })
    expect([h.payment(payment.payId), h.payment(hold.payId)]).toMatchObject([
      { status: "PartialReturned", returnedAmount: 5 },
      { status: "Returned" },
    ])
  })
})

describe("a ledger whose refund entries cannot be read", () => {
  it("refuses the refund before the bank is asked (another instance's refunds could not be counted)", async () => {
    const captured = withLedger()
    const payment = await paid(captured.provider)
    captured.ledger.operationsOf = async () => {
      throw new Error("connection terminated")
    }
    const before = bankCalls()

    const refund = await caught(captured.provider.refundPayment({ data: payment.data, amount: 5 }))

    expect([refund.type, refund.message]).toEqual([
      "not_allowed",
      expect.stringMatching(/refund could not be checked .* nothing was sent to the bank/),
    ])
    expect(bankCalls()).toEqual(before)
    const charge = (await captured.ledger.byPayId(payment.payId))!
    expect(captured.ledger.rows.filter((r) => r.parent_id === charge.id).map((r) => r.state)).toEqual(["refused"])
  })
})

describe("authorize when the ledger will not hand the payment to Medusa", () => {
  async function paidNotAuthorized(provider: ReturnType<typeof h.provider>) {
    const session_id = `payses_failclosed_${++n}`
    const out = await provider.initiatePayment({ amount: 20, currency_code: "gel", data: { session_id }, context: {} })
    await h.pay(out.data!.payId as string, "success")
    return { payId: out.data!.payId as string, data: out.data! }
  }

  it("refuses it once a release was claimed, and when the ledger cannot record it", async () => {
    const released = withLedger()
    const a = await paidNotAuthorized(released.provider)
    expect(await released.ledger.claimOrphan(a.payId)).toBe(true)
    const unwritable = withLedger()
    const b = await paidNotAuthorized(unwritable.provider)
    unwritable.ledger.failWrites = true

    const refusals = [
      await caught(released.provider.authorizePayment({ data: a.data })),
      await caught(unwritable.provider.authorizePayment({ data: b.data })),
    ]

    expect(refusals.map((e) => [e.type, e.message])).toEqual([
      ["payment_authorization_error", expect.stringMatching(/^The store has released this payment/)],
      ["payment_authorization_error", expect.stringMatching(/could not be checked against the store's records/)],
    ])
    expect([
      (await released.ledger.byPayId(a.payId))!.authorized_at,
      (await unwritable.ledger.byPayId(b.payId))!.authorized_at,
    ]).toEqual([null, null])
  })
})

describe("a provider built without a ledger in an app (no database connection in its container)", () => {
  it("refuses to start a payment, capture, cancel or refund: the bank is never asked", async () => {
    const recorded = h.provider({ preAuth: true })
    const hold = await paid(recorded)
    const captured = await paid(h.provider())
    const unrecorded = h.provider({ preAuth: true }, NO_LEDGER_IN_APP)
    const creates = h.calls(CALLS.create)
    const before = bankCalls()

    const refusals = [
      await caught(
        unrecorded.initiatePayment({ amount: 5, currency_code: "gel", data: { session_id: "payses_x" }, context: {} })
      ),
      await caught(unrecorded.capturePayment({ data: hold.data })),
      await caught(unrecorded.cancelPayment({ data: hold.data })),
      await caught(h.provider({}, NO_LEDGER_IN_APP).refundPayment({ data: captured.data, amount: 1 })),
    ].map((e) => e.message)

    expect({ refusals, creates: h.calls(CALLS.create), calls: bankCalls() }).toEqual({
      refusals: [
        expect.stringMatching(/^The payment could not be started.*nothing was charged|no money ledger/i),
        expect.stringMatching(/capture was not sent to the bank: the payment provider has no money ledger/),
        expect.stringMatching(/cancel was not sent to the bank: the payment provider has no money ledger/),
        expect.stringMatching(/refund was not sent to the bank: the payment provider has no money ledger/),
      ],
      creates,
      calls: before,
    })
  })
})

describe("a callback whose 'did the store capture this' read fails", () => {
  it("is not acted on (error verdict), where a readable ledger lets Medusa record the payment", async () => {
    const ledger = new MemoryLedger()
    ledger.rows.push(ledgerEntry()) // a web charge PAY1 of session payses_1
    const options = judgeOptions({ signCallbackUrl: false })
    const bank = {
      getPayment: async (payId: string) => ({ payId, status: "Succeeded", amount: 5, links: [], raw: {} }),
    }
    const payload = { data: { PaymentId: "PAY1" }, rawData: "", headers: { [CALLBACK_HEADERS.source]: "127.0.0.1" } }
    const book = { ledger: ledger.asStore(), read: async () => undefined }
    const judge = async () => {
      const result = await judgeCallback(payload, options, bank, book)
      return { action: result.action, result: result.tbc_callback.result, reason: result.tbc_callback.reason }
    }

    const readable = await judge()
    ledger.operationsOf = async () => {
      throw new Error("connection terminated")
    }
    const unreadable = await judge()

    expect({ readable, unreadable }).toEqual({
      readable: { action: PaymentActions.SUCCESSFUL, result: "accepted", reason: "bank status Succeeded" },
      unreadable: {
        action: PaymentActions.NOT_SUPPORTED,
        result: "error",
        reason: "the store's records of this payment could not be read",
      },
    })
  })
})
