/**
 * The raw-axios side of the overhead benches: a default `axios.create` with a keep-alive agent
 * and its own token, the same request bodies as the plugin's side, and untimed setup helpers.
 */
import http from "node:http"
import axios, { type AxiosInstance } from "axios"
import type { CreatePaymentRequest } from "../../src/lib/tbc"
import { SANDBOX_DEFAULTS } from "../../packages/sandbox/src"
import type { SandboxProcess } from "./sandbox-process"

/** The sandbox's default checkout credentials, as the plugin's options name them. */
export const CREDS = {
  apiKey: SANDBOX_DEFAULTS.apiKey,
  clientId: SANDBOX_DEFAULTS.clientId,
  clientSecret: SANDBOX_DEFAULTS.clientSecret,
}

export const createBody = (i: number, preAuth = false): CreatePaymentRequest => ({
  amount: { currency: "GEL", total: 100 + (i % 50) + 0.25, subTotal: 100 + (i % 50) + 0.25 },
  returnurl: "http://127.0.0.1:9/return",
  methods: [5],
  preAuth,
  merchantPaymentId: `bench_${i}`,
  callbackUrl: "http://127.0.0.1:9/hooks",
})

export interface Raw {
  http: AxiosInstance
  headers: Record<string, string>
}

export async function rawClient(url: string): Promise<Raw> {
  const agent = new http.Agent({ keepAlive: true })
  const ax = axios.create({ baseURL: url, httpAgent: agent, validateStatus: () => true })
  const token = await ax.post(
    "/v1/tpay/access-token",
    new URLSearchParams({ client_id: CREDS.clientId, client_secret: CREDS.clientSecret }).toString(),
    { headers: { apikey: CREDS.apiKey, "Content-Type": "application/x-www-form-urlencoded" } }
  )
  return { http: ax, headers: { apikey: CREDS.apiKey, Authorization: `Bearer ${token.data.access_token}` } }
}

export async function rawCall(
  raw: Raw,
  method: "GET" | "POST",
  path: string,
  data?: unknown
): Promise<Record<string, unknown>> {
  const res = await raw.http.request({ method, url: path, data, headers: raw.headers })
  if (res.status >= 300) throw new Error(`raw ${method} ${path}: ${res.status}`)
  return res.data as Record<string, unknown>
}

/** A payment paid at the sandbox (untimed setup); preAuth → WaitingConfirm. */
export async function paidPayment(sandbox: SandboxProcess, raw: Raw, i: number, preAuth: boolean): Promise<string> {
  const created = await rawCall(raw, "POST", "/v1/tpay/payments", createBody(i, preAuth))
  const payId = String(created.payId)
  await sandbox.control(`/_sandbox/payments/${payId}/pay`, { method: 5, outcome: "success" })
  return payId
}
