import { z } from "zod"
import { TbcApiError, type TbcProblem } from "./errors"
import type {
  ApplicationStatus,
  BankMessage,
  PaymentDetails,
  PaymentLink,
  RecurringCard,
  StatusChange,
  StatusChangesPage,
} from "./types"
import { bodySnippet, type SecretRedactor } from "./redact"

/**
 * Tolerant readers of everything the bank answers.
 *
 * The live bank and the clients that document it disagree on casing (payId/PayId, RRN/rrn),
 * on types (preAuth true/1, amounts 12.5/"12.50", links array/object) and even on spelling
 * (expirtyDate). So every object is read with lower-cased keys, scalars are coerced, and the
 * untouched body is kept in `raw`. Only what we cannot work without (payId, status, statusId,
 * sessionId) or money we cannot read is an error; other malformed fields become undefined.
 */

/** `problem.type` of a TbcApiError raised for a 2xx answer whose body we could not read. */
export const UNREADABLE_RESPONSE_TYPE = "urn:medusa-payment-tbc:unreadable-response"

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/** Lower-cases the keys; on a clash the first spelling wins. */
export function lowerKeys(value: Json): Json {
  const out: Json = {}
  for (const [key, v] of Object.entries(value)) {
    const lower = key.toLowerCase()
    if (!(lower in out)) {
      out[lower] = v
    }
  }
  return out
}

const lowered = (v: unknown) => (isObject(v) ? lowerKeys(v) : v)
const absentToUndefined = (v: unknown) => (v === null ? undefined : v)

const looseNumber = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "must be a number")
    .transform(Number),
])
const looseInt = looseNumber.pipe(z.number().int())
const looseString = z.union([z.string(), z.number().transform(String)])
const looseBool = z.union([
  z.boolean(),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
  z.enum(["true", "false", "0", "1"]).transform((s) => s === "true" || s === "1"),
])

/** Not needed to proceed: unreadable → undefined. */
function tolerant<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess(absentToUndefined, schema.optional()).catch(undefined)
}
/** Money: may be absent, but when present it must be readable. */
const optionalAmount = z.preprocess(absentToUndefined, looseNumber.optional())
const requiredId = looseString.pipe(z.string().trim().min(1, "must be a non-empty string"))

