/**
 * fast-check arbitraries of VALID requests, built in integer tetri so that Σ price × quantity
 * equals the total by construction, plus a renderer that spells fields the way live clients do
 * (returnUrl, subtotal, Name/Price/Quantity, cardExpiryDate) to exercise the aliases.
 */
import fc from "fast-check"
import { MAX_EXACT_MINOR, minorToMajor } from "../../../money"
import type {
  CreateApplicationRequest,
  CreatePaymentRequest,
  ExecuteSavedCardRequest,
  InstallmentProduct,
} from "../../types"

export const CURRENCY = fc.constantFrom("GEL" as const, "USD" as const, "EUR" as const)

/** printable ASCII, the ANS alphabet */
export const ansText = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength, maxLength })

/** a string that is not blank */
export const nameText = (maxLength: number) => fc.string({ minLength: 1, maxLength }).filter((s) => s.trim() !== "")

export const minorAmount = (min: number, max: number) => fc.integer({ min, max })

export const loopbackUrl = fc
  .tuple(fc.constantFrom("http", "https"), fc.integer({ min: 1, max: 65535 }), fc.webSegment())
  .map(([scheme, port, segment]) => `${scheme}://127.0.0.1:${port}/${encodeURIComponent(segment)}`)

export const mmyy = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }))
  .map(([month, year]) => String(month).padStart(2, "0") + String(year).padStart(2, "0"))

export interface ProductsWithTotal {
  products: InstallmentProduct[]
  totalMinor: number
}

/**
 * 1–6 products whose Σ price (and Σ price × quantity: every quantity is 1, as the plugin sends
 * them) is `totalMinor`; the first line costs ≥ 1 tetri.
 */
export const productsWithTotal: fc.Arbitrary<ProductsWithTotal> = fc
  .array(fc.record({ name: nameText(60), priceMinor: minorAmount(0, 5_000_000), quantity: fc.constant(1) }), {
    minLength: 1,
    maxLength: 6,
  })
  .map((lines) => {
    lines[0].priceMinor = Math.max(lines[0].priceMinor, 1)
    return {
      products: lines.map((l) => ({ name: l.name, price: minorToMajor(l.priceMinor), quantity: l.quantity })),
      totalMinor: lines.reduce((sum, l) => sum + l.priceMinor * l.quantity, 0),
    }
  })

export interface CreatePaymentCase {
  request: CreatePaymentRequest
  activatedMethods: number[]
}

const optionalCheckoutFields = fc.record(
  {
    extra: ansText(0, 25),
    extra2: ansText(0, 52),
    description: fc.string({ maxLength: 30 }),
    expirationMinutes: fc.integer({ min: 1, max: 1440 }),
    callbackUrl: loopbackUrl,
    preAuth: fc.boolean(),
    language: fc.constantFrom("KA" as const, "EN" as const, "RU" as const),
    merchantPaymentId: fc.string({ maxLength: 100 }),
    skipInfoMessage: fc.boolean(),
    saveCardToDate: mmyy,
    userIpAddress: fc.oneof(fc.ipV4(), fc.ipV6()),
    subTotalMinor: minorAmount(0, 1e9),
    taxMinor: minorAmount(0, 1e9),
    shippingMinor: minorAmount(0, 1e9),
  },
  { requiredKeys: [] }
)

