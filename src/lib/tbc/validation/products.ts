/**
 * Installment products, shared by checkout (`installmentProducts`, method 8) and Online
 * Installments (`products`): the item rules and the bank's "sum of prices = total" rule, computed
 * in integer tetri.
 *
 * "Sum of prices" has two readings (docs/bank-behaviour.md): `price` is the unit price
 * (Σ price × quantity = total, the reading of TBC's field list) or the line total (Σ price =
 * total, the reading of real clients: geopayment, giorgijorji's README). The live check is
 * unknown, so the plugin's client demands BOTH (a list whose every quantity is 1 satisfies both)
 * and the sandbox lets its `productSum` option choose.
 */
import { z } from "zod/v4"
import { majorToMinorExact, minorToMajor, sumMinor } from "../../money"
import { PRODUCT_ALIASES, eachWithCanonicalNames } from "./aliases"
import { LIMITS, majorAmountSchema, nonEmptyString, positiveIntegerSchema } from "./fields"
import { issue, safeParseWithInput } from "./result"
import type { ValidationIssue } from "../errors"

/**
 * Which sum must equal the total: `unit` Σ price × quantity, `line` Σ price, `either` one of them,
 * `both` both of them. The client sends `both`; the sandbox's default is `either`.
 */
export type ProductSumRule = "unit" | "line" | "either" | "both"
export const PRODUCT_SUM_RULES: readonly ProductSumRule[] = ["unit", "line", "either", "both"]

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

interface ProductLine {
  priceMinor: number
  quantity: number
}

/** Each line's price (tetri) and quantity, or null when some line is malformed. */
function productLines(products: unknown): ProductLine[] | null {
  if (!Array.isArray(products)) {
    return null
  }
  const lines: ProductLine[] = []
  for (const product of eachWithCanonicalNames(products, PRODUCT_ALIASES) as unknown[]) {
    const parsed = safeParseWithInput(installmentProductSchema, product)
    const priceMinor = parsed.success ? majorToMinorExact(parsed.data.price) : null
    if (!parsed.success || priceMinor === null) {
      return null
    }
    lines.push({ priceMinor, quantity: parsed.data.quantity })
  }
  return lines
}

/** Σ of the values in tetri, or null when it (or a value) is too large to be exact. */
function exactSum(values: number[]): number | null {
  try {
    return sumMinor(values)
  } catch {
    return null
  }
}

/** Σ price × quantity in tetri, or null when a line is malformed or the sum is too large to be exact. */
export function sumProductsMinor(products: unknown): number | null {
  const lines = productLines(products)
  return lines === null ? null : exactSum(lines.map((line) => line.priceMinor * line.quantity))
}

/** Σ price (price read as the line total) in tetri, or null like sumProductsMinor. */
export function sumProductPricesMinor(products: unknown): number | null {
  const lines = productLines(products)
  return lines === null ? null : exactSum(lines.map((line) => line.priceMinor))
}

/** Whether a well-formed list of products adds up to `totalMinor` under `rule`. */
export function productsMatchTotal(products: unknown, totalMinor: number, rule: ProductSumRule = "both"): boolean {
  const unit = sumProductsMinor(products) === totalMinor
  const line = sumProductPricesMinor(products) === totalMinor
  if (rule === "unit") return unit
  if (rule === "line") return line
  return rule === "either" ? unit || line : unit && line
}

const RULE_WORDS: Record<ProductSumRule, string> = {
  unit: "sum of price × quantity",
  line: "sum of prices",
  either: "sum of price × quantity or sum of prices",
  both: "sum of price × quantity and sum of prices",
}

/**
 * The "sum = total" rule under `rule` (default `both`, what the plugin sends). Reported on the
 * product list field, and only when the total and every line are well-formed (otherwise their own
 * issues already explain it).
 */
export function productsSumIssue(
  productsField: string,
  products: unknown,
  total: unknown,
  rule: ProductSumRule = "both"
): ValidationIssue | null {
  const totalMinor = typeof total === "number" ? majorToMinorExact(total) : null
  const lines = productLines(products)
  if (totalMinor === null || lines === null || lines.length === 0) {
    return null
  }
  if (productsMatchTotal(products, totalMinor, rule)) {
    return null
  }
  // null means a line or the sum exceeds the exact range, so it cannot equal a valid total
  const shown = (minor: number | null) => (minor === null ? "too large" : String(minorToMajor(minor)))
  const sums = `Σ price × quantity = ${shown(sumProductsMinor(products))}, Σ price = ${shown(sumProductPricesMinor(products))}`
  return issue(
    productsField,
    "sum_equals_total",
    `${RULE_WORDS[rule]} must equal the total ${minorToMajor(totalMinor)} (${sums})`
  )
}
