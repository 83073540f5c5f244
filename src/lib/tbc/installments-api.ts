import {
  verifyWithFreshToken,
  pathId,
  type AreaContext,
  type ConnectionCheck,
  type VerifiableCredentials,
} from "./area"
import { TbcApiError } from "./errors"
import {
  UNREADABLE_RESPONSE_TYPE,
  createdApplicationBodySchema,
  readApplicationStatus,
  readBody,
  readStatusChanges,
} from "./responses"
import { sendWithToken } from "./tokens"
import { route, type Route, type RetryPolicy, type TransportRequest, type TransportResponse } from "./transport"
import type {
  ApplicationStatus,
  CreateApplicationRequest,
  CreatedApplication,
  InstallmentsApi,
  StatusChangesPage,
} from "./types"
import {
  checkField,
  isRecord,
  NON_EMPTY_STRING,
  positiveIntegerSchema,
  validateCreateApplicationRequest,
  valueOrThrow,
} from "./validation"

/**
 * TBC Online Installments (`/v1/online-installments`). Calls carry the OAuth Bearer token of
 * scope online_installments (no apikey header: the bank's samples send none); the merchant key
 * comes from the configured credentials, never from the caller.
 */

export type InstallmentsClient = InstallmentsApi & VerifiableCredentials

export interface InstallmentsApiOptions extends AreaContext {
  merchantKey: string
  /** to resolve a relative Location header */
  baseUrl: string
}

const BASE = "/v1/online-installments"

export class InstallmentsApiClient implements InstallmentsClient {
  constructor(private readonly options: InstallmentsApiOptions) {}

  /** POST /applications → sessionId from the body, the redirect URL from the Location header. */
  async createApplication(req: CreateApplicationRequest): Promise<CreatedApplication> {
    const valid = validateCreateApplicationRequest({ ...req, merchantKey: this.options.merchantKey })
    const body = {
      merchantKey: this.options.merchantKey,
      campaignId: valid.campaignId,
      invoiceId: valid.invoiceId,
      priceTotal: valid.priceTotal,
      products: valid.products.map((p) => ({ name: p.name, price: p.price, quantity: p.quantity })),
    }
    const r = route("POST", `${BASE}/applications`)
    const res = await this.send(r, "mutating", { json: body })
    const created = readBody(createdApplicationBodySchema, res.body, { operation: r.operation, status: res.status })
    return {
      sessionId: created.sessionid,
      redirectUrl: this.redirectUrl(r, res, created.sessionid),
      raw: isRecord(res.body) ? res.body : {},
    }
  }

  /** POST /applications/{sessionId}/cancel {merchantKey} */
  async cancelApplication(sessionId: string): Promise<void> {
    await this.postWithMerchantKey(`${BASE}/applications/{sessionId}/cancel`, sessionId)
  }

  /** POST /applications/{sessionId}/confirm {merchantKey}: after the bank's review (WaitingForMerchant). */
  async confirmApplication(sessionId: string): Promise<void> {
    await this.postWithMerchantKey(`${BASE}/applications/{sessionId}/confirm`, sessionId)
  }

  /** GET /applications/{sessionId}/status?merchantKey= */
  async getStatus(sessionId: string): Promise<ApplicationStatus> {
    const r = route("GET", `${BASE}/applications/{sessionId}/status`, { sessionId: pathId("sessionId", sessionId) })
    const res = await this.send(r, "idempotent", { query: { merchantKey: this.options.merchantKey } })
    return readApplicationStatus(res.body, { operation: r.operation, status: res.status })
  }

  /** GET /merchant/applications/status-changes?merchantKey=&take= */
  async getStatusChanges(take: number): Promise<StatusChangesPage> {
    const count = valueOrThrow("take", checkField("take", positiveIntegerSchema, take))
    const r = route("GET", `${BASE}/merchant/applications/status-changes`)
    const res = await this.send(r, "idempotent", { query: { merchantKey: this.options.merchantKey, take: count } })
    return readStatusChanges(res.body, { operation: r.operation, status: res.status })
  }

  /** POST /merchant/applications/status-changes-sync {merchantKey, synchronizationRequestId} */
  async syncStatusChanges(synchronizationRequestId: string): Promise<void> {
    const id = valueOrThrow(
      "synchronizationRequestId",
      checkField("synchronizationRequestId", NON_EMPTY_STRING, synchronizationRequestId)
    )
    const r = route("POST", `${BASE}/merchant/applications/status-changes-sync`)
    await this.send(r, "mutating", {
      json: { merchantKey: this.options.merchantKey, synchronizationRequestId: id },
    })
  }

  /** Obtains a fresh online_installments token: proves the installment key and secret work now. */
  verifyCredentials(): Promise<ConnectionCheck> {
    return verifyWithFreshToken("installments", this.options.tokens)
  }

  private async postWithMerchantKey(template: string, sessionId: string): Promise<void> {
    const r = route("POST", template, { sessionId: pathId("sessionId", sessionId) })
    await this.send(r, "mutating", { json: { merchantKey: this.options.merchantKey } })
  }

  private send(
    r: Route,
    retry: RetryPolicy,
    extra: Pick<TransportRequest, "json" | "query"> = {}
  ): Promise<TransportResponse> {
    const { transport, tokens, logger } = this.options
    return sendWithToken(transport, tokens, { route: r, retry, ...extra }, logger)
  }

  /**
   * The application exists once the bank answered 2xx, so a missing Location is reported with
   * the sessionId (the caller can still cancel it) rather than silently returning no URL.
   */
  private redirectUrl(r: Route, res: TransportResponse, sessionId: string): string {
    const location = res.headers["location"]?.trim()
    if (location) {
      try {
        return new URL(location, this.options.baseUrl).toString()
      } catch {
        // fall through to the error below
      }
    }
    throw new TbcApiError(r.operation, {
      status: res.status,
      type: UNREADABLE_RESPONSE_TYPE,
      title: "Unreadable bank response",
      detail: `Location header: must be the redirect URL (application sessionId ${sessionId} was created)`,
    })
  }
}
