import http from "node:http"
import https from "node:https"
import axios, { AxiosInstance, AxiosResponse, CreateAxiosDefaults } from "axios"
import { attemptTimeoutMs, mayRetryWithin, TbcBudgetExceededError, type RequestBudget } from "./budget"
import { ExchangeDeadline } from "./deadline"
import { TbcApiError, TbcError, TbcNetworkError, TbcTimeoutError } from "./errors"
import { logsDebug, type TbcLogger } from "./types"
import { SecretRedactor } from "./redact"
import { parseProblem } from "./problems"
import { errorCode, lowerCaseHeaders, parseJsonBody } from "./http-response"
import { isRetryable, parseRetryAfter } from "./retry-rules"

/**
 * The one HTTP transport of a TbcClient: a keep-alive axios instance, status handling,
 * error typing and the retry rules. Everything that leaves it is a TbcError; raw axios
 * errors never escape because they carry the request headers (api key, Basic/Bearer).
 */

export type HttpMethod = "GET" | "POST"

/** Which calls may be repeated: see `isRetryable`. */
export type RetryPolicy = "idempotent" | "mutating"

export interface Route {
  method: HttpMethod
  /** the path template, e.g. "POST /v1/tpay/payments/{payId}/completion"; safe to log */
  operation: string
  /** the real path with URL-encoded parameters */
  path: string
}

/** Builds a route from a template such as "/v1/tpay/payments/{payId}/cancel". */
export function route(method: HttpMethod, template: string, params: Record<string, string> = {}): Route {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) {
      throw new Error(`route ${template}: missing path parameter ${name}`)
    }
    return encodeURIComponent(value)
  })
  return { method, operation: `${method} ${template}`, path }
}

export interface TransportRequest {
  route: Route
  retry: RetryPolicy
  headers?: Record<string, string>
  /** sent as application/json */
  json?: unknown
  /** sent as application/x-www-form-urlencoded */
  form?: Record<string, string>
  query?: Record<string, string | number>
}

export interface TransportResponse {
  status: number
  /** lower-cased header names */
  headers: Record<string, string | undefined>
  /** parsed JSON, or undefined for an empty / non-JSON body */
  body: unknown
}

/** What the API areas send through: the Transport itself, or its view bound to a request budget. */
export interface RequestSender {
  readonly redactor: SecretRedactor
  request(req: TransportRequest): Promise<TransportResponse>
}

/** Per-use attempt limits over the client's own (a job's fewer retries, an admin check's shorter timeout). */
export interface AttemptLimits {
  timeoutMs?: number
  maxRetries?: number
}

/** A request sent inside a person's time budget (see ./budget.ts). */
export interface BudgetedSend {
  budget: RequestBudget
  /** false: one attempt only (the token endpoint inside a budget) */
  retries: boolean
}

export interface TransportOptions {
  baseUrl: string
  timeoutMs: number
  maxRetries: number
  retryBaseMs: number
  redactor: SecretRedactor
  logger?: TbcLogger
}

/** Connection-level failures where the request provably never reached the bank. */
const NEVER_CONNECTED_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"])
/** A Retry-After longer than this is not waited for; the caller sees the 429 instead. */
const MAX_RETRY_AFTER_MS = 5_000
const MAX_RESPONSE_BYTES = 5 * 1024 * 1024
/** Per agent; idle keep-alive sockets are dropped after FREE_SOCKET_IDLE_MS, so a burst's sockets do not linger. */
const MAX_SOCKETS = 256
/**
 * Idle keep-alive sockets are dropped after this long. Servers close idle connections too
 * (Node's default is 5 s); a request written to a socket the server is closing fails with
 * ECONNRESET, which for a mutation cannot be told apart from "the bank got it" and so is not
 * retried. Dropping our idle sockets first keeps that race rare. (The agent's `timeout` only
 * destroys FREE sockets; a slow answer on an active one is governed by `timeoutMs`.)
 */
const FREE_SOCKET_IDLE_MS = 4_000

/** The axios instance settings of a Transport (exported for bench/overhead-layers.bench.ts). */
export function axiosSettings(baseUrl: string, httpAgent: http.Agent, httpsAgent: https.Agent): CreateAxiosDefaults {
  return {
    baseURL: baseUrl,
    httpAgent,
    httpsAgent,
    // every status is a response; we type the errors ourselves
    validateStatus: () => true,
    // raw text so that non-JSON error bodies can be quoted and JSON parsed strictly
    responseType: "text",
    transformResponse: [(data: unknown) => data],
    // never follow redirects: they could carry the Authorization header to another host
    maxRedirects: 0,
    maxContentLength: MAX_RESPONSE_BYTES,
  }
}

/** The keep-alive agents' settings (exported for the same bench). */
export const AGENT_OPTIONS = { keepAlive: true, maxSockets: MAX_SOCKETS, timeout: FREE_SOCKET_IDLE_MS } as const

export class Transport {
  private readonly http: AxiosInstance
  private readonly httpAgent: http.Agent
  private readonly httpsAgent: https.Agent

  constructor(private readonly options: TransportOptions) {
    this.httpAgent = new http.Agent(AGENT_OPTIONS)
    this.httpsAgent = new https.Agent(AGENT_OPTIONS)
    this.http = axios.create(axiosSettings(options.baseUrl, this.httpAgent, this.httpsAgent))
  }

  get redactor(): SecretRedactor {
    return this.options.redactor
  }

