/**
 * Bank callbacks (POST /hooks/payment/tbc-checkout_<id>), before Medusa's webhook route:
 * 1. deletes every `x-tbc-callback-*` header the caller sent (only this code may set them);
 * 2. for a tbc-checkout registration, stamps the real source address (socket; X-Forwarded-For only
 *    when the socket peer is one of that provider's `trustProxy` proxies), the session id and
 *    signature from the callback URL's query (?s=&sig=), and a receipt id — the provider judges
 *    with these;
 * 3. answers 200 right here, without reaching Medusa, for a source outside `callbackAllowlist`
 *    or a body that is not {"PaymentId": "<id>"}, and records that in the callback log.
 * 4. answers 200 itself when the signed URL's session opened another payment than the body names.
 * Callbacks that pass go on to Medusa's route; their verdict is logged by the subscriber
 * src/subscribers/tbc-checkout-callback-log.ts.
 *
 * Why here: a provider only sees `payload.headers` (no socket address) and cannot resolve our
 * `tbc` module, so the source and the log must come from app-side code.
 */
import { randomUUID } from "node:crypto"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { PgConnection } from "../../modules/tbc/pg-connection"
import { currentPayIdOfSession } from "../../modules/tbc/ledger/job-reads"
import { findTbcProvider } from "../../use-cases/tbc-providers"
import { BoundedCache } from "../../lib/bounded-cache"
import { countRefusedCallback } from "./refused-callback-log"
import {
  CALLBACK_HEADERS,
  CALLBACK_HEADER_PREFIX,
  CALLBACK_QUERY,
  callbackSourceAddress,
  isAllowedSource,
} from "../../providers/tbc-checkout/callbacks/callback-auth"
import { parseCheckoutOptions, type TbcCheckoutOptions } from "../../providers/tbc-checkout/options"
import { paymentIdOfBody } from "../../providers/tbc-checkout/callbacks/webhook"

type Logger = { warn(msg: string): void; info(msg: string): void }

/** Removes our stamp headers, whatever case or form the caller used. */
export function stripStampHeaders(headers: Record<string, unknown>): void {
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase().startsWith(CALLBACK_HEADER_PREFIX)) delete headers[name]
  }
}

const queryValue = (value: unknown): string | undefined =>
  typeof value === "string" && value.length > 0 && value.length <= 200 ? value : undefined

/**
 * Raw options object (one per registration in the config module) → its parsed options, or null
 * when they are invalid: parsed once per registration instead of on every callback.
 */
const parsedOptions = new WeakMap<object, TbcCheckoutOptions | null>()

export function parsedCheckoutOptions(raw: Record<string, unknown>): TbcCheckoutOptions | undefined {
  if (!parsedOptions.has(raw)) {
    let parsed: TbcCheckoutOptions | null = null
    try {
      parsed = parseCheckoutOptions(raw)
    } catch {
      // the provider itself refuses to load with these options
    }
    parsedOptions.set(raw, parsed)
  }
  return parsedOptions.get(raw) ?? undefined
}

function checkoutRegistration(req: MedusaRequest): { providerId: string; options: TbcCheckoutOptions } | undefined {
  const segment = String(req.params?.provider ?? "")
  const providerId = segment.startsWith("pp_") ? segment : `pp_${segment}`
  const registration = findTbcProvider(req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE), providerId)
  if (!registration || registration.kind !== "tbc-checkout") return undefined
  const options = parsedCheckoutOptions(registration.options)
  return options ? { providerId, options } : undefined
}

/** A refusal here is unauthenticated: counted per source and minute (refused-callback-log.ts). */
async function logCallback(
  req: MedusaRequest,
  row: { provider_id: string; pay_id: string | null; source_ip: string | null; result: string }
): Promise<void> {
  try {
    await countRefusedCallback(req.scope.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION), row)
  } catch (error) {
    const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    logger.warn(`tbc-checkout: could not record a callback (${(error as Error)?.name ?? "error"})`)
  }
}

