/**
 * Cart lines → the bank's installment products (checkout method 8 `installmentProducts`, Online
 * Installments `products`), such that Σ price × quantity equals the amount charged EXACTLY, to the
 * tetri, and no price is negative.
 *
 * How: each line has its own amount (gross − its item discounts + its item tax). The target (the
 * payment amount) differs from the lines' sum by whatever is not on a line — shipping and its tax,
 * cart-level discounts, rounding. The whole target is allotted to the lines in proportion to their
 * own amounts with the largest-remainder method in integer tetri, which spreads that difference
 * proportionally, keeps every share ≥ 0 and makes the shares add up exactly. A line whose share is
 * not divisible by its quantity becomes two products: (q − r) × unit and r × (unit + 1 tetri).
 *
 * Why integers (BigInt for the products of amounts): a float split can miss the bank's sum check
 * by one tetri. Pure: no I/O. O(n log n) (one sort of the lines that get a remainder tetri).
 */
import { MAX_EXACT_MINOR, minorToMajor } from "./money"
import { TbcValidationError, type ValidationIssue } from "./tbc/errors"
import type { InstallmentProduct } from "./tbc/types"
import { LIMITS } from "./tbc/validation/fields"

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
 * Splits `totalMinor` into integer shares proportional to `weights` (Hamilton / largest
 * remainder): every share is ⌊total × w / W⌋ and the tetri left over go one each to the largest
 * remainders; ties go to the larger weight, then to the earlier line, so the result is
 * deterministic. A zero weight gets 0. Needs integer weights ≥ 0 with W > 0, and total ≥ 0.
 *
 * Exact: plain numbers wherever a product stays below 2^51, BigInt only when the
 * weights add up to 2^51 tetri or more (quantity × price beyond any real cart).
 */
export function allocateLargestRemainder(totalMinor: number, weights: readonly bigint[] | readonly number[]): number[] {
  const numeric = numericWeights(weights)
  return numeric === null
    ? allocateWithBigInts(totalMinor, weights.map((weight) => BigInt(weight)))
    : allocateWithNumbers(totalMinor, numeric.weights, numeric.sum)
}

/** Below this a product p and q × W (≤ p + W) are exact in a double. */
const SAFE_PRODUCT = Math.floor(Number.MAX_SAFE_INTEGER / 4)

function numericWeights(weights: readonly bigint[] | readonly number[]): { weights: number[]; sum: number } | null {
  const numbers = new Array<number>(weights.length)
  let sum = 0
  for (let i = 0; i < weights.length; i++) {
    const weight = Number(weights[i])
    if (!Number.isSafeInteger(weight) || weight < 0) return null
    numbers[i] = weight
    sum += weight
    if (sum > SAFE_PRODUCT) return null
  }
  if (sum <= 0) {
    throw new RangeError("allocateLargestRemainder: the weights must add up to more than 0")
  }
  return { weights: numbers, sum }
}

/**
 * W ≤ SAFE_PRODUCT. With T = tq × W + tr: T × w / W = tq × w + tr × w / W, where tq × w ≤ T is
 * exact and tr × w (up to 2^102) goes through mulDivFloor.
 */
function allocateWithNumbers(totalMinor: number, weights: readonly number[], weightSum: number): number[] {
  const shares = new Array<number>(weights.length)
  const remainders = new Float64Array(weights.length)
  const wholeTimes = Math.floor(totalMinor / weightSum)
  const totalRest = totalMinor - wholeTimes * weightSum
  let allotted = 0
  for (let i = 0; i < weights.length; i++) {
    const share = mulDivFloor(totalRest, weights[i], weightSum)
    const remainder = mulDivRemainder
    shares[i] = wholeTimes * weights[i] + share
    remainders[i] = remainder
    allotted += shares[i]
  }
  giveLeftoverByThreshold(shares, totalMinor - allotted, remainders, weights)
  return shares
}

const LIMB = 2 ** 26
/** The remainder of the last mulDivFloor call (a module variable: no tuple allocated per line). */
let mulDivRemainder = 0

/**
 * ⌊a × b / d⌋ exactly, with the remainder in `mulDivRemainder`, for integers 0 ≤ a, b ≤ d ≤
 * SAFE_PRODUCT (< 2^51), in doubles only: a BigInt per line made 100,000 lines 3× slower, mostly
 * in garbage collection.
 *
 * The float quotient is within 3 of the true one (relative error ≤ 2^-51 on a value ≤ a). The
 * remainder a·b − q·d of that guess is computed exactly from 26-bit limbs: every partial product
 * is < 2^52, and the pieces are combined so that each sum's exact value is < 2^53 — IEEE addition
 * is correctly rounded, so an exactly representable sum comes out exact. |remainder| < 4d ≤ 2^53.
 */
