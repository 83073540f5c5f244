/**
 * The sandbox's tolerances: request shapes real public TBC clients send and the live API accepts,
 * rewritten into the canonical shape before the shared (strict) validators see them. Off when the
 * sandbox is strict, so the plugin's own tests never depend on one. The README's "Tolerances"
 * table lists each with the kind of client that sends it:
 *  - explicit `null` for a field (Newtonsoft/Jackson, geopayment's `campaignId: null`) = absent;
 *  - an amount as a plain decimal string with at most 2 decimals ("100.00"; geopayment, TheBeka's
 *    `toFixed(2)`) = that number; "abc", "1e3", "1.234", "-1" stay strings, so they are refused;
 *  - a field name in another case (`recID`, `Amount`, `Total`, `Currency`, `ReturnUrl`; ASP.NET
 *    Core binds names case-insensitively) = the canonical name.
 * Pure: no I/O.
 */
import { isRecord } from "medusa-payment-tbc/lib"

/**
 * What a body looks like: each canonical field is a plain value (`true`), an amount (`"amount"`),
 * a nested object (a Shape) or a list of objects (`[Shape]`).
 */
export interface Shape {
  readonly [canonical: string]: true | "amount" | Shape | readonly [Shape]
}

const PRODUCT: Shape = { name: true, price: "amount", quantity: true }

export const CREATE_PAYMENT_SHAPE: Shape = {
  amount: { currency: true, total: "amount", subTotal: "amount", tax: "amount", shipping: "amount" },
  returnurl: true,
  extra: true,
  extra2: true,
  expirationMinutes: true,
  methods: true,
  installmentProducts: [PRODUCT],
  callbackUrl: true,
  preAuth: true,
  language: true,
  merchantPaymentId: true,
  skipInfoMessage: true,
  saveCard: true,
  saveCardToDate: true,
  cardExpiryDate: true,
  description: true,
  userIpAddress: true,
}

export const EXECUTION_SHAPE: Shape = {
  recId: true,
  money: { amount: "amount", currency: true },
  preAuth: true,
  initiator: true,
  merchantPaymentId: true,
  extra: true,
  extra2: true,
}

export const OPERATION_AMOUNT_SHAPE: Shape = { amount: "amount" }

export const CREATE_APPLICATION_SHAPE: Shape = {
  merchantKey: true,
  campaignId: true,
  invoiceId: true,
  priceTotal: "amount",
  products: [PRODUCT],
}

export const MERCHANT_CALL_SHAPE: Shape = { merchantKey: true, take: true, synchronizationRequestId: true }

/** A plain decimal with at most 2 decimals: "100", "100.5", "100.00". No sign, exponent or spaces. */
const DECIMAL_STRING = /^\d{1,15}(\.\d{1,2})?$/

/** `body` with nulls dropped, names matched case-insensitively to `shape` and decimal strings as numbers. */
export function tolerantBody(body: unknown, shape: Shape): unknown {
  if (!isRecord(body)) {
    return body
  }
  const byLowerName = new Map(Object.keys(shape).map((name) => [name.toLowerCase(), name]))
  const output: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (value === null || key === "__proto__") continue // "__proto__" would set the copy's prototype
    const canonical = key in shape ? key : byLowerName.get(key.toLowerCase())
    if (canonical === undefined) {
      output[key] = value // unknown: left for the validator
      continue
    }
    if (canonical !== key && canonical in body && body[canonical] !== null) continue // the canonical spelling wins
    output[canonical] = tolerantValue(value, shape[canonical])
  }
  return output
}

function tolerantValue(value: unknown, kind: Shape[string]): unknown {
  if (kind === "amount") {
    return typeof value === "string" && DECIMAL_STRING.test(value) ? Number(value) : value
  }
  if (Array.isArray(kind)) {
    return Array.isArray(value) ? value.map((item) => tolerantBody(item, kind[0])) : value
  }
  if (kind === true) {
    return value
  }
  return tolerantBody(value, kind as Shape)
}

/** `tolerantBody` when the sandbox is tolerant (not strict); the body unchanged otherwise. */
export function tolerated(bank: { config: { tolerant: boolean } }, body: unknown, shape: Shape): unknown {
  return bank.config.tolerant ? tolerantBody(body, shape) : body
}
