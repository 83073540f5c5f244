/**
 * Cart lines → the bank's installment products (checkout method 8 `installmentProducts`, Online
 * Installments `products`): ONE product per cart line, with quantity 1, the line's whole amount as
 * its price and the quantity in its name ("Mug × 3"). Σ price and Σ price × quantity are then the
 * same number and equal the amount charged EXACTLY, to the tetri, so the request passes whichever
 * reading of the bank's "sum of prices = total" the live API applies (docs/bank-behaviour.md:
 * real clients send `price` as the line total, TBC's field list suggests the unit price).
 *
 * How: each line has its own amount (gross − its item discounts + its item tax). The target (the
 * payment amount) differs from the lines' sum by whatever is not on a line — shipping and its tax,
 * cart-level discounts, rounding. The whole target is allotted to the lines in proportion to their
 * own amounts with the largest-remainder method in integer tetri, which spreads that difference
 * proportionally, keeps every share ≥ 0 and makes the shares add up exactly.
 *
 * Why exact integers (see largest-remainder.ts): a float split can miss the bank's sum check by
 * one tetri. Pure: no I/O. O(n log n): one numeric sort of the remainders.
 */
import { allocateLargestRemainder } from "./largest-remainder"
import { MAX_EXACT_MINOR, minorToMajor } from "./money"
import { TbcValidationError, type ValidationIssue } from "./tbc/errors"
import type { InstallmentProduct } from "./tbc/types"
import { LIMITS } from "./tbc/validation/fields"

export { allocateLargestRemainder } from "./largest-remainder"

/** One cart line item, amounts in integer minor units (tetri). */
export interface InstallmentCartLine {
  /** The product title shown by the bank; cut to LIMITS.productName, "Item N" when empty. */
  name: string
  /** Positive integer. */
  quantity: number
  /** Price of one unit before discounts, ≥ 0. */
  unitPriceMinor: number
  /** This line's item-level discounts (promotion adjustments), ≥ 0. Default 0. */
  discountMinor?: number
  /** Tax charged on top of this line (0 when the unit price already includes it), ≥ 0. Default 0. */
  taxMinor?: number
}

export interface InstallmentProductsInput {
  lines: readonly InstallmentCartLine[]
  /**
   * The exact amount the products must add up to (the payment session amount), ≥ 0. It already
   * contains shipping, shipping tax and cart-level discounts: the difference between it and the
   * lines' own amounts is what gets spread over the lines.
   */
  targetMinor: number
}

/** What `toInstallmentProducts` reports about the spread, e.g. for logs and tests. */
export interface InstallmentProductsResult {
  installmentProducts: InstallmentProduct[]
  /** The line each product came from (index into input.lines), parallel to installmentProducts. */
  lineIndexes: number[]
  /** Tetri each input line received (Σ = targetMinor). */
  lineAmountsMinor: number[]
  /** Which line amounts the target was spread by (see weightsOf). */
  weighting: "line_amounts" | "gross_amounts" | "quantities"
}

/**
 * A product name the bank accepts: trimmed, at most `maxLength` (default LIMITS.productName) UTF-16
 * units, never empty ("Item N" instead).
 */
export function fitProductName(name: unknown, lineIndex: number, maxLength: number = LIMITS.productName): string {
  const trimmed = typeof name === "string" ? name.trim() : ""
  if (trimmed === "") {
    return `Item ${lineIndex + 1}`
  }
  if (trimmed.length <= maxLength) {
    return trimmed
  }
  let cut = trimmed.slice(0, maxLength)
  // never leave half of a surrogate pair (an emoji) at the end
  const last = cut.charCodeAt(cut.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1)
  return cut.trimEnd() || `Item ${lineIndex + 1}`
}

/**
 * The product name of a cart line: its title, and " × n" when the line has n > 1 units (the bank
 * sees quantity 1 and the whole line's price, so the name keeps the count for the shopper).
 * The title is cut so that name and count fit LIMITS.productName together.
 */
export function lineProductName(name: unknown, lineIndex: number, quantity: number): string {
  if (quantity === 1) return fitProductName(name, lineIndex)
  const count = ` \u00d7 ${quantity}`
  return fitProductName(name, lineIndex, LIMITS.productName - count.length) + count
}

/**
 * The cart's lines as installment products (one per line, quantity 1) whose Σ price — and so
 * Σ price × quantity — is exactly `input.targetMinor` tetri. Throws TbcValidationError naming the
 * field for impossible input (no lines, a negative or fractional target or amount, a quantity
 * that is not a positive integer).
 */
export function toInstallmentProducts(input: InstallmentProductsInput): InstallmentProduct[] {
  return spreadToInstallmentProducts(input).installmentProducts
}

