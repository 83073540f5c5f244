/**
 * Injected faults for reliability tests (control API `POST /_sandbox/faults`): latency, a random
 * 5xx rate (seeded, so runs repeat), the next N requests failing or hanging, lost sync
 * acknowledgements and callback drop/duplicate/delay. Faults apply to bank endpoints only,
 * never to `/_sandbox/*` or the hosted pages.
 */
import { z } from "zod/v4"
import { fromZodError, safeParseWithInput } from "medusa-payment-tbc/lib"
import type { CallbackFaults } from "./callbacks"
import { invalid } from "./problem"

const countSchema = z.number().int().min(0)
const pathSchema = z.string().min(1).optional()

export const faultsInputSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    errorRate: z.number().min(0).max(1).optional(),
    failNext: z
      .object({
        count: countSchema,
        status: z.number().int().min(400).max(599),
        path: pathSchema,
        /** the bank acts, then the answer is this error (a gateway's 502 after the card was charged) */
        afterProcessing: z.boolean().optional(),
      })
      .optional(),
    timeoutNext: z.object({ count: countSchema, path: pathSchema, afterProcessing: z.boolean().optional() }).optional(),
    revokeTokens: z.boolean().optional(),
    callbacks: z
      .object({
        drop: z.boolean().optional(),
        duplicate: z.number().int().min(0).max(100).optional(),
        delayMs: z.number().int().min(0).max(600_000).optional(),
        payId: z.string().min(1).optional(),
      })
      .optional(),
    loseSyncAck: z.object({ count: countSchema }).optional(),
    /** the next N saved-card executions answer Processing (the bank still deciding); a control pay call ends each */
    processingExecutions: z.object({ count: countSchema }).optional(),
    /**
     * a bank variant, not a failure: payment details name the merchantPaymentId the payment was
     * made with (the documented details do not; issue #32 reports callbacks naming the session)
     */
    detailsNameMerchantPaymentId: z.boolean().optional(),
    reset: z.boolean().optional(),
  })
  .strict()

export type FaultsInput = z.infer<typeof faultsInputSchema>

interface CountedFault {
  remaining: number
  path?: string
}

export interface FaultsView {
  latencyMs: number
  errorRate: number
  failNext?: { count: number; status: number; path?: string; afterProcessing: boolean }
  timeoutNext?: { count: number; path?: string; afterProcessing: boolean }
  callbacks?: CallbackFaults
  loseSyncAck: number
  processingExecutions: number
  detailsNameMerchantPaymentId: boolean
}

export class Faults {
  private latency = 0
  private errorRate = 0
  private failNext?: CountedFault & { status: number; afterProcessing: boolean }
  private timeoutNext?: CountedFault & { afterProcessing: boolean }
  private loseSyncAckCount = 0
  private processingExecutionsCount = 0
  /** payment details carry merchantPaymentId (a bank variant; see faultsInputSchema) */
  detailsNameMerchantPaymentId = false
  callbacks?: CallbackFaults
  private seedState: number

  constructor(private readonly seed: number) {
    this.seedState = seed >>> 0
  }

  /** Validates and merges a control-API request; returns whether tokens must be revoked. */
  apply(input: unknown): { revokeTokens: boolean } {
    const parsed = safeParseWithInput(faultsInputSchema, input)
    if (!parsed.success) {
      invalid("sandbox", fromZodError(parsed.error), "Invalid faults")
    }
    const f = parsed.data
    if (f.reset) {
      this.reset()
    }
    if (f.latencyMs !== undefined) this.latency = f.latencyMs
    if (f.errorRate !== undefined) this.errorRate = f.errorRate
    if (f.failNext) {
      const { count, status, path, afterProcessing } = f.failNext
      this.failNext = { remaining: count, status, path, afterProcessing: afterProcessing === true }
    }
    if (f.timeoutNext) {
      const { count, path, afterProcessing } = f.timeoutNext
      this.timeoutNext = { remaining: count, path, afterProcessing: afterProcessing === true }
    }
    if (f.callbacks) this.callbacks = { ...f.callbacks }
    if (f.loseSyncAck) this.loseSyncAckCount = f.loseSyncAck.count
    if (f.processingExecutions) this.processingExecutionsCount = f.processingExecutions.count
    if (f.detailsNameMerchantPaymentId !== undefined) this.detailsNameMerchantPaymentId = f.detailsNameMerchantPaymentId
    return { revokeTokens: f.revokeTokens === true }
  }