  /** This transport inside `budget`: every attempt fits in what is left of it (see ./budget.ts). */
  within(budget: RequestBudget, retries = true, limits: AttemptLimits = {}): RequestSender {
    return { redactor: this.redactor, request: (req) => this.request(req, { budget, retries }, limits) }
  }

  /** This transport (same sockets) with other attempt limits. */
  limited(limits: AttemptLimits): RequestSender {
    return { redactor: this.redactor, request: (req) => this.request(req, undefined, limits) }
  }

  /**
   * Sends the request, retrying per `req.retry`; resolves only with a 2xx response. Inside a
   * budget, each attempt is cut to what is left and a retry is started only when it still fits.
   */
  async request(
    req: TransportRequest,
    budgeted?: BudgetedSend,
    limits: AttemptLimits = {}
  ): Promise<TransportResponse> {
    const perAttemptMs = limits.timeoutMs ?? this.options.timeoutMs
    const maxRetries = limits.maxRetries ?? this.options.maxRetries
    for (let attempt = 0; ; attempt++) {
      let retryAfterMs: number | undefined
      let failure: TbcError
      const timeoutMs = budgeted ? attemptTimeoutMs(perAttemptMs, budgeted.budget.remainingMs()) : perAttemptMs
      if (timeoutMs === undefined) {
        throw budgeted!.budget.exceeded(req.route.operation)
      }
      try {
        const res = await this.sendOnce(req, timeoutMs)
        if (res.status >= 200 && res.status < 300) {
          return res
        }
        retryAfterMs = parseRetryAfter(res.headers["retry-after"])
        failure = new TbcApiError(req.route.operation, parseProblem(res.status, res.rawText, this.redactor))
      } catch (e) {
        if (!(e instanceof TbcError)) {
          throw e
        }
        failure = e
      }
      const stop =
        attempt >= maxRetries ||
        !isRetryable(failure, req.retry) ||
        (retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_AFTER_MS)
      const delay = retryAfterMs ?? this.backoffMs(attempt)
      // inside a budget: no retry without room for it (and none at all for a token request)
      if (stop || (budgeted && (!budgeted.retries || !mayRetryWithin(budgeted.budget.remainingMs(), delay)))) {
        throw budgeted ? inBudget(failure, budgeted.budget, req.route.operation) : failure
      }
      this.options.logger?.debug(
        `TBC ${req.route.operation}: retry ${attempt + 1} in ${delay} ms after ${failure.kind}`
      )
      await sleep(delay)
    }
  }

  /** Frees the keep-alive sockets. */
  close(): void {
    this.httpAgent.destroy()
    this.httpsAgent.destroy()
  }

  private async sendOnce(req: TransportRequest, timeoutMs: number): Promise<TransportResponse & { rawText: string }> {
    const { route: r } = req
    const headers: Record<string, string> = { Accept: "application/json", ...req.headers }
    let data: string | undefined
    if (req.json !== undefined) {
      headers["Content-Type"] = "application/json"
      data = JSON.stringify(req.json)
    } else if (req.form !== undefined) {
      headers["Content-Type"] = "application/x-www-form-urlencoded"
      data = new URLSearchParams(req.form).toString()
    }
    // one deadline for the whole exchange (axios' own timeout does not cover a slow body)
    const deadline = new ExchangeDeadline(timeoutMs)
    const started = Date.now()
    let res: AxiosResponse<string>
    try {
      res = await this.http.request<string>({
        method: r.method,
        url: r.path,
        headers,
        data,
        params: req.query,
        transport: deadline.transport,
      })
    } catch (e) {
      throw this.toTransportError(r, e, deadline.expired, timeoutMs)
    } finally {
      deadline.clear()
    }
    const { logger } = this.options
    if (logsDebug(logger)) logger.debug(`TBC ${r.operation} -> ${res.status} (${Date.now() - started} ms)`)
    const rawText = typeof res.data === "string" ? res.data : ""
    return { status: res.status, headers: lowerCaseHeaders(res.headers), body: parseJsonBody(rawText), rawText }
  }

  /** Maps a thrown axios/Node error to a TbcError carrying nothing but the operation and a code. */
  private toTransportError(r: Route, error: unknown, timedOut: boolean, timeoutMs: number): TbcError {
    if (timedOut) {
      this.options.logger?.debug(`TBC ${r.operation} -> timeout after ${timeoutMs} ms`)
      return new TbcTimeoutError(r.operation, timeoutMs)
    }
    const code = errorCode(error)
    this.options.logger?.debug(`TBC ${r.operation} -> network error ${code ?? "unknown"}`)
    if (code === "ETIMEDOUT") {
      return new TbcTimeoutError(r.operation, timeoutMs)
    }
    return new TbcNetworkError(r.operation, !(code !== undefined && NEVER_CONNECTED_CODES.has(code)), code)
  }

  private backoffMs(attempt: number): number {
    const base = this.options.retryBaseMs * 2 ** attempt
    // full jitter on top of the exponential step, so parallel clients do not retry in lockstep
    return Math.round(base + Math.random() * this.options.retryBaseMs)
  }
}

/** Inside a budget a timeout means the bank did not answer the person's request in time. */
function inBudget(failure: TbcError, budget: RequestBudget, operation: string): TbcError {
  return failure instanceof TbcTimeoutError && !(failure instanceof TbcBudgetExceededError)
    ? budget.exceeded(operation)
    : failure
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
