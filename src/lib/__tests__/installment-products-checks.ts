/**
 * The checks of installment-products.properties.unit.spec.ts: every broken rule of one mapping,
 * and a plain BigInt reference of the largest-remainder allocation.
 */
import { majorToMinorExact, minorToMajor } from "../money"
import { spreadToInstallmentProducts, type InstallmentProductsInput } from "../installment-products"
import {
  nonEmptyInstallmentProductsSchema,
  productsSumIssue,
  sumProductPricesMinor,
  sumProductsMinor,
} from "../tbc/validation/products"

/**
 * Everything the bank and Medusa need of one mapping, as a list of broken rules (empty = fine).
 * Plain checks instead of one expect per product: jest's expect costs ~50 µs a call, and
 * 10,000 carts × up to 50 products would make the suite take minutes.
 */
export function brokenRules(
  input: InstallmentProductsInput,
  { installmentProducts: products, lineIndexes, lineAmountsMinor } = spreadToInstallmentProducts(input)
): string[] {
  const broken: string[] = []
  if (sumProductsMinor(products) !== input.targetMinor)
    broken.push(`Σ price × quantity ${sumProductsMinor(products)} ≠ target`)
  if (sumProductPricesMinor(products) !== input.targetMinor)
    broken.push(`Σ price ${sumProductPricesMinor(products)} ≠ target`)
  const sumIssue = productsSumIssue("installmentProducts", products, minorToMajor(input.targetMinor), "both")
  if (sumIssue) broken.push(`productsSumIssue: ${sumIssue.message}`)
  const parsed = nonEmptyInstallmentProductsSchema.safeParse(products)
  if (!parsed.success) broken.push(`validator: ${parsed.error.message}`)
  if (products.length !== input.lines.length) broken.push(`${products.length} products for ${input.lines.length} lines`)
  products.forEach((product, p) => {
    const minor = majorToMinorExact(product.price)
    if (minor === null || minor < 0 || !/^\d+(\.\d{1,2})?$/.test(String(product.price))) {
      broken.push(`product ${p}: price ${product.price} is negative or has more than 2 decimals`)
      return
    }
    if (product.quantity !== 1) broken.push(`product ${p}: quantity ${product.quantity} (must be 1)`)
    if (
      product.name.trim() === "" ||
      product.name.length > 255 ||
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(product.name)
    ) {
      broken.push(`product ${p}: name ${JSON.stringify(product.name)}`)
    }
    const line = lineIndexes[p] ?? p
    const quantity = input.lines[line]?.quantity ?? 0
    if (quantity > 1 && !product.name.endsWith(` \u00d7 ${quantity}`))
      broken.push(`product ${p}: name does not say × ${quantity}`)
    if (minor !== lineAmountsMinor[line])
      broken.push(`line ${line}: price ${minor} ≠ its share ${lineAmountsMinor[line]}`)
  })
  return broken
}

/** Hamilton's method written the obvious way, in BigInt, with the documented tie-break. */
export function referenceLargestRemainder(totalMinor: number, weights: bigint[]): number[] {
  const total = BigInt(totalMinor)
  const sum = weights.reduce((a, b) => a + b, 0n)
  const shares = weights.map((w) => (total * w) / sum)
  const order = weights
    .map((w, index) => ({ index, w, remainder: (total * w) % sum }))
    .sort((a, b) =>
      a.remainder !== b.remainder
        ? a.remainder > b.remainder
          ? -1
          : 1
        : a.w !== b.w
          ? a.w > b.w
            ? -1
            : 1
          : a.index - b.index
    )
  let left = total - shares.reduce((a, b) => a + b, 0n)
  for (const { index } of order) {
    if (left === 0n) break
    shares[index] += 1n
    left -= 1n
  }
  return shares.map(Number)
}