/**
 * A callback sent as text/plain arrives as a string (Medusa's text parser): read it as JSON, so a
 * bank that labels its JSON loosely is still understood. Anything else is returned unchanged.
 */
export function jsonFromText(body: unknown): unknown {
  if (typeof body !== "string" || body.length > 10_000) return body
  try {
    const parsed: unknown = JSON.parse(body)
    return typeof parsed === "object" && parsed !== null ? parsed : body
  } catch {
    return body
  }
}

/**
 * session id → a payId its session was seen to hold, so the bank's repeated callbacks for one
 * payment cost no database read. Only confirmed pairs are kept, and a pair that was true once
 * stays harmless: a session moves to a new payment only while the old one is unpaid (updatePayment
 * refuses otherwise), and a callback for an unpaid or failed payment never authorizes anything.
 */
const confirmedPairs = new BoundedCache<string, string>({ max: 10_000 })

/**
 * The payment the signed URL's session really opened: the newest charge the money ledger records
 * for that session. A callback naming any other payment is a forged pairing: a leaked callback URL
 * reused with someone else's final payId, which the provider cannot tell (the bank's payment
 * details carry no merchantPaymentId). Undefined when the ledger names none for the session or
 * cannot be read: the provider's own checks still apply.
 */
async function payIdOfSession(req: MedusaRequest, sessionId: string): Promise<string | undefined> {
  try {
    // The ledger (our tbc_payment, by its payment_session_id index), not Medusa's payment_session:
    // this runs for the first callback of every payment, so it must cost what the raw read of
    // payment_session.data did (BENCHMARKS.md, section 3); query.graph cost ~5x that.
    return await currentPayIdOfSession(
      req.scope.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION),
      sessionId
    )
  } catch {
    return undefined
  }
}

export async function stampTbcCallback(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  stripStampHeaders(req.headers as Record<string, unknown>)
  const found = checkoutRegistration(req)
  if (!found) return next()
  const { providerId, options } = found

  const source = callbackSourceAddress(req.socket?.remoteAddress, req.headers["x-forwarded-for"], options.trustProxy)
  const body = jsonFromText(req.body)
  if (body !== req.body) (req as { body: unknown }).body = body
  const rawId = (body as Record<string, unknown> | null | undefined)?.PaymentId
  const claimedPayId = typeof rawId === "string" ? rawId.slice(0, 100) : null

  if (!isAllowedSource(source, options.callbackAllowlist)) {
    await logCallback(req, {
      provider_id: providerId,
      pay_id: claimedPayId,
      source_ip: source ?? null,
      result: "rejected_source",
    })
    // 200: a stranger learns nothing, and Medusa never sees the request
    return res.sendStatus(200)
  }
  const payId = paymentIdOfBody(body)
  if (!payId) {
    await logCallback(req, {
      provider_id: providerId,
      pay_id: claimedPayId,
      source_ip: source ?? null,
      result: "malformed",
    })
    return res.sendStatus(200)
  }
  const session = queryValue(req.query?.[CALLBACK_QUERY.session])
  if (session && confirmedPairs.get(session) !== payId) {
    const sessionPayId = await payIdOfSession(req, session)
    if (sessionPayId !== undefined && sessionPayId !== payId) {
      await logCallback(req, {
        provider_id: providerId,
        pay_id: payId,
        source_ip: source ?? null,
        result: "rejected_source",
      })
      return res.sendStatus(200)
    }
    if (sessionPayId === payId) confirmedPairs.set(session, payId)
  }

  req.headers[CALLBACK_HEADERS.source] = source
  req.headers[CALLBACK_HEADERS.receipt] = randomUUID()
  const signature = queryValue(req.query?.[CALLBACK_QUERY.signature])
  if (session) req.headers[CALLBACK_HEADERS.session] = session
  if (signature) req.headers[CALLBACK_HEADERS.signature] = signature
  return next()
}

export const callbackMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/hooks/payment/:provider",
    methods: ["POST"],
    middlewares: [stampTbcCallback],
  },
]
