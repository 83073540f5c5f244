/**
 * One family of typed errors for everything the bank client can fail with.
 *
 * Why a family and not plain Errors: providers must tell "the bank said no"
 * (TbcApiError, maybe "already done" = success) from "we never reached the bank"
 * (TbcNetworkError with reachedBank=false, safe to retry) from "we refused to send
 * it" (TbcValidationError, nothing was sent). Every error serialises without
 * secrets: constructors only ever receive already-redacted data.
 */
import { problemsText } from "../zod-problems"

export type TbcErrorKind = "validation" | "api" | "network" | "timeout" | "config"

export class TbcError extends Error {
  readonly kind: TbcErrorKind
  constructor(kind: TbcErrorKind, message: string) {
    super(message)
    this.kind = kind
    this.name = new.target.name
  }
  toJSON(): Record<string, unknown> {
    return { name: this.name, kind: this.kind, message: this.message }
  }
}

/** One broken rule: which field (dotted path, e.g. "installmentProducts.2.price"), which rule, and words. */
export interface ValidationIssue {
  field: string
  rule: string
  message: string
}

/** Thrown before any request is sent: nothing reached the bank. */
export class TbcValidationError extends TbcError {
  readonly issues: ValidationIssue[]
  constructor(what: string, issues: ValidationIssue[]) {
    super("validation", problemsText(issues, `Invalid ${what}`))
    this.issues = issues
  }
  toJSON() {
    return { ...super.toJSON(), issues: this.issues }
  }
}

/** Options given to the client or a provider are wrong (a missing key, a bad URL). */
export class TbcConfigError extends TbcError {
  readonly issues: ValidationIssue[]
  constructor(issues: ValidationIssue[]) {
    super("config", problemsText(issues, "Invalid TBC options"))
    this.issues = issues
  }
  toJSON() {
    return { ...super.toJSON(), issues: this.issues }
  }
}

/** Fields of a problem-JSON document (RFC 7807) and of tpay business errors. */
export interface TbcProblem {
  status: number
  type?: string
  title?: string
  detail?: string
  instance?: string
  code?: string
  systemCode?: string
  traceId?: string
  errors?: Record<string, string[]>
  /** tpay business fields */
  httpStatusCode?: number
  developerMessage?: string
  userMessage?: string
  resultCode?: string
}

/** The bank answered with a non-2xx status. `operation` is e.g. "POST /v1/tpay/payments/{payId}/completion". */
export class TbcApiError extends TbcError {
  readonly status: number
  readonly problem: TbcProblem
  readonly operation: string
  constructor(operation: string, problem: TbcProblem) {
    const words = problem.detail || problem.title || problem.developerMessage || problem.userMessage || "error"
    super("api", `TBC ${operation} failed with ${problem.status}: ${words}`)
    this.status = problem.status
    this.problem = problem
    this.operation = operation
  }
  toJSON() {
    return { ...super.toJSON(), status: this.status, operation: this.operation, problem: this.problem }
  }
}

/**
 * The request did not get a bank answer. `reachedBank` is false only when it provably never
 * left this process or was refused before the connection was established (ECONNREFUSED,
 * DNS failure): only then is a mutating call safe to retry.
 */
export class TbcNetworkError extends TbcError {
  readonly operation: string
  readonly code?: string
  readonly reachedBank: boolean
  constructor(operation: string, reachedBank: boolean, code?: string) {
    super("network", `TBC ${operation}: network error${code ? ` (${code})` : ""}`)
    this.operation = operation
    this.code = code
    this.reachedBank = reachedBank
  }
  toJSON() {
    return { ...super.toJSON(), operation: this.operation, code: this.code, reachedBank: this.reachedBank }
  }
}

/** No answer within the configured timeout. The bank may have acted: never blindly retry a mutation. */
export class TbcTimeoutError extends TbcError {
  readonly operation: string
  readonly timeoutMs: number
  constructor(operation: string, timeoutMs: number) {
    super("timeout", `TBC ${operation}: no answer within ${timeoutMs} ms`)
    this.operation = operation
    this.timeoutMs = timeoutMs
  }
  toJSON() {
    return { ...super.toJSON(), operation: this.operation, timeoutMs: this.timeoutMs }
  }
}
