/**
 * Which Medusa session a genuine bank callback is about, and whether that session still exists.
 *
 * 1. Signed callback URL (`?s=&sig=`, stamped into headers by the callback middleware): the
 *    signature must verify; a present but wrong signature is refused outright.
 * 2. Plain URL (what the merchant registers in the TBC dashboard, and the only URL a saved-card
 *    execution's callback can use): the session is found from the payId in our own record of the
 *    payments we created (tbc_payment, one indexed read). Without a record (outside a Medusa app)
 *    the merchantPaymentId the bank may report is used when `signCallbackUrl` is off, as before.
 *    A saved-card execution whose answer was unreadable has no payId in the record yet: when the
 *    bank's details of the callback's payId report that session as merchantPaymentId, the payId
 *    is attached to it, which settles the uncertainty (authorize then reads that payment back).
 * 3. The session must still exist. A payment whose session Medusa deleted (cart total changed,
 *    new session) is `session_gone`: it is never handed to Medusa's processPaymentWorkflow, which
 *    would otherwise look carts up with no collection and complete an unrelated shopper's cart.
 */
import { CALLBACK_HEADERS, headerValue, verifySessionSignature } from "./callback-auth"
import type { TbcCheckoutOptions } from "./options"
import type { PaymentRecords } from "./payment-records"
import type { CallbackVerdictResult } from "./webhook"

export type Pairing = { sessionId: string } | { refused: CallbackVerdictResult; reason: string }

export async function pairSession(args: {
  headers: Record<string, unknown>
  options: Pick<TbcCheckoutOptions, "clientSecret" | "registrationId" | "signCallbackUrl">
  records?: PaymentRecords
  payId: string
  merchantPaymentId?: string
}): Promise<Pairing> {
  const { headers, options, records, payId, merchantPaymentId } = args
  const signedSession = headerValue(headers, CALLBACK_HEADERS.session)
  const signature = headerValue(headers, CALLBACK_HEADERS.signature)
  let sessionId: string | undefined
  // a session without a signature names nothing (anyone can add ?s= to the URL): ignored
  if (signature !== undefined) {
    if (!verifySessionSignature(options.clientSecret, options.registrationId, signedSession, signature)) {
      return { refused: "rejected_source", reason: "the callback URL's session signature is wrong" }
    }
    sessionId = signedSession
  }
  if (sessionId !== undefined && merchantPaymentId !== undefined && merchantPaymentId !== sessionId) {
    return { refused: "rejected_source", reason: "the payment belongs to another session" }
  }

  if (!records) {
    // no record to consult: only the signature or (unsigned mode) the bank's merchantPaymentId
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

  let link = await records.linkOf(payId)
  if (!link && merchantPaymentId && (await records.attachUncertainExecution(merchantPaymentId, payId))) {
    // the callback of a saved-card execution whose answer we could not read: now we know its payId
    link = await records.linkOf(payId)
  }
  if (!link) {
    // a payment we have no record of: one created before the record existed, paired as before
    const legacySession = sessionId ?? (options.signCallbackUrl ? undefined : merchantPaymentId)
    if (!legacySession) return { refused: "unknown_payment", reason: "no record of this payment and no signed session" }
    return (await records.sessionAlive(legacySession))
      ? { sessionId: legacySession }
      : { refused: "session_gone", reason: "the payment's Medusa session no longer exists" }
  }
  if (sessionId !== undefined && link.payment_session_id !== sessionId) {
    return { refused: "rejected_source", reason: "the payment belongs to another session" }
  }
  if (!link.session_alive) {
    return { refused: "session_gone", reason: "the payment's Medusa session no longer exists" }
  }
  if (link.session_pay_ids.length > 0 && !link.session_pay_ids.includes(payId)) {
    return { refused: "rejected_source", reason: "the session now names another payment" }
  }
  return { sessionId: link.payment_session_id }
}
