/**
 * Money helpers: decimal major units (GEL, as the bank's JSON carries them) ⇄ integer minor
 * units (tetri).
 *
 * Why integers: binary floats cannot hold most decimal fractions (0.1 + 0.2 !== 0.3), so a sum
 * of float prices can miss the bank's "Σ products = total" check by one tetri, or a refund can
 * exceed what is left by 1e-13. Every sum and comparison in this plugin is therefore done on
 * integer tetri, and conversion from a number goes through its decimal string (never `x * 100`,
 * which turns 1.005 into 100.49999999999999 and 0.29 into 28.999999999999996).
 *
 * Pure: no I/O.
 */
/** Tetri per lari. */
const MINOR_PER_MAJOR = 100
const MINOR_DIGITS = 2

/**
 * Largest minor amount we accept: 14 digits (999 999 999 999.99 GEL, far above any real
 * payment). Why this bound: a decimal with at most 15 significant digits survives
 * decimal → double → decimal unchanged, so (1) up to here `minorToMajor` and `majorToMinorExact`
 * are exact inverses, and (2) an amount with a forbidden 3rd decimal still has ≤ 15 digits,
 * stays a distinct double and is caught; beyond it 1234567890123.451 and 1234567890123.45 can
 * be the same number.
 */
export const MAX_EXACT_MINOR = 99_999_999_999_999

// sign, integer digits, optional fraction, optional exponent: "12.30", "-0.5", "1e-7", "1.5E+3"
const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/

/**
 * Decimal major units to integer minor units, exactly. A number is read through its shortest
 * decimal form (String(12.3) = "12.3"), so 0.1 → 10 and 1.005 → null, never a rounded guess.
 *
 * Returns null when the value is not a finite decimal, has more than 2 decimals (after dropping
 * trailing zeros: "12.300" is fine), or its magnitude exceeds MAX_EXACT_MINOR. Negative values
 * give negative minor units; callers that need a sign check it themselves.
 */
export function majorToMinorExact(value: number | string): number | null {
  const read = readMinorExact(value)
  return "minor" in read ? read.minor : null
}

/** Why a value is not an exact tetri amount; the order of the checks is the order listed. */
export type InexactReason = "not_decimal" | "too_many_decimals" | "too_large"

/**
 * majorToMinorExact with the reason for a refusal, so a validator names the rule the value
 * really breaks: 999999999999.991 has a 3rd decimal (and is also above the maximum); the
 * decimals are what the sender got wrong, so they are reported first.
 */
export function readMinorExact(value: number | string): { minor: number } | { reason: InexactReason } {
  if (typeof value === "number" && !Number.isFinite(value)) {
    return { reason: "not_decimal" }
  }
  if (typeof value !== "number" && typeof value !== "string") {
    return { reason: "not_decimal" }
  }
  const match = DECIMAL_PATTERN.exec(String(value))
  if (!match) {
    return { reason: "not_decimal" }
  }
  const [, sign, integerDigits, fractionDigits = "", exponentText = "0"] = match
  // value = digits × 10^(exponent - fraction length); minor = value × 10^MINOR_DIGITS
  let digits = (integerDigits + fractionDigits).replace(/^0+(?=\d)/, "")
  let minorExponent = Number(exponentText) - fractionDigits.length + MINOR_DIGITS
  while (minorExponent < 0 && digits.length > 1 && digits.endsWith("0")) {
    digits = digits.slice(0, -1)
    minorExponent += 1
  }
  if (minorExponent < 0 && digits !== "0") {
    return { reason: "too_many_decimals" }
  }
  if (digits === "0") {
    return { minor: 0 }
  }
  if (minorExponent > 15) {
    return { reason: "too_large" }
  }
  const magnitude = BigInt(digits) * 10n ** BigInt(minorExponent)
  if (magnitude > BigInt(MAX_EXACT_MINOR)) {
    return { reason: "too_large" }
  }
  const minor = Number(magnitude)
  return { minor: sign ? -minor : minor }
}

/**
 * A decimal amount (a number, or a decimal string such as "33.333333" or "1.5e3") to integer
 * tetri, rounded half-up (ties away from zero: 1.005 → 101, -1.005 → -101) at the third
 * decimal: Medusa totals can carry more precision than the bank accepts (e.g. 33.333333 after a
 * tax split). Medusa's own amount types (BigNumber, `{value, precision}`) are read into such a
 * string at the edge: src/providers/common/medusa-values.ts. Exact: BigInt on the decimal digits,
 * never `x * 100`. Throws when the amount is missing, not a finite decimal, or too large to be exact.
 */
export function toMinorUnits(amount: number | string): number {
  if (amount === null || amount === undefined) {
    throw new Error(`Amount is required, got ${String(amount)}`)
  }
  const text = String(amount)
  const match = typeof amount === "number" || typeof amount === "string" ? DECIMAL_PATTERN.exec(text) : null
  if (!match) {
    throw new Error(`Amount must be a finite number, got ${text}`)
  }
  const [, sign, integerDigits, fractionDigits = "", exponentText = "0"] = match
  const digits = integerDigits + fractionDigits
  // minor = digits × 10^shift
  const shift = Number(exponentText) - fractionDigits.length + MINOR_DIGITS
  let magnitude: bigint
  if (shift >= 0) {
    // more than 15 places up, any non-zero amount is beyond MAX_EXACT_MINOR (and 10^shift stays small)
    magnitude =
      /[1-9]/.test(digits) && shift > 15 ? BigInt(MAX_EXACT_MINOR) + 1n : BigInt(digits) * 10n ** BigInt(shift)
  } else if (-shift > digits.length + 1) {
    magnitude = 0n // below half a tetri whatever the digits (and no huge power of ten is built)
  } else {
    const divisor = 10n ** BigInt(-shift)
    const remainder = BigInt(digits) % divisor
    magnitude = BigInt(digits) / divisor + (remainder * 2n >= divisor ? 1n : 0n)
  }
  if (magnitude > BigInt(MAX_EXACT_MINOR)) {
    throw new Error(`Amount ${text} is too large: at most ${MAX_EXACT_MINOR} minor units`)
  }
  const minor = Number(magnitude)
  return sign && minor !== 0 ? -minor : minor // no -0 from "-0.001"
}

/**
 * Integer minor units to a major-unit number for the bank's JSON (1234 → 12.34). IEEE division
 * of two exact integers is correctly rounded, so the result is the double nearest to the
 * decimal and prints as that decimal for every |minor| ≤ MAX_EXACT_MINOR.
 */
export function minorToMajor(minor: number): number {
  assertMinor(minor, "minor amount")
  const major = minor / MINOR_PER_MAJOR
  return major === 0 ? 0 : major
}

/** Sum of minor amounts; each must be an integer within ±MAX_EXACT_MINOR, and so must the sum. */
export function sumMinor(values: readonly number[]): number {
  let total = 0
  values.forEach((value, index) => {
    assertMinor(value, `minor amount at index ${index}`)
    total += value
  })
  assertMinor(total, "sum of minor amounts")
  return total
}

function assertMinor(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || Math.abs(value) > MAX_EXACT_MINOR) {
    throw new RangeError(`${what} must be an integer number of minor units within ±${MAX_EXACT_MINOR}, got ${value}`)
  }
}
