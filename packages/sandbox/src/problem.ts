/**
 * Problem-JSON (RFC 7807) errors as the bank sends them (its documented error format):
 * `{type, title, status, detail, systemCode, code}`; validation failures add `errors`
 * (field → ["rule: message"], the shape the client parses) and `issues` ([{field, rule, message}]).
 * Checkout endpoints also carry the tpay business fields (httpStatusCode, developerMessage,
 * userMessage), as the live tpay answers do.
 */
import type { ValidationIssue } from "medusa-payment-tbc/lib"

export type ProblemArea = "checkout" | "installments" | "token" | "sandbox"

const SYSTEM = {
  checkout: "Tpay-Checkout-API",
  installments: "Online-Installment-Merchant-API",
  token: "OAuth-Token-API",
  sandbox: "TBC-Sandbox",
} as const

export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  systemCode: string
  code: string
  errors?: Record<string, string[]>
  issues?: ValidationIssue[]
  httpStatusCode?: number
  developerMessage?: string
  userMessage?: string
  [extra: string]: unknown
}

/** Thrown by handlers; the server turns it into the response. */
export class SandboxProblem extends Error {
  readonly problem: Problem
  constructor(problem: Problem) {
    super(problem.detail)
    this.problem = problem
  }
}

export interface ProblemInit {
  status: number
  title: string
  detail?: string
  /** 3-digit problem code within the status, e.g. "001" */
  code?: string
  area?: ProblemArea
  issues?: ValidationIssue[]
}

export function makeProblem(init: ProblemInit): Problem {
  const area = init.area ?? "sandbox"
  const code = init.code ?? "001"
  const detail = init.detail ?? init.title
  const problem: Problem = {
    type: `https://developers.tbcbank.ge/docs/error-type-${init.status}`,
    title: init.title,
    status: init.status,
    detail,
    systemCode: `System code for problem is ${SYSTEM[area]}.${init.status}.${code}`,
    code,
  }
  if (init.issues && init.issues.length > 0) {
    problem.errors = {}
    for (const one of init.issues) {
      ;(problem.errors[one.field] ??= []).push(`${one.rule}: ${one.message}`)
    }
    problem.issues = init.issues
  }
  if (area === "checkout") {
    problem.httpStatusCode = init.status
    problem.developerMessage = detail
    problem.userMessage = init.status >= 500 ? "Service is temporarily unavailable" : "Operation failed"
  }
  return problem
}

export function fail(init: ProblemInit): never {
  throw new SandboxProblem(makeProblem(init))
}

/** 400 naming every broken field and rule. */
export function invalid(area: ProblemArea, issues: ValidationIssue[], title = "Invalid request"): never {
  const detail = issues.map((one) => `${one.field}: ${one.message} (${one.rule})`).join("; ")
  fail({ status: 400, title, detail, area, issues })
}

export function notFound(area: ProblemArea, what: string): never {
  fail({ status: 404, title: "Not found", detail: `${what} not found`, area })
}

export function conflict(area: ProblemArea, detail: string, code = "001"): never {
  fail({ status: 409, title: "Conflict", detail, area, code })
}

export function unauthorized(area: ProblemArea, detail: string): never {
  fail({ status: 401, title: "Unauthorized", detail, area })
}
