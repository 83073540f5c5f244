/**
 * Installment products, shared by checkout (`installmentProducts`, method 8) and Online
 * Installments (`products`): the item rules and the bank's "Σ price × quantity = total" rule,
 * computed in integer tetri.
 */
import { z } from "zod/v4"
import { majorToMinorExact, minorToMajor, sumMinor } from "../../money"
import { PRODUCT_ALIASES, eachWithCanonicalNames } from "./aliases"
import { LIMITS, majorAmountSchema, nonEmptyString, positiveIntegerSchema } from "./fields"
import { issue, safeParseWithInput } from "./result"
import type { ValidationIssue } from "../errors"

export const installmentProductSchema = z.object({
  name: nonEmptyString(LIMITS.productName),
  price: majorAmountSchema(),
  quantity: positiveIntegerSchema,
})

/** A product list accepting `Name/Price/Quantity`, output as `name/price/quantity`. */
function productListSchema(minItems: number) {
  return z.preprocess(
    (value) => eachWithCanonicalNames(value, PRODUCT_ALIASES),
    z.array(installmentProductSchema).min(minItems)
  )
}

/** checkout `installmentProducts`: may be empty unless method 8 is selected (a relation rule) */
export const installmentProductsSchema = productListSchema(0)
/** installments `products`: always at least one */
export const nonEmptyInstallmentProductsSchema = productListSchema(1)

/** Each line's price × quantity in tetri, or null when some line is malformed. */
function lineTotalsMinor(products: unknown): number[] | null {
  if (!Array.isArray(products)) {
    return null
  }
  const lines: number[] = []
  for (const product of eachWithCanonicalNames(products, PRODUCT_ALIASES) as unknown[]) {
    const parsed = safeParseWithInput(installmentProductSchema, product)
    const priceMinor = parsed.success ? majorToMinorExact(parsed.data.price) : null
    if (!parsed.success || priceMinor === null) {
      return null
    }
    lines.push(priceMinor * parsed.data.quantity)
  }
  return lines
}

/** Σ price × quantity in tetri, or null when a line is malformed or the sum is too large to be exact. */
export function sumProductsMinor(products: unknown): number | null {
  const lines = lineTotalsMinor(products)
  if (lines === null) {
    return null
  }
  try {
    return sumMinor(lines)
  } catch {
    return null
  }
}

/**
 * The "Σ price × quantity = total" rule. Reported on the product list field, and only when the
 * total and every line are well-formed (otherwise their own issues already explain it).
 */
export function productsSumIssue(
  productsField: string,
  products: unknown,
  total: unknown
): ValidationIssue | null {
  const totalMinor = typeof total === "number" ? majorToMinorExact(total) : null
  const lines = lineTotalsMinor(products)
  if (totalMinor === null || lines === null || lines.length === 0) {
    return null
  }
  const productsMinor = sumProductsMinor(products)
  if (productsMinor === totalMinor) {
    return null
  }
  // null here means a line or the sum exceeds the exact range, so it cannot equal a valid total
  const sumText = productsMinor === null ? "too large" : String(minorToMajor(productsMinor))
  return issue(
    productsField,
    "sum_equals_total",
    `sum of price × quantity (${sumText}) must equal the total ${minorToMajor(totalMinor)}`
  )
}
