/**
 * Which session a genuine callback is about: the signed URL when a signature is present (a wrong
 * one is refused), else the money ledger's entry of the payment (the plain URL registered in the
 * dashboard); a session that is gone is never handed to Medusa, a payId the ledger does not know
 * is not ours.
 */
import { pairSession } from "../callbacks/callback-pairing"
import { CALLBACK_HEADERS, signSession } from "../callbacks/callback-auth"
import { MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"

const options = { clientSecret: "secret", registrationId: "tbc", signCallbackUrl: true }
const signed = (session: string, signature = signSession("secret", "tbc", session)) => ({
  [CALLBACK_HEADERS.session]: session,
  [CALLBACK_HEADERS.signature]: signature,
})

/** A ledger with one charge of payses_A, payId p1 (or none with `null`). */
async function ledgerWith(
  entry: { kind?: "web" | "execution"; gone?: boolean; payId?: string | null; session?: string } | null = {}
): Promise<MemoryLedger> {
  const ledger = new MemoryLedger()
  if (entry === null) return ledger
  const opened = await ledger.open(
    {
      kind: entry.kind ?? "web",
      provider_id: "pp_tbc-checkout_tbc",
      payment_session_id: entry.session ?? "payses_A",
      amount: 1000,
      currency: "GEL",
    },
    "test"
  )
  const payId = entry.payId === undefined ? "p1" : entry.payId
  if (payId) await ledger.apply(opened.id, { type: "bank_status", status: "Created", payId }, "test")
  if (entry.gone) await ledger.markSessionGone(payId ?? "", "test")
  return ledger
}

const pair = (headers: Record<string, unknown>, ledger?: MemoryLedger, merchantPaymentId?: string) =>
  pairSession({ headers, options, ledger: ledger?.asStore(), payId: "p1", status: "Succeeded", merchantPaymentId })

describe("pairSession", () => {
  it("plain URL: the session comes from our record of the payment", async () => {
    expect(await pair({}, await ledgerWith())).toEqual({ sessionId: "payses_A" })
    expect(await pair({}, await ledgerWith({ kind: "execution" }))).toEqual({ sessionId: "payses_A" })
  })

  it("a signature that is present but wrong is refused, with or without a record", async () => {
    for (const r of [await ledgerWith(), undefined]) {
      expect(await pair(signed("payses_A", "wrong"), r)).toMatchObject({ refused: "rejected_source" })
      expect(await pair({ [CALLBACK_HEADERS.signature]: signSession("secret", "tbc", "payses_A") }, r)).toMatchObject({
        refused: "rejected_source",
      })
    }
  })

  it("a valid signature for another session than the record's is refused", async () => {
    expect(await pair(signed("payses_B"), await ledgerWith())).toMatchObject({
      refused: "rejected_source",
      reason: /another session/,
    })
    expect(await pair(signed("payses_A"), await ledgerWith())).toEqual({ sessionId: "payses_A" })
  })

  it("a payment whose session is gone is session_gone, never paired", async () => {
    expect(await pair({}, await ledgerWith({ gone: true }))).toMatchObject({ refused: "session_gone" })
    expect(await pair(signed("payses_A"), await ledgerWith({ gone: true }))).toMatchObject({ refused: "session_gone" })
  })

  it("a live session that now names another payment is refused as superseded: a genuine callback, not a source rejection", async () => {
    const ledger = await ledgerWith()
    const newer = await ledger.open(
      {
        kind: "web",
        provider_id: "pp_tbc-checkout_tbc",
        payment_session_id: "payses_A",
        amount: 1000,
        currency: "GEL",
      },
      "test"
    )
    await ledger.apply(newer.id, { type: "bank_status", status: "Created", payId: "p2" }, "test")
    expect(await pair({}, ledger)).toEqual({ refused: "superseded", reason: "the session now names another payment" })
  })

  it("an uncertain saved-card execution is settled by the callback whose bank details name its session", async () => {
    const r = await ledgerWith({ kind: "execution", payId: null, session: "payses_exec" })
    await r.apply(r.rows[0].id, { type: "unreadable_answer", reason: "502" }, "test")
    expect(await pair({}, r, "payses_other")).toMatchObject({ refused: "unknown_payment" })
    expect(await pair({}, r, "payses_exec")).toEqual({ sessionId: "payses_exec" })
    // the bank's answer named the payment: the entry now has its payId and the bank's state
    expect(r.rows[0]).toMatchObject({ pay_id: "p1", state: "paid", bank_status: "Succeeded" })
  })

  it("an execution an admin marked 'not charged' is reopened by the callback naming its session: the bank's word wins", async () => {
    const r = await ledgerWith({ kind: "execution", payId: null, session: "payses_exec" })
    await r.apply(r.rows[0].id, { type: "unreadable_answer", reason: "502" }, "test")
    await r.apply(r.rows[0].id, { type: "admin_not_charged", reason: "nothing in the dashboard" }, "admin:u1")
    expect(r.rows[0].state).toBe("refused")
    expect(await pair({}, r, "payses_exec")).toEqual({ sessionId: "payses_exec" })
    expect(r.rows[0]).toMatchObject({ pay_id: "p1", state: "paid", reopened_at: expect.any(Date) })
  })

  it("a payId the ledger does not know is not ours: unknown payment, whatever the URL names", async () => {
    expect(await pair({}, await ledgerWith(null))).toMatchObject({ refused: "unknown_payment" })
    expect(await pair({ [CALLBACK_HEADERS.session]: "payses_A" }, await ledgerWith(null))).toMatchObject({
      refused: "unknown_payment",
    })
    expect(await pair(signed("payses_old"), await ledgerWith(null))).toMatchObject({ refused: "unknown_payment" })
  })

  it("after a clientSecret rotation, the old secret's signatures are accepted only until previousClientSecretUntil", async () => {
    const ledger = await ledgerWith()
    const oldSigned = signed("payses_A", signSession("old-secret", "tbc", "payses_A"))
    const rotated = (until: string) => ({
      ...options,
      clientSecret: "secret",
      previousClientSecret: "old-secret",
      previousClientSecretUntil: until,
    })
    const pairWith = (opts: ReturnType<typeof rotated>) =>
      pairSession({ headers: oldSigned, options: opts, ledger: ledger.asStore(), payId: "p1", status: "Succeeded" })
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
    const yesterday = new Date(Date.now() - 86_400_000).toISOString()
    expect(await pairWith(rotated(tomorrow))).toEqual({ sessionId: "payses_A" })
    expect(await pairWith(rotated(yesterday))).toMatchObject({ refused: "rejected_source" })
    expect(await pair(oldSigned, ledger)).toMatchObject({ refused: "rejected_source" })
    // a signature of any other secret stays refused during the grace period
    const forged = signed("payses_A", signSession("guess", "tbc", "payses_A"))
    expect(
      await pairSession({
        headers: forged,
        options: rotated(tomorrow),
        ledger: ledger.asStore(),
        payId: "p1",
        status: "Succeeded",
      })
    ).toMatchObject({ refused: "rejected_source" })
  })
})
