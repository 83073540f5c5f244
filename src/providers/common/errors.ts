/**
 * Bank-client errors → MedusaError with words a shopper or merchant can act on.
 *
 * Why not rethrow the TbcError: Medusa shows `error.message` to the storefront (cart completion)
 * and the admin (capture/refund), and a "TBC POST /v1/tpay/payments/{payId}/completion failed
 * with 409: ..." line is neither readable nor something the shopper should see. The bank's own
 * words (userMessage/detail/title) are kept when present because they say WHAT was refused; they
 * were already redacted by the client. No operation paths, no secrets, no stack.
 */
import { BANK_NOT_ANSWERING_TEXT } from "../../lib/shopper-texts"
import { MedusaError } from "@medusajs/framework/utils"
import { problemsText } from "../../lib/zod-problems"
import {
  TbcApiError,
  TbcConfigError,
  TbcError,
  TbcNetworkError,
  TbcTimeoutError,
  TbcValidationError,
} from "../../lib/tbc/errors"

type MedusaErrorType = (typeof MedusaError.Types)[keyof typeof MedusaError.Types]

/** What a shopper reads when the bank did not answer within the request's budget. */
export const BANK_NOT_ANSWERING_MESSAGE = BANK_NOT_ANSWERING_TEXT

/** Marks a MedusaError made from a bank that did not answer (timeout, budget, no connection). */
const NOT_ANSWERING = "tbc_bank_not_answering"

function markNotAnswering(error: MedusaError): MedusaError {
  Object.defineProperty(error, NOT_ANSWERING, { value: true, enumerable: false })
  return error
}

/** Whether `error` says the bank did not answer (in time, or at all). */
export function isBankNotAnswering(error: unknown): boolean {
  if (error instanceof TbcTimeoutError || error instanceof TbcNetworkError) return true
  return typeof error === "object" && error !== null && (error as Record<string, unknown>)[NOT_ANSWERING] === true
}

/**
 * For a request a shopper waits on: a bank that did not answer becomes the one readable message
 * (as `type`: PAYMENT_AUTHORIZATION_ERROR keeps cart completion's 200 "cart" answer); any other
 * error is left as it is.
 */
export function forShopper(error: unknown, type: MedusaErrorType = MedusaError.Types.UNEXPECTED_STATE): unknown {
  return isBankNotAnswering(error) ? new MedusaError(type, BANK_NOT_ANSWERING_MESSAGE) : error
}

/** The bank's own explanation of an API error, cut to one short line, or undefined. */
export function bankWords(error: TbcApiError): string | undefined {
  const p = error.problem
  const words = p.userMessage || p.detail || p.developerMessage || p.title
  if (!words || /^HTTP \d+$/.test(words)) return undefined
  const oneLine = words.replace(/\s+/g, " ").trim()
  return oneLine.length > 200 ? oneLine.slice(0, 197) + "..." : oneLine
}

/** MedusaError type for an HTTP status the bank answered with. */
function typeForStatus(status: number): MedusaErrorType {
  if (status === 404) return MedusaError.Types.NOT_FOUND
  if (status === 409) return MedusaError.Types.CONFLICT
  if (status === 400 || status === 422) return MedusaError.Types.INVALID_DATA
  return MedusaError.Types.UNEXPECTED_STATE
}

/**
 * Maps any error thrown while talking to the bank to a MedusaError.
 * `action` names what was attempted, in words ("refund the payment"), and starts the message.
 * MedusaErrors pass through unchanged (they are already ours).
 */
export function toMedusaError(error: unknown, action = "process the payment"): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  const what = `Could not ${action}`
  if (error instanceof TbcValidationError) {
    const issues = problemsText(error.issues)
    return new MedusaError(MedusaError.Types.INVALID_DATA, `${what}: ${issues}`)
  }
  if (error instanceof TbcConfigError) {
    const issues = problemsText(error.issues)
    return new MedusaError(MedusaError.Types.INVALID_DATA, `${what}: the TBC options are invalid (${issues})`)
  }
  if (error instanceof TbcApiError) {
    if (error.status === 401 || error.status === 403) {
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `${what}: the bank did not accept the store's TBC credentials. Check apiKey, clientId and clientSecret.`
      )
    }
    if (error.status === 429) {
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `${what}: the bank is busy. Please try again in a moment.`
      )
    }
    if (error.status >= 500) {
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `${what}: the bank is temporarily unavailable. Please try again later.`
      )
    }
    const words = bankWords(error)
    return new MedusaError(typeForStatus(error.status), `${what}: the bank refused it${words ? ` (${words})` : ""}.`)
  }
  if (error instanceof TbcTimeoutError) {
    return markNotAnswering(
      new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `${what}: the bank did not answer in time. Check the payment's status before trying again.`
      )
    )
  }
  if (error instanceof TbcNetworkError) {
    const hint = error.reachedBank ? "Check the payment's status before trying again." : "Please try again."
    return markNotAnswering(
      new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `${what}: the bank could not be reached. ${hint}`)
    )
  }
  if (error instanceof TbcError) {
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `${what}: ${error.kind} error.`)
  }
  // Unknown errors may carry anything (a request config with headers, a token): never echo them.
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `${what}: an unexpected error occurred.`)
}

/** True when the bank said the thing does not exist (404 or a 404 business code). */
export function isBankNotFound(error: unknown): boolean {
  return error instanceof TbcApiError && error.status === 404
}
