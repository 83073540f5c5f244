/**
 * Which Medusa session a genuine bank callback is about, and whether that session still exists.
 *
 * 1. Signed callback URL (`?s=&sig=`, stamped into headers by the callback middleware): the
 *    signature must verify; a present but wrong signature is refused outright.
 * 2. Plain URL (what the merchant registers in the TBC dashboard, and the only URL a saved-card
 *    execution's callback can use): the session is found from the payId in the money ledger
 *    (tbc_payment, one indexed read). Without a ledger (outside a Medusa app) the
 *    merchantPaymentId the bank may report is used when `signCallbackUrl` is off, as before.
 *    A saved-card execution whose answer was unreadable has no payId in the ledger yet: when the
 *    bank's details of the callback's payId report that session as merchantPaymentId, that answer
 *    of the bank names the payment, which settles the uncertainty (authorize then reads it back);
 *    also after an admin marked that execution "not charged": the bank's word wins.
 *    A payId the ledger does not know is not ours: refused (`unknown_payment`).
 * 3. The session must still exist (the ledger learns of every deletion through deletePayment). A
 *    payment whose session the ledger calls gone (cart total changed, new session) is
 *    `session_gone`: it is never handed to Medusa's processPaymentWorkflow, which would otherwise
 *    look carts up with no collection and complete an unrelated shopper's cart. The mark is
 *    deletePayment's word, not Medusa's: the app's subscriber asks Medusa before any money goes
 *    back, and places the order itself when Medusa kept the session
 *    (src/subscribers/tbc-checkout-session-gone.ts).
 */
import { CALLBACK_HEADERS, headerValue, verifySessionSignature } from "./callback-auth"
import { callbackSigningSecrets, type TbcCheckoutOptions } from "../options"
import type { LedgerEntry, LedgerStore } from "../../../modules/tbc/ledger/ledger-store"
import { ACTORS } from "../ledger/bookkeeping"
import type { CallbackVerdictResult } from "./webhook"

export type Pairing = { sessionId: string } | { refused: CallbackVerdictResult; reason: string }

export async function pairSession(args: {
  headers: Record<string, unknown>
  options: Pick<
    TbcCheckoutOptions,
    "clientSecret" | "previousClientSecret" | "previousClientSecretUntil" | "registrationId" | "signCallbackUrl"
  >
  ledger?: Pick<LedgerStore, "byPayId" | "chargesOfSession" | "apply">
  payId: string
  /** the bank's status of the payment, as read for this callback */
  status: string
  merchantPaymentId?: string
  /** the charge of `payId` as the caller just read it from the ledger, if it did */
  known?: LedgerEntry
}): Promise<Pairing> {
  const { headers, options, ledger, payId, merchantPaymentId } = args
  const signedSession = headerValue(headers, CALLBACK_HEADERS.session)
  const signature = headerValue(headers, CALLBACK_HEADERS.signature)
  let sessionId: string | undefined
  // a session without a signature names nothing (anyone can add ?s= to the URL): ignored
  if (signature !== undefined) {
    // the previous clientSecret too, during its grace period: a rotation must not make every
    // in-flight payment's genuine callback look forged
    const secrets = callbackSigningSecrets(options)
    if (!secrets.some((secret) => verifySessionSignature(secret, options.registrationId, signedSession, signature))) {
      return { refused: "rejected_source", reason: "the callback URL's session signature is wrong" }
    }
    sessionId = signedSession
  }
  if (sessionId !== undefined && merchantPaymentId !== undefined && merchantPaymentId !== sessionId) {
    return { refused: "rejected_source", reason: "the payment belongs to another session" }
  }

  if (!ledger) {
    // no ledger to consult: only the signature or (unsigned mode) the bank's merchantPaymentId
    sessionId ??= options.signCallbackUrl ? undefined : merchantPaymentId
    if (!sessionId) {
      return {
        refused: "rejected_source",
        reason: options.signCallbackUrl
          ? "the callback URL's session signature is missing"
          : "unsigned callback URL and the bank reports no merchantPaymentId",
      }
    }
    return { sessionId }
  }

  // the entry the callback's own bank read just moved, when the caller has it: no second read
  let entry = args.known ?? (await ledger.byPayId(payId))
  if (!entry && merchantPaymentId) {
    // the callback of a saved-card execution whose answer we could not read: the bank's details
    // name our session as merchantPaymentId, so this is the payment that execution made. Also
    // when an admin marked it "not charged" meanwhile: the bank's word beats the admin's (the read
    // reopens the entry, listed until an order owns its money)
    const unpaired = (await ledger.chargesOfSession(merchantPaymentId)).filter(
      (e) => e.kind === "execution" && e.pay_id === null
    )
    const unanswered =
      unpaired.find((e) => e.state === "sending" || e.state === "uncertain") ??
      unpaired.find((e) => e.state === "refused")
    if (unanswered) {
      const moved = await ledger.apply(
        unanswered.id,
        { type: "bank_status", status: args.status, payId },
        ACTORS.callback
      )
      if (moved.ok) entry = moved.entry
    }
  }
  if (!entry) return { refused: "unknown_payment", reason: "the money ledger has no record of this payment" }
  if (sessionId !== undefined && entry.payment_session_id !== sessionId) {
    return { refused: "rejected_source", reason: "the payment belongs to another session" }
  }
  if (entry.session_gone_at !== null) {
    return { refused: "session_gone", reason: "the payment's Medusa session no longer exists" }
  }
  // the session's current payment is its newest charge that names one
  const current = (await ledger.chargesOfSession(entry.payment_session_id)).find((e) => e.pay_id !== null)
  if (current && current.pay_id !== payId) {
    return { refused: "superseded", reason: "the session now names another payment" }
  }
  return { sessionId: entry.payment_session_id }
}