  reset(): void {
    this.latency = 0
    this.errorRate = 0
    this.failNext = undefined
    this.timeoutNext = undefined
    this.callbacks = undefined
    this.loseSyncAckCount = 0
    this.processingExecutionsCount = 0
    this.detailsNameMerchantPaymentId = false
    this.seedState = this.seed >>> 0
  }

  view(): FaultsView {
    return {
      latencyMs: this.latency,
      errorRate: this.errorRate,
      failNext: this.failNext && {
        count: this.failNext.remaining,
        status: this.failNext.status,
        path: this.failNext.path,
        afterProcessing: this.failNext.afterProcessing,
      },
      timeoutNext: this.timeoutNext && {
        count: this.timeoutNext.remaining,
        path: this.timeoutNext.path,
        afterProcessing: this.timeoutNext.afterProcessing,
      },
      callbacks: this.callbacks,
      loseSyncAck: this.loseSyncAckCount,
      processingExecutions: this.processingExecutionsCount,
      detailsNameMerchantPaymentId: this.detailsNameMerchantPaymentId,
    }
  }

  get latencyMs(): number {
    return this.latency
  }

  /**
   * The status to fail this request with (failNext first, then the random rate), if any;
   * `afterProcessing` = the bank acts first and only its answer is replaced by the error.
   */
  takeFailure(
    method: string,
    pathname: string,
    template: string
  ): { status: number; afterProcessing: boolean } | undefined {
    if (this.failNext && this.failNext.remaining > 0 && matches(this.failNext.path, method, pathname, template)) {
      this.failNext.remaining--
      return { status: this.failNext.status, afterProcessing: this.failNext.afterProcessing }
    }
    if (this.errorRate > 0 && this.random() < this.errorRate) {
      return { status: 503, afterProcessing: false }
    }
    return undefined
  }

  /** Whether to hold this request; `afterProcessing` = the bank acts, only the answer is lost. */
  takeTimeout(method: string, pathname: string, template: string): { afterProcessing: boolean } | undefined {
    const fault = this.timeoutNext
    if (fault && fault.remaining > 0 && matches(fault.path, method, pathname, template)) {
      fault.remaining--
      return { afterProcessing: fault.afterProcessing }
    }
    return undefined
  }

  /** One lost sync acknowledgement, if any is armed. */
  takeLostSyncAck(): boolean {
    if (this.loseSyncAckCount > 0) {
      this.loseSyncAckCount--
      return true
    }
    return false
  }

  /** Whether this saved-card execution stays Processing, if that fault is armed. */
  takeProcessingExecution(): boolean {
    if (this.processingExecutionsCount > 0) {
      this.processingExecutionsCount--
      return true
    }
    return false
  }

  /** mulberry32: a tiny seeded PRNG, so an errorRate run is repeatable after a reset */
  private random(): number {
    this.seedState = (this.seedState + 0x6d2b79f5) >>> 0
    let t = this.seedState
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Which requests a fault's `path` selects: "[METHOD ]<path>", where <path> is a route template
 * ("/v1/tpay/payments/{payId}") or a concrete path, matched exactly, or a prefix ending in "*"
 * ("/v1/online-installments/*"). No path = every bank request.
 */
function matches(path: string | undefined, method: string, pathname: string, template: string): boolean {
  if (!path) {
    return true
  }
  const parsed = /^(?:(GET|POST)\s+)?(\S+)$/i.exec(path.trim())
  if (!parsed) {
    return false
  }
  const [, wantedMethod, wantedPath] = parsed
  if (wantedMethod && wantedMethod.toUpperCase() !== method) {
    return false
  }
  if (wantedPath.endsWith("*")) {
    return pathname.startsWith(wantedPath.slice(0, -1))
  }
  return wantedPath === template || wantedPath === pathname
}
