import { z } from "zod/v4"
import { TbcApiError, type TbcProblem } from "./errors"
import { bodySnippet, type SecretRedactor } from "./redact"
import { bankMessageSchema, looseInt, looseString, lowerKeys, tolerant } from "./responses"
import { isRecord } from "./validation/result"

/**
 * Error bodies of the bank: problem-JSON (RFC 7807, token and installment endpoints, and the
 * gateway in front of tpay) and tpay business answers ({httpStatusCode, developerMessage,
 * userMessage}), which may also arrive inside an HTTP 2xx.
 */

/** `problem.type` of a TbcApiError raised for a 2xx answer whose body says the call failed. */
export const BUSINESS_ERROR_TYPE = "urn:medusa-payment-tbc:business-error"

const problemSchema = z.object({
  type: tolerant(z.string()),
  title: tolerant(z.string()),
  detail: tolerant(z.string()),
  instance: tolerant(z.string()),
  code: tolerant(looseString),
  systemcode: tolerant(looseString),
  traceid: tolerant(looseString),
  errors: tolerant(z.record(z.string(), z.array(z.string()))),
  httpstatuscode: tolerant(looseInt),
  developermessage: tolerant(z.string()),
  usermessage: tolerant(z.string()),
  resultcode: tolerant(looseString),
})

/**
 * Reads an error body: problem-JSON (RFC 7807), a tpay business body, or anything else (then
 * the HTTP status and a short snippet). `status` is always the HTTP status. Every string is
 * redacted, because error bodies may echo what we sent.
 */
export function parseProblem(status: number, text: string, redactor: SecretRedactor): TbcProblem {
  let json: unknown
  try {
    json = text.trim() === "" ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  if (!isRecord(json)) {
    const snippet = bodySnippet(text)
    return { status, title: `HTTP ${status}`, ...(snippet ? { detail: redactor.redact(snippet) } : {}) }
  }
  const p = problemSchema.parse(lowerKeys(json))
  const r = <T>(v: T) => redactor.redactOptional(v)
  const problem: TbcProblem = {
    status,
    type: r(p.type),
    title: r(p.title),
    detail: r(p.detail),
    instance: r(p.instance),
    code: r(p.code),
    systemCode: r(p.systemcode),
    traceId: r(p.traceid),
    errors: p.errors && redactErrors(p.errors, redactor),
    httpStatusCode: p.httpstatuscode,
    developerMessage: r(p.developermessage),
    userMessage: r(p.usermessage),
    resultCode: r(p.resultcode),
  }
  return withoutUndefined(problem)
}

/**
 * tpay may answer HTTP 200 with `httpStatusCode: 4xx/5xx` in the body (a refused refund, an
 * unknown recId). Treating that as success would record money movements that never happened,
 * so it becomes a TbcApiError whose `status` is the body's httpStatusCode and whose `type` is
 * BUSINESS_ERROR_TYPE. Bodies without an error code pass.
 */
export function throwIfBusinessError(operation: string, body: unknown, redactor: SecretRedactor): void {
  if (!isRecord(body)) {
    return
  }
  // the usual success body: a plain status number below 400 (or none) needs no further reading
  const code = businessStatusOf(body)
  if (code === undefined || (typeof code === "number" && code < 400)) {
    return
  }
  const raw = lowerKeys(body)
  const m = bankMessageSchema.parse(raw)
  if (m.httpstatuscode === undefined || m.httpstatuscode < 400) {
    return
  }
  throw new TbcApiError(
    operation,
    withoutUndefined({
      status: m.httpstatuscode,
      type: BUSINESS_ERROR_TYPE,
      httpStatusCode: m.httpstatuscode,
      developerMessage: redactor.redactOptional(m.developermessage),
      userMessage: redactor.redactOptional(m.usermessage),
      resultCode: typeof raw.resultcode === "string" ? redactor.redact(raw.resultcode) : undefined,
    })
  )
}

/** httpStatusCode in any spelling of its name, without copying the body. */
function businessStatusOf(body: Record<string, unknown>): unknown {
  for (const key of Object.keys(body)) {
    if (key.length === 14 && body[key] !== null && key.toLowerCase() === "httpstatuscode") return body[key]
  }
  return undefined
}

function redactErrors(errors: Record<string, string[]>, redactor: SecretRedactor): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [redactor.redact(field), messages.map((m) => redactor.redact(m))])
  )
}

/** Drops absent members so that the JSON of the error stays small. */
function withoutUndefined(problem: TbcProblem): TbcProblem {
  return Object.fromEntries(Object.entries(problem).filter(([, v]) => v !== undefined)) as TbcProblem
}
