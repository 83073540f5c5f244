/**
 * Payment callbacks: `POST callbackUrl` with exactly `{"PaymentId":"<payId>"}`, retried with
 * exponential backoff (callbackRetryMs × 2^(attempt-1)) until the receiver answers 200 or
 * `callbackAttempts` attempts were made. Faults can drop, duplicate or delay them.
 */
import http from "node:http"
import https from "node:https"

export interface CallbackFaults {
  /** never send (recorded with dropped: true) */
  drop?: boolean
  /** send this many extra copies (each delivered and retried on its own) */
  duplicate?: number
  /** wait this long before the first attempt */
  delayMs?: number
  /** limit these faults to one payment */
  payId?: string
}

export interface CallbackRecord {
  id: number
  payId: string
  url: string
  /** the payment status that triggered it */
  status: string
  attempts: number
  delivered: boolean
  dropped: boolean
  duplicate: boolean
  lastResponseStatus?: number
  lastError?: string
  createdAt: number
}

const ATTEMPT_TIMEOUT_MS = 5000

export class CallbackDispatcher {
  private readonly records: CallbackRecord[] = []
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly inFlight = new Set<http.ClientRequest>()
  private nextId = 1
  private closed = false
  /** bumped by clear/close so answers of destroyed requests do not schedule retries */
  private generation = 0

  constructor(
    private readonly settings: { retryMs: number; attempts: number },
    private readonly faults: () => CallbackFaults | undefined,
    private readonly log: (line: string) => void
  ) {}

  /** Schedules the callback(s) of one status change of `payId`. */
  enqueue(payId: string, url: string, status: string): void {
    const active = this.faults()
    const faults = active && (!active.payId || active.payId === payId) ? active : {}
    const copies = 1 + Math.max(0, Math.floor(faults.duplicate ?? 0))
    for (let copy = 0; copy < copies; copy++) {
      const record: CallbackRecord = {
        id: this.nextId++,
        payId,
        url,
        status,
        attempts: 0,
        delivered: false,
        dropped: faults.drop === true,
        duplicate: copy > 0,
        createdAt: Date.now(),
      }
      this.records.push(record)
      if (!record.dropped) {
        this.schedule(record, Math.max(0, faults.delayMs ?? 0))
      }
    }
  }

  list(): CallbackRecord[] {
    return this.records.map((record) => ({ ...record }))
  }

  /** Forgets the records and stops pending retries. */
  clear(): void {
    this.stopAll()
    this.records.length = 0
  }

  close(): void {
    this.closed = true
    this.stopAll()
  }

  private stopAll(): void {
    this.generation++
    for (const timer of this.timers) {
      clearTimeout(timer)
    }
    this.timers.clear()
    for (const request of this.inFlight) {
      request.destroy()
    }
    this.inFlight.clear()
  }

  private schedule(record: CallbackRecord, delayMs: number): void {
    if (this.closed) {
      return
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.attempt(record)
    }, delayMs)
    timer.unref()
    this.timers.add(timer)
  }

  private attempt(record: CallbackRecord): void {
    record.attempts++
    const generation = this.generation
    this.post(record.url, JSON.stringify({ PaymentId: record.payId }), (statusCode, error) => {
      if (generation !== this.generation) {
        return
      }
      record.lastResponseStatus = statusCode
      record.lastError = error
      if (statusCode === 200) {
        record.delivered = true
        this.log(`callback ${record.payId} → ${statusCode} (attempt ${record.attempts})`)
        return
      }
      this.log(`callback ${record.payId} → ${statusCode ?? error} (attempt ${record.attempts})`)
      if (record.attempts < this.settings.attempts) {
        this.schedule(record, this.settings.retryMs * 2 ** (record.attempts - 1))
      }
    })
  }

  private post(url: string, body: string, done: (statusCode?: number, error?: string) => void): void {
    let target: URL
    try {
      target = new URL(url)
    } catch {
      done(undefined, "invalid callback URL")
      return
    }
    const transport = target.protocol === "https:" ? https : http
    let finished = false
    const finish = (statusCode?: number, error?: string) => {
      if (!finished) {
        finished = true
        this.inFlight.delete(request)
        done(statusCode, error)
      }
    }
    const request = transport.request(
      target,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        timeout: ATTEMPT_TIMEOUT_MS,
      },
      (response) => {
        response.resume()
        response.on("end", () => finish(response.statusCode))
        response.on("error", () => finish(response.statusCode))
      }
    )
    request.on("timeout", () => request.destroy(new Error("timeout")))
    request.on("error", (error) => finish(undefined, error.message))
    this.inFlight.add(request)
    request.end(body)
  }
}
