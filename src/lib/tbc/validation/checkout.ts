/**
 * Validator of the create-web-payment body (POST /v1/tpay/payments). Field rules live in the
 * zod schema; rules that relate fields (methods vs saveCard and preAuth, method 8 vs products and currency,
 * zero total vs saveCard, Σ products = total) run separately on the same input, so a broken
 * field never hides a broken relation: every issue is reported at once.
 */
import { z } from "zod/v4"
import { majorToMinorExact } from "../../money"
import { ACTIVATION_REQUIRED_METHODS, NO_SAVE_CARD_METHODS, type CreatePaymentRequest } from "../types"
import { isPurchaseOnly } from "../../checkout-choices"
import type { ValidationIssue } from "../errors"
import { CHECKOUT_AMOUNT_ALIASES, CREATE_PAYMENT_ALIASES, withCanonicalNames } from "./aliases"
import {
  CURRENCIES,
  LIMITS,
  ansString,
  checkoutMethodSchema,
  currencySchema,
  httpUrlSchema,
  ipAddressSchema,
  languageSchema,
  majorAmountSchema,
  maxLengthString,
  positiveIntegerSchema,
  saveCardToDateSchema,
} from "./fields"
import { installmentProductsSchema, productsSumIssue, type ProductSumRule } from "./products"
import { combineResult, isRecord, issue, safeParseWithInput, valueOrThrow, type CheckResult } from "./result"

const INSTALLMENT_METHOD = 8

export interface CreatePaymentOptions {
  /** which activation-required methods (6, 9) the bank activated for the merchant; default none */
  activatedMethods?: readonly number[]
  /** which reading of "sum of prices = total" the products must satisfy; default both (what the plugin sends) */
  productSum?: ProductSumRule
}

const checkoutAmountSchema = z.preprocess(
  (value) => withCanonicalNames(value, CHECKOUT_AMOUNT_ALIASES),
  z.object({
    currency: currencySchema,
    total: majorAmountSchema(),
    subTotal: majorAmountSchema().optional(),
    tax: majorAmountSchema().optional(),
    shipping: majorAmountSchema().optional(),
  })
)

const createPaymentSchema = z.object({
  amount: checkoutAmountSchema,
  returnurl: httpUrlSchema,
  extra: ansString(LIMITS.extra).optional(),
  extra2: ansString(LIMITS.extra2).optional(),
  expirationMinutes: positiveIntegerSchema.optional(),
  methods: z.array(checkoutMethodSchema).optional(),
  installmentProducts: installmentProductsSchema.optional(),
  callbackUrl: httpUrlSchema.optional(),
  preAuth: z.boolean().optional(),
  language: languageSchema.optional(),
  merchantPaymentId: maxLengthString(LIMITS.merchantPaymentId).optional(),
  skipInfoMessage: z.boolean().optional(),
  saveCard: z.boolean().optional(),
  saveCardToDate: saveCardToDateSchema.optional(),
  description: maxLengthString(LIMITS.description).optional(),
  userIpAddress: ipAddressSchema.optional(),
})

export function checkCreatePaymentRequest(
  input: unknown,
  opts: CreatePaymentOptions = {}
): CheckResult<CreatePaymentRequest> {
  const canonical = withCanonicalNames(input, CREATE_PAYMENT_ALIASES)
  const parsed = safeParseWithInput(createPaymentSchema, canonical)
  const relationIssues = isRecord(canonical) ? createPaymentRelationIssues(canonical, opts) : []
  // zod v4 refinements do not narrow `methods` to CheckoutMethod[]; checkoutMethodSchema ensures it
  return combineResult<CreatePaymentRequest>(parsed as z.ZodSafeParseResult<CreatePaymentRequest>, relationIssues)
}

/** Throws TbcValidationError listing every issue; returns the canonical request otherwise. */
export function validateCreatePaymentRequest(input: unknown, opts: CreatePaymentOptions = {}): CreatePaymentRequest {
  return valueOrThrow("create payment request", checkCreatePaymentRequest(input, opts))
}

function createPaymentRelationIssues(request: Record<string, unknown>, opts: CreatePaymentOptions): ValidationIssue[] {
  const amount = isRecord(request.amount) ? request.amount : {}
  const saveCard = request.saveCard === true
  const methods = Array.isArray(request.methods) ? request.methods : []
  const preAuth = request.preAuth === true
  const issues: ValidationIssue[] = [...methodIssues(methods, saveCard, preAuth, opts.activatedMethods ?? [])]

  if (!saveCard && typeof amount.total === "number" && majorToMinorExact(amount.total) === 0) {
    const message = "must be greater than 0 (a zero amount is allowed only with saveCard)"
    issues.push(issue("amount.total", "positive", message))
  }

  const products = request.installmentProducts
  if (methods.includes(INSTALLMENT_METHOD)) {
    if (!Array.isArray(products) || products.length === 0) {
      issues.push(
        issue(
          "installmentProducts",
          "required_with_method_8",
          "must be a non-empty list when method 8 (installment) is selected"
        )
      )
    }
    const currency = amount.currency
    if ((CURRENCIES as readonly unknown[]).includes(currency) && currency !== "GEL") {
      const message = "must be GEL when method 8 (installment) is selected"
      issues.push(issue("amount.currency", "currency_gel_for_installment", message))
    }
  }

  const sumIssue = productsSumIssue("installmentProducts", products, amount.total, opts.productSum)
  if (sumIssue) {
    issues.push(sumIssue)
  }
  return issues
}

/** Per-element relation rules of `methods`: unique, activated, allowed with saveCard, with preAuth. */
function methodIssues(
  methods: readonly unknown[],
  saveCard: boolean,
  preAuth: boolean,
  activatedMethods: readonly number[]
): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  methods.forEach((method, index) => {
    const field = `methods.${index}`
    if (methods.indexOf(method) !== index) {
      issues.push(issue(field, "unique", `method ${String(method)} is listed more than once`))
    }
    if (typeof method !== "number") {
      return // the element's own type issue covers it
    }
    const needsActivation = (ACTIVATION_REQUIRED_METHODS as readonly number[]).includes(method)
    if (needsActivation && !activatedMethods.includes(method)) {
      issues.push(issue(field, "not_activated", `method ${method} is not activated for this merchant`))
    }
    if (saveCard && (NO_SAVE_CARD_METHODS as readonly number[]).includes(method)) {
      const message = `method ${method} is not allowed together with saveCard`
      issues.push(issue(field, "forbidden_with_save_card", message))
    }
    // Google Pay (TBC: "Purchase type authorizations" only) and Apple Pay (our safe reading)
    if (preAuth && isPurchaseOnly(method)) {
      const message = `method ${method} is a purchase only: not allowed together with preAuth`
      issues.push(issue(field, "purchase_only", message))
    }
  })
  return issues
}