const linkSchema = z.preprocess(
  lowered,
  z.object({ uri: z.string().min(1), rel: z.string(), method: tolerant(z.string()) })
)
/** links as an array, a single object, or absent; unreadable entries are skipped. */
const linksSchema = z.unknown().transform((value): PaymentLink[] => {
  const items = value == null ? [] : Array.isArray(value) ? value : [value]
  return items.flatMap((item) => {
    const parsed = linkSchema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
})

const recurringCardSchema = z.preprocess(
  lowered,
  z.object({
    recid: requiredId,
    cardmask: tolerant(looseString),
    expirydate: tolerant(looseString),
    // the misspelling seen in the wild
    expirtydate: tolerant(looseString),
  })
)

const paymentDetailsSchema = z.object({
  payid: requiredId,
  status: z.string().min(1),
  currency: tolerant(z.string()),
  amount: optionalAmount,
  confirmedamount: optionalAmount,
  returnedamount: optionalAmount,
  links: linksSchema,
  transactionid: tolerant(looseString),
  paymentmethod: tolerant(looseInt),
  preauth: tolerant(looseBool),
  recid: tolerant(looseString),
  recurringcard: tolerant(recurringCardSchema),
  rrn: tolerant(looseString),
  paymentcardnumber: tolerant(looseString),
  extra: tolerant(z.string()),
  extra2: tolerant(z.string()),
  initiator: tolerant(z.string()),
  resultcode: tolerant(looseString),
  operationtype: tolerant(looseString),
  expirationminutes: tolerant(looseInt),
  httpstatuscode: tolerant(looseInt),
  developermessage: tolerant(z.string()),
  usermessage: tolerant(z.string()),
})

const bankMessageSchema = z.object({
  httpstatuscode: tolerant(looseInt),
  developermessage: tolerant(z.string()),
  usermessage: tolerant(z.string()),
})

const applicationStatusSchema = z.object({
  statusid: looseInt,
  description: tolerant(z.string()),
  amount: optionalAmount,
  contributionamount: optionalAmount,
})

const statusChangeSchema = z.preprocess(
  lowered,
  z.object({
    sessionid: requiredId,
    statusid: looseInt,
    statusdescription: tolerant(z.string()),
    changedate: tolerant(z.string()),
    amount: optionalAmount,
    contributionamount: optionalAmount,
  })
)

const statusChangesSchema = z.object({
  // an empty page may come without an id: "" means there is nothing to acknowledge
  synchronizationrequestid: z.preprocess(absentToUndefined, looseString.optional()),
  totalcount: tolerant(looseInt),
  statuschanges: z.preprocess((v) => v ?? [], z.array(statusChangeSchema)),
})

export const createdApplicationBodySchema = z.object({ sessionid: requiredId })

export interface ResponseContext {
  operation: string
  status: number
}

/**
 * Parses a 2xx body. Failure is a TbcApiError (the bank answered, maybe acted, but we cannot
 * tell what it said), typed UNREADABLE_RESPONSE_TYPE and naming the field and the rule.
 */
export function readBody<T extends z.ZodTypeAny>(schema: T, body: unknown, ctx: ResponseContext): z.output<T> {
  const parsed = schema.safeParse(isObject(body) ? lowerKeys(body) : body ?? {})
  if (parsed.success) {
    return parsed.data
  }
  const detail = parsed.error.issues
    .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
    .join("; ")
  throw new TbcApiError(ctx.operation, {
    status: ctx.status,
    type: UNREADABLE_RESPONSE_TYPE,
    title: "Unreadable bank response",
    detail,
  })
}

function rawOf(body: unknown): Json {
  return isObject(body) ? body : {}
}

export function readPaymentDetails(body: unknown, ctx: ResponseContext): PaymentDetails {
  const p = readBody(paymentDetailsSchema, body, ctx)
  const card: RecurringCard | undefined = p.recurringcard && {
    recId: p.recurringcard.recid,
    cardMask: p.recurringcard.cardmask,
    expiryDate: p.recurringcard.expirydate ?? p.recurringcard.expirtydate,
  }
  return {
    payId: p.payid,
    status: p.status,
    currency: p.currency,
    amount: p.amount,
    confirmedAmount: p.confirmedamount,
    returnedAmount: p.returnedamount,
    links: p.links,
    approvalUrl: p.links.find((l) => l.rel.toLowerCase() === "approval_url")?.uri,
    transactionId: p.transactionid,
    paymentMethod: p.paymentmethod,
    preAuth: p.preauth,
    recId: p.recid ?? card?.recId,
    recurringCard: card,
    rrn: p.rrn,
    paymentCardNumber: p.paymentcardnumber,
    extra: p.extra,
    extra2: p.extra2,
    initiator: p.initiator,
    resultCode: p.resultcode,
    operationType: p.operationtype,
    expirationMinutes: p.expirationminutes,
    httpStatusCode: p.httpstatuscode,
    developerMessage: p.developermessage,
    userMessage: p.usermessage,
    raw: rawOf(body),
  }
}

export function readBankMessage(body: unknown, ctx: ResponseContext): BankMessage {
  const m = readBody(bankMessageSchema, body, ctx)
  return {
    httpStatusCode: m.httpstatuscode,
    developerMessage: m.developermessage,
    userMessage: m.usermessage,
    raw: rawOf(body),
  }
}

export function readApplicationStatus(body: unknown, ctx: ResponseContext): ApplicationStatus {
  const s = readBody(applicationStatusSchema, body, ctx)
  return {
    statusId: s.statusid,
    description: s.description,
    amount: s.amount,
    contributionAmount: s.contributionamount,
    raw: rawOf(body),
  }
}

export function readStatusChanges(body: unknown, ctx: ResponseContext): StatusChangesPage {
  const page = readBody(statusChangesSchema, body, ctx)
  const statusChanges: StatusChange[] = page.statuschanges.map((c) => ({
    sessionId: c.sessionid,
    statusId: c.statusid,
    statusDescription: c.statusdescription,
    changeDate: c.changedate,
    amount: c.amount,
    contributionAmount: c.contributionamount,
  }))
  return {
    synchronizationRequestId: page.synchronizationrequestid ?? "",
    totalCount: page.totalcount ?? statusChanges.length,
    statusChanges,
  }
}

const problemSchema = z.object({
  type: tolerant(z.string()),
  title: tolerant(z.string()),
  detail: tolerant(z.string()),
  instance: tolerant(z.string()),
  code: tolerant(looseString),
  systemcode: tolerant(looseString),
  traceid: tolerant(looseString),
  errors: tolerant(z.record(z.array(z.string()))),
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
  if (!isObject(json)) {
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
  // drop absent members so that the JSON of the error stays small
  return Object.fromEntries(Object.entries(problem).filter(([, v]) => v !== undefined)) as TbcProblem
}

function redactErrors(errors: Record<string, string[]>, redactor: SecretRedactor): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [redactor.redact(field), messages.map((m) => redactor.redact(m))])
  )
}
