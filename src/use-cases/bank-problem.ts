/**
 * A bank or client error in words for the admin, without secrets: the typed errors of the client
 * only carry redacted data; anything else is named by its type only.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { TbcApiError, TbcConfigError, TbcError, TbcNetworkError, TbcTimeoutError } from "../lib/tbc"

export interface BankProblemView {
  /** short headline, e.g. the problem-JSON title */
  title: string
  /** the longer explanation, e.g. the problem-JSON detail */
  detail: string | null
  /** HTTP status the bank answered with, when it answered */
  status: number | null
}

export function bankProblemOf(error: unknown): BankProblemView {
  if (error instanceof TbcApiError) {
    const p = error.problem
    return {
      title: p.title || p.userMessage || `The bank answered ${error.status}`,
      detail: p.detail || p.developerMessage || null,
      status: error.status,
    }
  }
  if (error instanceof TbcTimeoutError) {
    return { title: "The bank did not answer in time", detail: `No answer within ${error.timeoutMs} ms`, status: null }
  }
  if (error instanceof TbcNetworkError) {
    return {
      title: "The bank could not be reached",
      detail: error.code ? `Network error ${error.code}` : null,
      status: null,
    }
  }
  if (error instanceof TbcConfigError) {
    return {
      title: "The provider options are invalid",
      detail: error.issues.map((i) => `${i.field}: ${i.message}`).join("; "),
      status: null,
    }
  }
  if (error instanceof MedusaError && error.type === MedusaError.Types.INVALID_DATA) {
    // the providers' option parsers: the message names options and rules, never values
    return { title: "The provider options are invalid", detail: error.message, status: null }
  }
  if (error instanceof TbcError) {
    return { title: error.message, detail: null, status: null }
  }
  return { title: "Unexpected error", detail: error instanceof Error ? error.name : null, status: null }
}
