/** Handlers of the Online Installments endpoints under /v1/online-installments (Bearer, scope online_installments). */
import { majorToMinorExact } from "medusa-payment-tbc/lib"
import { checkCreateApplicationRequest, isRecord } from "medusa-payment-tbc/lib"
import {
  CONFIRMABLE_STATUSES,
  FINAL_APPLICATION_STATUSES,
  APPLICATION_STATUS_NAMES,
  applicationStatusView,
  changeApplicationStatus,
  createApplication,
  feedItemView,
} from "./applications"
import type { SandboxBank } from "./bank"
import { jsonReply, type Reply, type SandboxRequest } from "./http-io"
import { conflict, fail, invalid, notFound } from "./problem"
import type { SandboxApplication } from "./store"
import { loanOutOfRange } from "./payment-machine"
import { formField, requireToken } from "./tokens"
import { CREATE_APPLICATION_SHAPE, MERCHANT_CALL_SHAPE, tolerated } from "./tolerance"

export const DEFAULT_TAKE = 100
/** PendingDisbursed: what a confirm moves an application to */
const CONFIRMED_STATUS = 9
export const MAX_TAKE = 10_000

/** Whether the request says its body is a urlencoded form (what PHP Guzzle's `form_params` sends). */
function isFormBody(req: SandboxRequest): boolean {
  const type = req.headers["content-type"]
  return typeof type === "string" && type.toLowerCase().startsWith("application/x-www-form-urlencoded")
}

/**
 * A parameter from the query or, as the docs' curl samples send it, the JSON body (also on GET).
 * Not strict, a urlencoded form body is read too: a public Laravel installments client posts
 * `merchantKey` with Guzzle's `form_params` on cancel and confirm (README "Tolerances").
 */
function param(bank: SandboxBank, req: SandboxRequest, name: string): unknown {
  const fromQuery = req.query.get(name)
  if (fromQuery !== null) {
    return fromQuery
  }
  if (bank.config.tolerant && isFormBody(req)) {
    return formField(req.form(), name)
  }
  const body = req.rawBody.trim() === "" ? {} : tolerated(bank, req.json("installments"), MERCHANT_CALL_SHAPE)
  return isRecord(body) ? body[name] : undefined
}

function requireMerchantKey(bank: SandboxBank, value: unknown): string {
  if (typeof value !== "string" || value === "") {
    invalid("installments", [{ field: "merchantKey", rule: "required", message: "is required" }])
  }
  if (value !== bank.config.merchantKey) {
    fail({
      status: 404,
      title: "Merchant not found",
      detail: "merchant not found or deactivated",
      area: "installments",
      code: "002",
    })
  }
  return value
}

/** What every merchant call checks first: a valid online_installments Bearer, then the merchant key. */
function authorizeMerchantCall(bank: SandboxBank, req: SandboxRequest): void {
  requireToken(bank, req, "online_installments")
  requireMerchantKey(bank, param(bank, req, "merchantKey"))
}

function findApplication(bank: SandboxBank, sessionId: string): SandboxApplication {
  const application = bank.store.applications.get(sessionId)
  if (!application) {
    notFound("installments", `application ${sessionId}`)
  }
  return application
}

export function createApplicationHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  requireToken(bank, req, "online_installments")
  const body = tolerated(bank, req.json("installments"), CREATE_APPLICATION_SHAPE)
  const checked = checkCreateApplicationRequest(body, { productSum: bank.config.productSum })
  if (!checked.ok) {
    invalid("installments", checked.issues)
  }
  const input = checked.value
  const merchantKey = requireMerchantKey(bank, input.merchantKey)
  const priceTotalMinor = majorToMinorExact(input.priceTotal) ?? 0
  // TBC lends 100–10,000 GEL (its published terms): no application outside them, as the live bank
  const outOfRange = loanOutOfRange("An installment loan", priceTotalMinor)
  if (outOfRange) invalid("installments", [{ field: "priceTotal", rule: "range", message: outOfRange }])
  const application = createApplication(bank, {
    merchantKey,
    campaignId: input.campaignId,
    invoiceId: input.invoiceId,
    priceTotalMinor,
    products: input.products,
  })
  const location = `${bank.baseUrl}/installments/${application.sessionId}`
  // `Location` spelled so: PHP Guzzle's getHeaders() keys are case-sensitive
  return jsonReply({ sessionId: application.sessionId, id: null }, 200, { Location: location })
}

export function cancelApplicationHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  authorizeMerchantCall(bank, req)
  const application = findApplication(bank, req.params.sessionId)
  if (FINAL_APPLICATION_STATUSES.includes(application.statusId)) {
    conflict("installments", `application is ${APPLICATION_STATUS_NAMES[application.statusId]}; it cannot be canceled`)
  }
  changeApplicationStatus(bank, application, 7)
  return jsonReply({ id: null })
}

export function confirmApplicationHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  authorizeMerchantCall(bank, req)
  const application = findApplication(bank, req.params.sessionId)
  if (bank.config.tolerant && application.statusId === CONFIRMED_STATUS) {
    // TBC's own .NET SDK posts every confirm twice: the second one must succeed (README "Tolerances")
    return jsonReply({ id: null })
  }
  if (!CONFIRMABLE_STATUSES.includes(application.statusId)) {
    const name = APPLICATION_STATUS_NAMES[application.statusId]
    conflict("installments", `application is ${name}; only Approved or WaitingForMerchant can be confirmed`)
  }
  changeApplicationStatus(bank, application, CONFIRMED_STATUS)
  return jsonReply({ id: null })
}

export function applicationStatusHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  authorizeMerchantCall(bank, req)
  return jsonReply(applicationStatusView(findApplication(bank, req.params.sessionId)))
}

function parseTake(value: unknown): number {
  if (value === undefined || value === null || value === "") {
    return DEFAULT_TAKE
  }
  const take = typeof value === "number" ? value : Number(value)
  if (!Number.isInteger(take) || take < 1 || take > MAX_TAKE) {
    const message = `must be an integer from 1 to ${MAX_TAKE}`
    invalid("installments", [{ field: "take", rule: "range", message }])
  }
  return take
}

export function statusChangesHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  authorizeMerchantCall(bank, req)
  const take = parseTake(param(bank, req, "take"))
  const { synchronizationRequestId, items } = bank.store.feed.page(take)
  return jsonReply({
    synchronizationRequestId,
    totalCount: bank.store.feed.size,
    statusChanges: items.map(feedItemView),
  })
}

export function statusChangesSyncHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  authorizeMerchantCall(bank, req)
  const id = param(bank, req, "synchronizationRequestId")
  if (typeof id !== "string" || !bank.store.feed.knows(id)) {
    // word for word the example answer of the bank's documentation
    fail({ status: 400, title: "Invalid SynchronizationRequestId parameter value", area: "installments", code: "001" })
  }
  if (!bank.faults.takeLostSyncAck()) {
    bank.store.feed.acknowledge(id)
  }
  return { status: 200 }
}