export const validCreatePayment: fc.Arbitrary<CreatePaymentCase> = fc
  .record({
    saveCard: fc.option(fc.boolean(), { nil: undefined }),
    activatedMethods: fc.subarray([6, 9]),
    methodPick: fc.shuffledSubarray([4, 5, 6, 7, 8, 9, 14]),
    withMethods: fc.boolean(),
    withProducts: fc.boolean(),
    productsWithTotal,
    // zero (card saving), small, large and the largest exact amounts all occur often
    otherTotalMinor: fc.oneof(
      fc.constant(0),
      minorAmount(1, 100),
      minorAmount(0, 1e11),
      minorAmount(0, MAX_EXACT_MINOR)
    ),
    currency: CURRENCY,
    returnurl: loopbackUrl,
    optional: optionalCheckoutFields,
  })
  .map((g) => {
    const methods = g.methodPick
      .filter((m) => (m !== 6 && m !== 9) || g.activatedMethods.includes(m))
      .filter((m) => !(g.saveCard && [4, 8, 9, 14].includes(m)))
      .filter((m) => !(g.optional.preAuth && [9, 14].includes(m)))
    const useMethods = g.withMethods || methods.includes(8)
    const withProducts = g.withProducts || (useMethods && methods.includes(8))
    const totalMinor = withProducts ? g.productsWithTotal.totalMinor : Math.max(g.otherTotalMinor, g.saveCard ? 0 : 1)
    const { subTotalMinor, taxMinor, shippingMinor, language, ...rest } = g.optional
    const request: CreatePaymentRequest = {
      amount: {
        currency: useMethods && methods.includes(8) ? "GEL" : g.currency,
        total: minorToMajor(totalMinor),
        ...(subTotalMinor !== undefined && { subTotal: minorToMajor(subTotalMinor) }),
        ...(taxMinor !== undefined && { tax: minorToMajor(taxMinor) }),
        ...(shippingMinor !== undefined && { shipping: minorToMajor(shippingMinor) }),
      },
      returnurl: g.returnurl,
      ...rest,
      ...(language && { language }),
      ...(g.saveCard !== undefined && { saveCard: g.saveCard }),
      ...(useMethods && { methods: methods as CreatePaymentRequest["methods"] }),
      ...(withProducts && { installmentProducts: g.productsWithTotal.products }),
    }
    return { request, activatedMethods: g.activatedMethods }
  })

/** Which live spellings to use when rendering a canonical request. */
export const aliasChoice = fc.record({
  returnUrl: fc.boolean(),
  subtotal: fc.boolean(),
  pascalProducts: fc.boolean(),
  cardExpiryDate: fc.boolean(),
  lowerLanguage: fc.boolean(),
})
export type AliasChoice = typeof aliasChoice extends fc.Arbitrary<infer T> ? T : never

function renamed(record: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  if (!(from in record)) return record
  const { [from]: value, ...rest } = record
  return { ...rest, [to]: value }
}

/** The request as a live client might send it; validation must give back the canonical form. */
export function renderWithAliases(request: Record<string, unknown>, choice: AliasChoice): Record<string, unknown> {
  let out: Record<string, unknown> = { ...request }
  if (choice.returnUrl) out = renamed(out, "returnurl", "returnUrl")
  if (choice.cardExpiryDate) out = renamed(out, "saveCardToDate", "cardExpiryDate")
  if (choice.lowerLanguage && typeof out.language === "string") out.language = out.language.toLowerCase()
  if (choice.subtotal && typeof out.amount === "object" && out.amount !== null) {
    out.amount = renamed(out.amount as Record<string, unknown>, "subTotal", "subtotal")
  }
  if (choice.pascalProducts && Array.isArray(out.installmentProducts)) {
    out.installmentProducts = out.installmentProducts.map(pascalProduct)
  }
  return out
}

export function pascalProduct(product: unknown): unknown {
  if (typeof product !== "object" || product === null) return product
  let out = product as Record<string, unknown>
  for (const key of ["name", "price", "quantity"]) {
    out = renamed(out, key, key[0].toUpperCase() + key.slice(1))
  }
  return out
}

export const validCreateApplication: fc.Arbitrary<CreateApplicationRequest & { merchantKey?: string }> = fc
  .record({
    productsWithTotal,
    optional: fc.record(
      {
        campaignId: fc.string({ maxLength: 10 }),
        invoiceId: fc.string({ maxLength: 40 }),
        merchantKey: fc.string({ maxLength: 40 }),
      },
      { requiredKeys: [] }
    ),
  })
  .map(({ productsWithTotal: p, optional }) => ({
    ...optional,
    priceTotal: minorToMajor(p.totalMinor),
    products: p.products,
  }))

export const validExecuteSavedCard: fc.Arbitrary<ExecuteSavedCardRequest> = fc
  .record({
    recId: nameText(64),
    amountMinor: minorAmount(1, 1e11),
    currency: CURRENCY,
    optional: fc.record(
      {
        preAuth: fc.boolean(),
        initiator: fc.constantFrom("merchant", "customer"),
        merchantPaymentId: fc.string({ maxLength: 100 }),
        extra: ansText(0, 25),
        extra2: ansText(0, 52),
      },
      { requiredKeys: [] }
    ),
  })
  .map((g) => ({
    recId: g.recId,
    money: { amount: minorToMajor(g.amountMinor), currency: g.currency },
    ...g.optional,
  }))
