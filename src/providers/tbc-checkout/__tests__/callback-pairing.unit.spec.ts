/**
 * Which session a genuine callback is about: the signed URL when a signature is present (a wrong
 * one is refused), else our record of the payment (the plain URL registered in the dashboard);
 * a session that is gone is never handed to Medusa.
 */
import { pairSession } from "../callback-pairing"
import { CALLBACK_HEADERS, signSession } from "../callback-auth"
import type { PaymentLink, PaymentRecords } from "../payment-records"

const options = { clientSecret: "secret", registrationId: "tbc", signCallbackUrl: true }
const signed = (session: string, signature = signSession("secret", "tbc", session)) => ({
  [CALLBACK_HEADERS.session]: session,
  [CALLBACK_HEADERS.signature]: signature,
})

/** Our record: `null` = no record of the payment; `liveSessions` answer sessionAlive. */
function records(link: Partial<PaymentLink> | null = {}, liveSessions: string[] = []): PaymentRecords {
  const full = link && {
    payment_session_id: "payses_A",
    kind: "web",
    session_alive: true,
    session_pay_ids: ["p1"],
    has_medusa_payment: false,
    orphan_action: null,
    ...link,
  }
  return {
    linkOf: async () => full as PaymentLink | undefined,
    sessionAlive: async (id: string) => liveSessions.includes(id),
    attachUncertainExecution: async () => false,
  } as unknown as PaymentRecords
}

const pair = (headers: Record<string, unknown>, r?: PaymentRecords, merchantPaymentId?: string) =>
  pairSession({ headers, options, records: r, payId: "p1", merchantPaymentId })

describe("pairSession", () => {
  it("plain URL: the session comes from our record of the payment", async () => {
    expect(await pair({}, records())).toEqual({ sessionId: "payses_A" })
    // a saved-card execution: the live session does not name the payId yet (authorize still running)
    expect(await pair({}, records({ kind: "execution", session_pay_ids: [] }))).toEqual({ sessionId: "payses_A" })
  })

  it("a signature that is present but wrong is refused, with or without a record", async () => {
    for (const r of [records(), undefined]) {
      expect(await pair(signed("payses_A", "wrong"), r)).toMatchObject({ refused: "rejected_source" })
      expect(await pair({ [CALLBACK_HEADERS.signature]: signSession("secret", "tbc", "payses_A") }, r)).toMatchObject({
        refused: "rejected_source",
      })
    }
  })

  it("a valid signature for another session than the record's is refused", async () => {
    expect(await pair(signed("payses_B"), records())).toMatchObject({
      refused: "rejected_source",
      reason: /another session/,
    })
    expect(await pair(signed("payses_A"), records())).toEqual({ sessionId: "payses_A" })
  })

  it("a payment whose session is gone is session_gone, never paired", async () => {
    expect(await pair({}, records({ session_alive: false }))).toMatchObject({ refused: "session_gone" })
    expect(await pair(signed("payses_A"), records({ session_alive: false }))).toMatchObject({ refused: "session_gone" })
    // no record (a payment made before the record existed): the signed session must still exist
    expect(await pair(signed("payses_old"), records(null, []))).toMatchObject({ refused: "session_gone" })
    expect(await pair(signed("payses_old"), records(null, ["payses_old"]))).toEqual({ sessionId: "payses_old" })
  })

  it("a live session that now names another payment is refused", async () => {
    expect(await pair({}, records({ session_pay_ids: ["p2"] }))).toMatchObject({ refused: "rejected_source" })
  })

  it("an uncertain saved-card execution is settled by the callback whose bank details name its session", async () => {
    let attached: PaymentLink | undefined
    const r = {
      linkOf: async () => attached,
      sessionAlive: async () => true,
      attachUncertainExecution: async (session: string, payId: string) => {
        if (session !== "payses_exec" || payId !== "p1") return false
        attached = {
          payment_session_id: "payses_exec",
          kind: "execution",
          session_alive: true,
          session_pay_ids: [],
          has_medusa_payment: false,
          orphan_action: null,
        }
        return true
      },
    } as unknown as PaymentRecords
    expect(await pair({}, r, "payses_other")).toMatchObject({ refused: "unknown_payment" })
    expect(await pair({}, r, "payses_exec")).toEqual({ sessionId: "payses_exec" })
  })

  it("no record and no signature: unknown payment (nothing names a session)", async () => {
    expect(await pair({}, records(null))).toMatchObject({ refused: "unknown_payment" })
    expect(await pair({ [CALLBACK_HEADERS.session]: "payses_A" }, records(null, ["payses_A"]))).toMatchObject({
      refused: "unknown_payment",
    })
  })
})
