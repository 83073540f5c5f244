import { z } from "zod/v4"
import { TbcApiError } from "./errors"
import type {
  ApplicationStatus,
  BankMessage,
  PaymentDetails,
  PaymentLink,
  RecurringCard,
  StatusChange,
  StatusChangesPage,
} from "./types"
import { isRecord } from "./validation/result"

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

/**
 * Lower-cases the keys and leaves out null values (the bank's "absent"), so that every field
 * schema only has to accept a value or undefined; on a clash the first non-null spelling wins.
 */
export function lowerKeys(value: Json): Json {
  const out: Json = {}
  for (const key of Object.keys(value)) {
    const v = value[key]
    if (v === null) continue
    const lower = key.toLowerCase()
    if (out[lower] === undefined) {
      out[lower] = v
    }
  }
  return out
}

const lowered = (v: unknown) => (isRecord(v) ? lowerKeys(v) : v)

export const looseNumber = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "must be a number")
    .transform(Number),
])
export const looseInt = looseNumber.pipe(z.number().int())
export const looseString = z.union([z.string(), z.number().transform(String)])
const looseBool = z.union([
  z.boolean(),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
  z.enum(["true", "false", "0", "1"]).transform((s) => s === "true" || s === "1"),
])

/** Not needed to proceed: unreadable → undefined. */
export function tolerant<T extends z.ZodType>(schema: T) {
  // null never reaches here (lowerKeys drops it): no preprocessing needed, which keeps this cheap
  return schema.optional().catch(undefined)
}
/** Money: may be absent, but when present it must be readable. */
const optionalAmount = looseNumber.optional()
const requiredId = looseString.pipe(z.string().trim().min(1, "must be a non-empty string"))

/** One link: `uri` (non-empty) and `rel` are needed, `method` is kept when it is a string. */
function readLink(item: unknown): PaymentLink | undefined {
  if (!isRecord(item)) return undefined
  const link = lowerKeys(item)
  if (typeof link.uri !== "string" || link.uri === "" || typeof link.rel !== "string") return undefined
  return { uri: link.uri, rel: link.rel, method: typeof link.method === "string" ? link.method : undefined }
}
/** links as an array, a single object, or absent; unreadable entries are skipped. */
const linksSchema = z.unknown().transform((value): PaymentLink[] => {
  const items = value == null ? [] : Array.isArray(value) ? value : [value]
  const links: PaymentLink[] = []
  for (const item of items) {
    const link = readLink(item)
    if (link) links.push(link)
  }
  return links
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

/**
 * The tpay business triple. Cancel and delete answer with nothing else; payment details carry
 * it too. One shape and one mapper (`bankMessageFields`) serve both readers.
 */
const bankMessageShape = {
  httpstatuscode: tolerant(looseInt),
  developermessage: tolerant(z.string()),
  usermessage: tolerant(z.string()),
}
export const bankMessageSchema = z.object(bankMessageShape)

function bankMessageFields(m: z.output<typeof bankMessageSchema>): Omit<BankMessage, "raw"> {
  return { httpStatusCode: m.httpstatuscode, developerMessage: m.developermessage, userMessage: m.usermessage }
}

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
  ...bankMessageShape,
})

const applicationStatusSchema = z.object({
  statusid: looseInt,
  description: tolerant(z.string()),
  amount: optionalAmount,
  contributionamount: optionalAmount,
})

/** One status change, its keys already lower-cased. */
const statusChangeSchema = z.object({
  sessionid: requiredId,
  statusid: looseInt,
  statusdescription: tolerant(z.string()),
  changedate: tolerant(z.string()),
  amount: optionalAmount,
  contributionamount: optionalAmount,
})

const statusChangesSchema = z.object({
  // an empty page may come without an id: "" means there is nothing to acknowledge
  synchronizationrequestid: looseString.optional(),
  totalcount: tolerant(looseInt),
  // the items lowered in one pass over the page, not by a preprocess per item: a page is the
  // largest answer the client reads, and a per-item preprocess allocates on every item
  statuschanges: z.preprocess((v) => (Array.isArray(v) ? v.map(lowered) : (v ?? [])), z.array(statusChangeSchema)),
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
export function readBody<T extends z.ZodType>(schema: T, body: unknown, ctx: ResponseContext): z.output<T> {
  const parsed = schema.safeParse(isRecord(body) ? lowerKeys(body) : (body ?? {}))
  if (parsed.success) {
    return parsed.data
  }
  const detail = parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ")
  throw new TbcApiError(ctx.operation, {
    status: ctx.status,
    type: UNREADABLE_RESPONSE_TYPE,
    title: "Unreadable bank response",
    detail,
  })
}

function rawOf(body: unknown): Json {
  return isRecord(body) ? body : {}
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
    ...bankMessageFields(p),
    raw: rawOf(body),
  }
}

export function readBankMessage(body: unknown, ctx: ResponseContext): BankMessage {
  return { ...bankMessageFields(readBody(bankMessageSchema, body, ctx)), raw: rawOf(body) }
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
