/**
 * Field-name variants seen in the wild (docs/bank-behaviour.md, "Requests real clients send"): the docs say `returnurl`,
 * `subTotal`, `name/price/quantity`, `saveCardToDate`; real clients send `returnUrl`,
 * `subtotal`, `Name/Price/Quantity`, `cardExpiryDate`. We accept both and always output the
 * canonical (wire) name, so everything after validation sees one spelling.
 */
import { isRecord } from "./result"

/** canonical name → accepted alternative spellings, first match wins */
export type AliasMap = Readonly<Record<string, readonly string[]>>

export const CREATE_PAYMENT_ALIASES: AliasMap = {
  returnurl: ["returnUrl", "ReturnUrl"],
  saveCardToDate: ["cardExpiryDate"],
}

export const CHECKOUT_AMOUNT_ALIASES: AliasMap = {
  subTotal: ["subtotal", "SubTotal"],
}

export const PRODUCT_ALIASES: AliasMap = {
  name: ["Name"],
  price: ["Price"],
  quantity: ["Quantity"],
}

/**
 * A shallow copy in which each canonical key missing from `input` takes the value of its first
 * present alias; the alias keys are removed. A canonical key that is present always wins.
 * Non-objects are returned unchanged so that the schema reports their type.
 */
export function withCanonicalNames(input: unknown, aliases: AliasMap): unknown {
  if (!isRecord(input)) {
    return input
  }
  const output: Record<string, unknown> = { ...input }
  for (const [canonical, alternatives] of Object.entries(aliases)) {
    for (const alternative of alternatives) {
      if (output[canonical] === undefined && output[alternative] !== undefined) {
        output[canonical] = output[alternative]
      }
      delete output[alternative]
    }
  }
  return output
}

/** Applies `withCanonicalNames` to every element of an array (non-arrays unchanged). */
export function eachWithCanonicalNames(input: unknown, aliases: AliasMap): unknown {
  return Array.isArray(input) ? input.map((item) => withCanonicalNames(item, aliases)) : input
}
