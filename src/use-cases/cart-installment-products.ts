/**
 * The installment products of a payment collection's cart, computed on the server from what
 * Medusa stored (never from what the storefront sent): reads the collection and its cart with
 * Medusa's query and maps the lines with `spreadToInstallmentProducts` (one product per line,
 * quantity 1) so that Σ price — and so Σ price × quantity — equals the collection amount, the
 * amount the provider's initiatePayment receives, exactly.
 *
 * App side only (needs the app container's query); the providers cannot see the cart (Medusa
 * isolates modules), so the session-creation workflow hands them the result in `data`.
 */
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { spreadToInstallmentProducts, type InstallmentCartLine } from "../lib/installment-products"
import { TbcValidationError } from "../lib/tbc/errors"
import type { InstallmentProduct } from "../lib/tbc/types"
import { medusaAmountToMinor } from "../providers/common/medusa-values"

/** What the cart query returns of a line item (totals are Medusa's computed fields). */
export interface MedusaCartItemTotals {
  id?: string
  title?: string | null
  subtitle?: string | null
  product_title?: string | null
  variant_title?: string | null
  quantity?: BigNumberInput | null
  unit_price?: BigNumberInput | null
  is_tax_inclusive?: boolean | null
  discount_total?: BigNumberInput | null
  tax_total?: BigNumberInput | null
}

/** Fields the mapping reads; exported so tests and callers see exactly what is queried. */
export const CART_ITEM_FIELDS = [
  "items.id",
  "items.title",
  "items.subtitle",
  "items.product_title",
  "items.variant_title",
  "items.quantity",
  "items.unit_price",
  "items.is_tax_inclusive",
  "items.discount_total",
  "items.tax_total",
] as const

export interface CartInstallmentProducts {
  cartId: string
  /** the collection amount in tetri: what Σ price (= Σ price × quantity) equals */
  amountMinor: number
  currencyCode: string
  installmentProducts: InstallmentProduct[]
}

/** "Khinkali set (Family)": the product title with the variant's when it adds something. */
export function lineItemName(item: MedusaCartItemTotals): string {
  const title = (item.product_title ?? item.title ?? "").trim()
  const variant = (item.variant_title ?? item.subtitle ?? "").trim()
  if (variant === "" || variant === title || /^default( variant)?$/i.test(variant)) return title
  return title === "" ? variant : `${title} (${variant})`
}

/**
 * Medusa line items → the mapping's lines. The weights only need to be proportional to what each
 * line costs: unit price × quantity − item discounts (+ tax where the price excludes it).
 */
export function cartLinesFromItems(items: readonly MedusaCartItemTotals[]): InstallmentCartLine[] {
  return items.map((item, index) => {
    // line item quantities are big numbers in Medusa: a number, a string or a raw {value} object
    const quantity =
      item.quantity === null || item.quantity === undefined ? NaN : MathBN.convert(item.quantity).toNumber()
    if (!Number.isSafeInteger(quantity) || quantity <= 0) {
      throw new TbcValidationError("cart line items", [
        {
          field: `items[${index}].quantity`,
          rule: "positive_integer",
          message: `must be a positive integer, got ${String(item.quantity)}`,
        },
      ])
    }
    return {
      name: lineItemName(item),
      quantity,
      unitPriceMinor: Math.max(0, medusaAmountToMinor(item.unit_price ?? 0)),
      discountMinor: Math.max(0, medusaAmountToMinor(item.discount_total ?? 0)),
      taxMinor: item.is_tax_inclusive ? 0 : Math.max(0, medusaAmountToMinor(item.tax_total ?? 0)),
    }
  })
}

/**
 * Reads the payment collection (amount, currency) and its cart's lines and returns the products.
 * Undefined when the collection has no cart (e.g. an order's collection). Throws
 * TbcValidationError when the cart has no lines, a line's quantity is broken or the amount is
 * negative.
 */
export async function computeCartInstallmentProducts(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<CartInstallmentProducts | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: collections } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "amount", "currency_code", "cart.id"],
    filters: { id: paymentCollectionId },
  })
  const collection = collections[0] as
    { amount?: BigNumberInput; currency_code?: string; cart?: { id?: string } | null } | undefined
  const cartId = collection?.cart?.id
  if (!collection || !cartId) return undefined
  const { data: carts } = await query.graph({
    entity: "cart",
    fields: ["id", ...CART_ITEM_FIELDS],
    filters: { id: cartId },
  })
  // sorted by id (time-ordered ULIDs) so the same cart always maps the same way
  const items = ((carts[0] as { items?: MedusaCartItemTotals[] } | undefined)?.items ?? [])
    .filter(Boolean)
    .sort((a, b) => String(a.id ?? "").localeCompare(String(b.id ?? "")))
  const amountMinor = medusaAmountToMinor(collection.amount ?? 0)
  const { installmentProducts } = spreadToInstallmentProducts({
    lines: cartLinesFromItems(items),
    targetMinor: amountMinor,
  })
  return { cartId, amountMinor, currencyCode: collection.currency_code ?? "", installmentProducts }
}
