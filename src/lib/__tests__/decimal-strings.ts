/**
 * Random decimal strings with their exact value, for the money properties here and for the
 * Medusa-amount conversion's (src/providers/common/__tests__): exact BigInt arithmetic is the
 * reference that float math cannot be.
 */
import fc from "fast-check"

/**
 * A decimal string with up to 8 fraction digits, and its exact value in 10^-8 units; up to
 * 10^13 GEL, so beyond MAX_EXACT_MINOR too.
 */
export const decimalString = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 13n }),
    fc.integer({ min: 0, max: 8 }),
    fc.bigInt({ min: 0n, max: 10n ** 8n - 1n })
  )
  .map(([negative, whole, fractionDigits, fractionSource]) => {
    const fraction = (fractionSource % 10n ** BigInt(fractionDigits)).toString().padStart(fractionDigits, "0")
    const text = `${negative ? "-" : ""}${whole}${fractionDigits ? `.${fraction}` : ""}`
    const scaled = (whole * 10n ** 8n + BigInt(fraction.padEnd(8, "0") || "0")) * (negative ? -1n : 1n)
    return { text, scaled }
  })

/** Round half away from zero of value × 10^-6 (the 10^-8 units to tetri), in BigInt. */
export function expectedTetri(scaled: bigint): number {
  const magnitude = scaled < 0n ? -scaled : scaled
  const rounded = (magnitude + 500_000n) / 1_000_000n
  const result = Number(scaled < 0n ? -rounded : rounded)
  return result === 0 ? 0 : result
}
