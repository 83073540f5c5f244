import http from "node:http"
import https from "node:https"

/**
 * One deadline for a whole HTTP exchange: connecting, sending, the answer's headers and its
 * body. axios' own `timeout` does not cover a body that keeps arriving slowly, so the request
 * is destroyed when the deadline passes, whatever phase it is in.
 *
 * It is armed through axios' per-request `transport` option (ours calls http(s).request and
 * starts the timer on the request it creates) rather than an AbortController: the controller's
 * EventTarget listeners cost 8–10 % of a loopback call, this about 2 %
 * (bench/overhead-layers.bench.ts, BENCHMARKS.md section 2).
 */
export class ExchangeDeadline {
  /** set once the deadline destroyed the request: the failure is a timeout, not a network error */
  expired = false
  private timer?: NodeJS.Timeout

  constructor(private readonly ms: number) {}

  /** For axios' `transport` option (axios sends with maxRedirects 0, so it calls this once). */
  readonly transport = {
    request: (options: http.RequestOptions, onResponse: (res: http.IncomingMessage) => void): http.ClientRequest => {
      const req = (options.protocol === "https:" ? https : http).request(options, onResponse)
      this.timer = setTimeout(() => {
        this.expired = true
        req.destroy(new Error(`deadline of ${this.ms} ms passed`))
      }, this.ms)
      return req
    },
  }

  /** Disarms the timer once the exchange is over (answered or failed). */
  clear(): void {
    clearTimeout(this.timer)
  }
}
