import http from "http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { TBC_MODULE, TbcModuleService } from "../../src/modules/tbc"
import { waitFor } from "./wait-for"
import { waitForAppIdle } from "./app-idle"

/** Medusa's webhook route for the provider registered as `pp_tbc-checkout_tbc`. */
export const TBC_CHECKOUT_WEBHOOK_PATH = "/hooks/payment/tbc-checkout_tbc"

/**
 * A loopback address that is NOT in the dev app's callback allowlist (127.0.0.1, ::1,
 * ::ffff:127.0.0.1): Linux routes all of 127.0.0.0/8 to lo, so a request bound to it reaches the
 * app from a "foreign" source without leaving the machine.
 */
export const FOREIGN_LOOPBACK_ADDRESS = "127.0.0.2"

export interface RawCallbackOptions {
  /** Local address the request is sent from (default: the OS picks 127.0.0.1). */
  fromAddress?: string
  /** Extra request headers, e.g. a spoofed x-tbc-remote-address or X-Forwarded-For. */
  headers?: Record<string, string | undefined>
  contentType?: string
  /**
   * Path and query to post to instead of the bare webhook path, e.g. the signed
   * `/hooks/payment/tbc-checkout_tbc?s=<session>&sig=<hmac>` the provider gave the bank.
   */
  path?: string
}

/** Path and query of a callback URL the provider gave the bank (what the bank really calls). */
export function pathOfCallbackUrl(callbackUrl: string | null | undefined): string {
  if (!callbackUrl) throw new Error("the payment has no callbackUrl at the bank")
  const url = new URL(callbackUrl)
  return url.pathname + url.search
}

/**
 * POSTs a callback body to the app exactly as given (no JSON re-encoding, so malformed bodies can
 * be sent), optionally from another local address. Resolves with the HTTP status.
 */
export function postRawCallback(appUrl: string, body: string, options: RawCallbackOptions = {}): Promise<number> {
  const target = new URL(TBC_CHECKOUT_WEBHOOK_PATH, appUrl)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: options.path ?? target.pathname,
        method: "POST",
        localAddress: options.fromAddress,
        headers: {
          "content-type": options.contentType ?? "application/json",
          "content-length": Buffer.byteLength(body),
          ...Object.fromEntries(
            Object.entries(options.headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)
          ),
        },
      },
      (response) => {
        response.resume()
        response.on("end", () => resolve(response.statusCode ?? 0))
      }
    )
    request.on("error", reject)
    request.end(body)
  })
}

/** The body the bank sends: exactly `{"PaymentId":"<payId>"}`. */
export const callbackBody = (payId: string): string => JSON.stringify({ PaymentId: payId })

export interface CallbackLogRow {
  pay_id: string | null
  result: string
  source_ip: string | null
  bank_status: string | null
}

/**
 * The callback log as one entry per request, oldest first: refused callbacks are stored as one
 * row per source, result and minute with a `count`, so such a row stands for `count` entries.
 */
export async function listCallbackLogs(container: MedusaContainer): Promise<CallbackLogRow[]> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const rows = (await tbc.listCallbackLogs({}, { order: { created_at: "ASC" }, take: 100_000 })) as Array<
    CallbackLogRow & { count?: number }
  >
  return rows.flatMap((row) => Array.from({ length: Math.max(1, Number(row.count ?? 1)) }, () => row))
}

/**
 * Waits until the app has judged at least `count` callbacks (Medusa processes webhooks ~5 s
 * after answering 200) and returns the audit rows the provider wrote for them.
 */
export async function waitForCallbackResults(
  container: MedusaContainer,
  count: number,
  timeoutMs = 20_000
): Promise<CallbackLogRow[]> {
  return waitFor(
    async () => {
      const rows = await listCallbackLogs(container)
      return rows.length >= count ? rows : undefined
    },
    { timeoutMs, intervalMs: 250, description: `${count} judged bank callbacks` }
  )
}

/**
 * Waits until the callback for `payId` was judged and whatever it started has finished: the audit
 * row is written by a subscriber beside Medusa's webhook handler, which may still be running its
 * process-payment workflow, so the app's background work is waited for too (app-idle.ts).
 */
export async function waitForWebhookProcessed(container: MedusaContainer, payId: string): Promise<CallbackLogRow> {
  const row = await waitFor(async () => (await listCallbackLogs(container)).find((log) => log.pay_id === payId), {
    timeoutMs: 20_000,
    intervalMs: 250,
    description: `the callback of payment ${payId} judged`,
  })
  await waitForAppIdle(container)
  return row
}

/**
 * The bank's callback for `payId` held back until the test says so, then delivered as the bank
 * sends it (its body, to the callback URL the payment was created with). For "the callback comes
 * after X": a timed delay is a race that a busy machine loses, this is not.
 */
export async function holdBankCallback(
  bank: {
    dropCallbacks(payId?: string): Promise<void>
    payment(payId: string): Promise<{ callbackUrl?: string | null }>
  },
  appUrl: () => string,
  payId: string
): Promise<{ deliver(): Promise<number> }> {
  await bank.dropCallbacks(payId)
  return {
    deliver: async () =>
      postRawCallback(appUrl(), callbackBody(payId), {
        path: pathOfCallbackUrl((await bank.payment(payId)).callbackUrl),
      }),
  }
}
