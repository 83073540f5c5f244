/**
 * Largest-remainder (Hamilton) apportionment in integer minor units: split an amount into shares
 * proportional to weights that add up to it exactly. Used by the installment products mapping.
 * Pure: no I/O.
 */

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
    ? allocateWithBigInts(
        totalMinor,
        weights.map((weight) => BigInt(weight))
      )
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
    if (remainder < 0) {
      quotient -= 1
      remainder += d
    } else if (remainder >= d) {
      quotient += 1
      remainder -= d
    }
    mulDivRemainder = remainder
    return quotient
  }
  let quotient = Math.floor(product / d)
  const a1 = Math.floor(a / LIMB),
    a0 = a - a1 * LIMB
  const b1 = Math.floor(b / LIMB),
    b0 = b - b1 * LIMB
  const q1 = Math.floor(quotient / LIMB),
    q0 = quotient - q1 * LIMB
  const d1 = Math.floor(d / LIMB),
    d0 = d - d1 * LIMB
  const high = a1 * b1 - q1 * d1
  const middle = a1 * b0 - q1 * d0 + (a0 * b1 - q0 * d1)
  const low = a0 * b0 - q0 * d0
  let remainder = (high * LIMB + middle) * LIMB + low
  while (remainder < 0) {
    quotient -= 1
    remainder += d
  }
  while (remainder >= d) {
    quotient += 1
    remainder -= d
  }
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
function giveLeftoverByThreshold(
  shares: number[],
  left: number,
  remainders: Float64Array,
  weights: readonly number[]
): void {
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
function giveLeftoverTetri(
  shares: number[],
  left: number,
  withRemainder: number[],
  compare: (a: number, b: number) => number
): void {
  if (left <= 0) return
  withRemainder.sort(compare)
  for (let k = 0; k < left; k++) shares[withRemainder[k]] += 1
}
