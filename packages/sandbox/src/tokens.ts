/**
 * The two token endpoints and the Bearer check of resource calls.
 *  - checkout: POST /v1/tpay/access-token, header apikey, form client_id (or client_Id) +
 *    client_secret → {access_token, token_type:"Bearer", expires_in:<seconds>}
 *  - OAuth: POST /oauth/token, Basic(apiKey:apiSecret), form grant_type=client_credentials,
 *    scope=online_installments|online_mortgages → {access_token, token_type:"BearerToken",
 *    scope, issued_at:"<ms string>", expires_in:<ms>}
 * Tokens live `tokenLifetimeMs` on the sandbox clock and die on the revokeTokens fault.
 */
import { timingSafeEqual } from "node:crypto"
import type { SandboxBank } from "./bank"
import { jsonReply, type Reply, type SandboxRequest } from "./http-io"
import { newToken } from "./ids"
import { fail, unauthorized } from "./problem"
import type { TokenKind } from "./store"

const OAUTH_SCOPES = ["online_installments", "online_mortgages"] as const

function same(given: string | undefined, expected: string): boolean {
  if (given === undefined) {
    return false
  }
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

function headerValue(req: SandboxRequest, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** A form field matched case-insensitively (the docs' own sample spells it client_Id). */
export function formField(form: URLSearchParams, name: string): string | undefined {
  for (const [key, value] of form) {
    if (key.toLowerCase() === name.toLowerCase()) {
      return value
    }
  }
  return undefined
}

function issue(bank: SandboxBank, kind: TokenKind): { token: string; issuedAt: number; lifetimeMs: number } {
  const issuedAt = bank.now()
  const lifetimeMs = bank.config.tokenLifetimeMs
  const token = newToken()
  bank.store.pruneTokens(issuedAt)
  bank.store.tokens.set(token, { kind, issuedAt, expiresAt: issuedAt + lifetimeMs })
  bank.config.onTokenIssued?.(token)
  return { token, issuedAt, lifetimeMs }
}

export function checkoutTokenHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  if (!same(headerValue(req, "apikey"), bank.config.apiKey)) {
    unauthorized("checkout", "missing or invalid apikey header")
  }
  const form = req.form()
  const clientId = formField(form, "client_id")
  const clientSecret = formField(form, "client_secret")
  if (!clientId || !clientSecret) {
    const missing = !clientId ? "client_id" : "client_secret"
    fail({
      status: 400,
      title: "Invalid request",
      detail: `${missing}: is required (required)`,
      area: "checkout",
      issues: [{ field: missing, rule: "required", message: "is required" }],
    })
  }
  if (!same(clientId, bank.config.clientId) || !same(clientSecret, bank.config.clientSecret)) {
    unauthorized("checkout", "invalid client credentials")
  }
  const { token, lifetimeMs } = issue(bank, "checkout")
  return jsonReply({ access_token: token, token_type: "Bearer", expires_in: Math.floor(lifetimeMs / 1000) })
}

/**
 * The OAuth client credentials: from the Basic header, or — a tolerance (README "Tolerances"; the
 * gateway accepts both, giorgijorji's client sends them so) — from the form's client_id and
 * client_secret when there is no Basic header.
 */
function oauthCredentials(
  bank: SandboxBank,
  req: SandboxRequest,
  form: URLSearchParams
): { user: string; password: string } {
  const basic = /^Basic\s+(.+)$/i.exec(headerValue(req, "authorization") ?? "")
  if (basic) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8")
    const colon = decoded.indexOf(":")
    return {
      user: colon >= 0 ? decoded.slice(0, colon) : decoded,
      password: colon >= 0 ? decoded.slice(colon + 1) : "",
    }
  }
  const user = formField(form, "client_id")
  const password = formField(form, "client_secret")
  if (!bank.config.tolerant || user === undefined || password === undefined) {
    unauthorized("token", "Basic authorization is required")
  }
  return { user, password }
}

export function oauthTokenHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const form = req.form()
  const { user, password } = oauthCredentials(bank, req, form)
  if (!same(user, bank.config.installmentApiKey) || !same(password, bank.config.installmentApiSecret)) {
    unauthorized("token", "invalid client credentials")
  }
  const grantType = form.get("grant_type")
  if (grantType !== "client_credentials") {
    fail({
      status: 400,
      title: "unsupported_grant_type",
      detail: "grant_type: must be client_credentials (enum)",
      area: "token",
      code: "002",
      issues: [{ field: "grant_type", rule: grantType ? "enum" : "required", message: "must be client_credentials" }],
    })
  }
  const scope = form.get("scope")
  if (!scope || !(OAUTH_SCOPES as readonly string[]).includes(scope)) {
    fail({
      status: 400,
      title: "invalid_scope",
      detail: `scope: must be one of ${OAUTH_SCOPES.join(", ")} (enum)`,
      area: "token",
      code: "003",
      issues: [
        { field: "scope", rule: scope ? "enum" : "required", message: `must be one of ${OAUTH_SCOPES.join(", ")}` },
      ],
    })
  }
  const { token, issuedAt, lifetimeMs } = issue(bank, scope as TokenKind)
  return jsonReply({
    access_token: token,
    token_type: "BearerToken",
    scope,
    issued_at: String(issuedAt),
    expires_in: lifetimeMs,
  })
}

/** 401 unless the request carries a live Bearer token of `kind` (and, for checkout, the apikey). */
export function requireToken(bank: SandboxBank, req: SandboxRequest, kind: TokenKind): void {
  const area = kind === "checkout" ? "checkout" : "installments"
  if (kind === "checkout" && !same(headerValue(req, "apikey"), bank.config.apiKey)) {
    unauthorized(area, "missing or invalid apikey header")
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(headerValue(req, "authorization") ?? "")
  if (!bearer) {
    unauthorized(area, "Bearer token is required")
  }
  const record = bank.store.tokens.get(bearer[1])
  if (!record) {
    unauthorized(area, "invalid or revoked access token")
  }
  if (record.expiresAt <= bank.now()) {
    unauthorized(area, "access token expired")
  }
  if (record.kind !== kind) {
    unauthorized(area, `access token is not valid for ${kind}`)
  }
}
