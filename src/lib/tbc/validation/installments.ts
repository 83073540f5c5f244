/**
 * Validator of the Online Installments create-application body (POST /v1/online-installments/
 * applications). Currency is implicitly GEL; the products must add up to priceTotal exactly (by
 * default under both readings of "sum of prices", see products.ts).
 */
import { z } from "zod/v4"
import type { CreateApplicationRequest } from "../types"
import { majorAmountSchema } from "./fields"
import { nonEmptyInstallmentProductsSchema, productsSumIssue, type ProductSumRule } from "./products"
import { combineResult, isRecord, safeParseWithInput, valueOrThrow, type CheckResult } from "./result"

export type CreateApplicationInput = CreateApplicationRequest & { merchantKey?: string }

/** campaignIds are seen both as "191" and 191 in the wild; the wire form is a string. */
const campaignIdSchema = z.preprocess(
  (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
  z.string()
)

const createApplicationSchema = z.object({
  merchantKey: z.string().optional(),
  campaignId: campaignIdSchema.optional(),
  invoiceId: z.string().optional(),
  priceTotal: majorAmountSchema({ positive: true }),
  products: nonEmptyInstallmentProductsSchema,
})

export interface CreateApplicationOptions {
  /** which reading of "sum of prices = total"; default both (what the plugin sends) */
  productSum?: ProductSumRule
}

export function checkCreateApplicationRequest(
  input: unknown,
  opts: CreateApplicationOptions = {}
): CheckResult<CreateApplicationInput> {
  const parsed = safeParseWithInput(createApplicationSchema, input)
  const sumIssue = isRecord(input)
    ? productsSumIssue("products", input.products, input.priceTotal, opts.productSum)
    : null
  return combineResult<CreateApplicationInput>(parsed, sumIssue ? [sumIssue] : [])
}

export function validateCreateApplicationRequest(input: unknown): CreateApplicationInput {
  return valueOrThrow("create application request", checkCreateApplicationRequest(input))
}