function mulDivFloor(a: number, b: number, d: number): number {
  const product = a * b
  if (product <= SAFE_PRODUCT) {
    let quotient = Math.floor(product / d)
    let remainder = product - quotient * d
    if (remainder < 0) (quotient -= 1), (remainder += d)
    else if (remainder >= d) (quotient += 1), (remainder -= d)
    mulDivRemainder = remainder
    return quotient
  }
  let quotient = Math.floor(product / d)
  const a1 = Math.floor(a / LIMB), a0 = a - a1 * LIMB
  const b1 = Math.floor(b / LIMB), b0 = b - b1 * LIMB
  const q1 = Math.floor(quotient / LIMB), q0 = quotient - q1 * LIMB
  const d1 = Math.floor(d / LIMB), d0 = d - d1 * LIMB
  const high = a1 * b1 - q1 * d1
  const middle = (a1 * b0 - q1 * d0) + (a0 * b1 - q0 * d1)
  const low = a0 * b0 - q0 * d0
  let remainder = (high * LIMB + middle) * LIMB + low
  while (remainder < 0) (quotient -= 1), (remainder += d)
  while (remainder >= d) (quotient += 1), (remainder -= d)
  mulDivRemainder = remainder
  return quotient
}

function allocateWithBigInts(totalMinor: number, weights: readonly bigint[]): number[] {
  const total = BigInt(totalMinor)
  let weightSum = 0n
  for (const weight of weights) weightSum += weight
  if (weightSum <= 0n) {
    throw new RangeError("allocateLargestRemainder: the weights must add up to more than 0")
  }
  const shares = new Array<number>(weights.length)
  const remainders = new Array<bigint>(weights.length)
  const withRemainder: number[] = []
  let allotted = 0
  for (let i = 0; i < weights.length; i++) {
    const scaled = total * weights[i]
    const share = scaled / weightSum
    shares[i] = Number(share)
    remainders[i] = scaled - share * weightSum
    allotted += shares[i]
    if (remainders[i] > 0n) withRemainder.push(i)
  }
  const compare = (a: number, b: number): number => {
    if (remainders[a] !== remainders[b]) return remainders[a] > remainders[b] ? -1 : 1
    if (weights[a] !== weights[b]) return weights[a] > weights[b] ? -1 : 1
    return a - b
  }
  giveLeftoverTetri(shares, totalMinor - allotted, withRemainder, compare)
  return shares
}

/**
 * giveLeftoverTetri for number remainders, without a comparator sort of every line (that sort was
 * a third of the time on 100,000 lines): the native numeric sort of a copy finds the `left`-th
 * largest remainder; lines above it get a tetri, and only the lines tied at it are ordered by
 * weight, then index.
 */
function giveLeftoverByThreshold(shares: number[], left: number, remainders: Float64Array, weights: readonly number[]): void {
  if (left <= 0) return
  // > 0: fewer tetri are left than lines with a remainder (see giveLeftoverTetri)
  const threshold = remainders.slice().sort()[remainders.length - left]
  const tied: number[] = []
  for (let i = 0; i < remainders.length; i++) {
    if (remainders[i] > threshold) {
      shares[i] += 1
      left -= 1
    } else if (remainders[i] === threshold) {
      tied.push(i)
    }
  }
  tied.sort((a, b) => weights[b] - weights[a] || a - b)
  for (let k = 0; k < left; k++) shares[tied[k]] += 1
}

/**
 * One tetri each to the `left` first lines in `compare` order. Σ remainders / W tetri are left,
 * fewer than the lines with a remainder (each remainder < W), so only those can receive one.
 */
function giveLeftoverTetri(shares: number[], left: number, withRemainder: number[], compare: (a: number, b: number) => number): void {
  if (left <= 0) return
  withRemainder.sort(compare)
  for (let k = 0; k < left; k++) shares[withRemainder[k]] += 1
}

/** A product name the bank accepts: trimmed, at most LIMITS.productName UTF-16 units, never empty. */
export function fitProductName(name: unknown, lineIndex: number): string {
  const trimmed = typeof name === "string" ? name.trim() : ""
  if (trimmed === "") {
    return `Item ${lineIndex + 1}`
  }
  if (trimmed.length <= LIMITS.productName) {
    return trimmed
  }
  let cut = trimmed.slice(0, LIMITS.productName)
  // never leave half of a surrogate pair (an emoji) at the end
  const last = cut.charCodeAt(cut.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1)
  return cut.trimEnd() || `Item ${lineIndex + 1}`
}

/**
 * The cart's lines as installment products whose Σ price × quantity is exactly
 * `input.targetMinor` tetri. Throws TbcValidationError naming the field for impossible input
 * (no lines, a negative or fractional target or amount, a quantity that is not a positive integer).
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
  // one product per line, two where the share does not divide by the quantity
  let count = lines.length
  for (let i = 0; i < lines.length; i++) {
    const remainder = lineAmountsMinor[i] % lines[i].quantity
    if (remainder !== 0) count += 1
  }
  const installmentProducts = new Array<InstallmentProduct>(count)
  const lineIndexes = new Array<number>(count)
  let next = 0
  for (let index = 0; index < lines.length; index++) {
    const { quantity } = lines[index]
    const name = fitProductName(lines[index].name, index)
    const amount = lineAmountsMinor[index]
    const unit = Math.floor(amount / quantity)
    const unitsWithExtraTetri = amount - unit * quantity
    if (unitsWithExtraTetri < quantity) {
      installmentProducts[next] = { name, price: minorToMajor(unit), quantity: quantity - unitsWithExtraTetri }
      lineIndexes[next++] = index
    }
    if (unitsWithExtraTetri > 0) {
      installmentProducts[next] = { name, price: minorToMajor(unit + 1), quantity: unitsWithExtraTetri }
      lineIndexes[next++] = index
    }
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
    issues.push({ field: `${field}.quantity`, rule: "positive_integer", message: `must be a positive integer, got ${shown(quantity)}` })
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