/** `toInstallmentProducts` with the details of the spread. */
export function spreadToInstallmentProducts(input: InstallmentProductsInput): InstallmentProductsResult {
  assertValidInput(input)
  const { lines, targetMinor } = input
  const { weights, weighting } = weightsOf(lines)
  const lineAmountsMinor = allocateLargestRemainder(targetMinor, weights)
  const installmentProducts = new Array<InstallmentProduct>(lines.length)
  const lineIndexes = new Array<number>(lines.length)
  for (let index = 0; index < lines.length; index++) {
    installmentProducts[index] = {
      name: lineProductName(lines[index].name, index, lines[index].quantity),
      price: minorToMajor(lineAmountsMinor[index]),
      quantity: 1,
    }
    lineIndexes[index] = index
  }
  return { installmentProducts, lineIndexes, lineAmountsMinor, weighting }
}

/**
 * What the target is spread by: each line's own amount (gross − discount + tax, never below 0).
 * When every line's own amount is 0 (free items, but shipping to pay) the gross amounts are used,
 * and when those are 0 too, the quantities — so a cart of free items with paid shipping still
 * gets a price on every unit instead of an error.
 */
function weightsOf(lines: readonly InstallmentCartLine[]): {
  weights: number[] | bigint[]
  weighting: InstallmentProductsResult["weighting"]
} {
  const own = new Array<number>(lines.length)
  const gross = new Array<number>(lines.length)
  let ownPositive = false
  let grossPositive = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    gross[i] = line.unitPriceMinor * line.quantity
    const amount = gross[i] - (line.discountMinor ?? 0) + (line.taxMinor ?? 0)
    // a product beyond 2^53 is not exact as a double: redo the whole cart in BigInt
    if (!Number.isSafeInteger(gross[i]) || !Number.isSafeInteger(amount)) return bigWeightsOf(lines)
    own[i] = amount > 0 ? amount : 0
    ownPositive ||= amount > 0
    grossPositive ||= gross[i] > 0
  }
  if (ownPositive) return { weights: own, weighting: "line_amounts" }
  if (grossPositive) return { weights: gross, weighting: "gross_amounts" }
  return { weights: lines.map((line) => line.quantity), weighting: "quantities" }
}

/** weightsOf for carts whose amounts exceed 2^53 tetri (huge quantities of expensive goods). */
function bigWeightsOf(lines: readonly InstallmentCartLine[]): {
  weights: bigint[]
  weighting: InstallmentProductsResult["weighting"]
} {
  const gross = lines.map((line) => BigInt(line.unitPriceMinor) * BigInt(line.quantity))
  const own = lines.map((line, i) => {
    const amount = gross[i] - BigInt(line.discountMinor ?? 0) + BigInt(line.taxMinor ?? 0)
    return amount > 0n ? amount : 0n
  })
  if (own.some((amount) => amount > 0n)) return { weights: own, weighting: "line_amounts" }
  // gross > 2^53 here, so some gross amount is positive
  return { weights: gross, weighting: "gross_amounts" }
}

/** A value for an error message; never throws (a hostile object may have a throwing toString). */
function shown(value: unknown): string {
  try {
    return String(value)
  } catch {
    return `a ${typeof value} that cannot be shown`
  }
}

function assertValidInput(input: InstallmentProductsInput): void {
  const issues: ValidationIssue[] = []
  const { lines, targetMinor } = (input ?? {}) as Partial<InstallmentProductsInput>
  if (!isMinorAmount(targetMinor)) {
    issues.push({
      field: "targetMinor",
      rule: "non_negative_minor",
      message: `must be an integer number of tetri from 0 to ${MAX_EXACT_MINOR}, got ${shown(targetMinor)}`,
    })
  }
  if (!Array.isArray(lines) || lines.length === 0) {
    issues.push({
      field: "lines",
      rule: "required",
      message: "must contain at least one line item: there is nothing to attribute the amount to",
    })
  } else {
    for (let index = 0; index < lines.length && issues.length < 20; index++) {
      lineIssues(lines[index], index, issues)
    }
  }
  if (issues.length > 0) {
    throw new TbcValidationError("installment products input", issues)
  }
}

function lineIssues(line: InstallmentCartLine | undefined, index: number, issues: ValidationIssue[]): void {
  const field = `lines[${index}]`
  if (typeof line !== "object" || line === null) {
    issues.push({ field, rule: "type", message: "must be an object" })
    return
  }
  const { quantity } = line
  if (!Number.isSafeInteger(quantity) || quantity <= 0) {
    issues.push({
      field: `${field}.quantity`,
      rule: "positive_integer",
      message: `must be a positive integer, got ${shown(quantity)}`,
    })
  }
  for (const key of ["unitPriceMinor", "discountMinor", "taxMinor"] as const) {
    const value = line[key]
    if ((value !== undefined || key === "unitPriceMinor") && !isMinorAmount(value)) {
      issues.push({
        field: `${field}.${key}`,
        rule: "non_negative_minor",
        message: `must be an integer number of tetri from 0 to ${MAX_EXACT_MINOR}, got ${shown(value)}`,
      })
    }
  }
}

function isMinorAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= MAX_EXACT_MINOR
}
