/**
 * The one app of the reliability group (reliability-app.spec.ts): the settings its spec files
 * (secrets, bank faults, duplicates and races, routes, spoofing, and checkout-refunds.app.ts and
 * checkout-callback-sources.app.ts of integration-tests/http) share, since medusa-config.ts reads
 * them once, at the group's one boot. Each spec calls useReliabilityApp() instead of
 * startSandboxForApp with settings of its own, so a spec asking for others fails at load
 * (oncePerFile in app-env.ts) rather than silently running on the group's.
 */
import { startSandboxForApp, type SandboxForApp } from "../../utils/start-sandbox-for-app"
import { reliabilitySeed } from "./seeded-random"

/**
 * The provider's bank timeout: short, so that a hung or lost bank answer (bank-faults,
 * duplicates-races, checkout-refunds) costs seconds. bank-faults draws its slow answers around it.
 */
export const RELIABILITY_BANK_TIMEOUT_MS = 2000

/** The bank's address as the store's own proxy reports it (checkout-callback-sources.app.ts). */
export const BANK_ADDRESS = "193.104.20.44"

/**
 * The app's env. Callbacks: allowed from 127.0.0.1 (the sandbox's and the tests' own genuine
 * callbacks; spoofing.app.ts sends its forgeries from 127.0.0.2 and up) and from BANK_ADDRESS
 * (what the store's proxy, 127.0.0.1, names in X-Forwarded-For: checkout-callback-sources.app.ts);
 * X-Forwarded-For is read only on requests from that proxy; the callback log kept 30 days (the
 * retention job's test).
 */
export const RELIABILITY_APP_ENV: Readonly<Record<string, string>> = {
  TBC_TIMEOUT_MS: String(RELIABILITY_BANK_TIMEOUT_MS),
  TBC_CALLBACK_ALLOWLIST: `127.0.0.1,${BANK_ADDRESS}`,
  TBC_TRUST_PROXY: "127.0.0.1",
  TBC_CALLBACK_LOG_RETENTION_DAYS: "30",
}

/**
 * Every access token the group's sandbox handed out since it started (checkout and OAuth, revoked
 * ones included), for secrets.app.ts to search the app's output for. Recorded by the bank itself
 * (its onTokenIssued option), not by anything between the app and the bank: the other specs of the
 * group, the fault specs above all, talk to the sandbox directly, as they would alone.
 */
const issuedAccessTokens = new Set<string>()
export const ISSUED_ACCESS_TOKENS: ReadonlySet<string> = issuedAccessTokens

/**
 * The sandbox bank of the group: its errorRate fault seeded by RELIABILITY_SEED (bank-faults
 * replays a seed), callbacks the app did not take retried after 200 ms, not 1 s, so that
 * bank-faults' checkouts settle soon after the faults stop, and the tokens it issues recorded.
 */
export const RELIABILITY_SANDBOX_OPTIONS = {
  seed: reliabilitySeed(),
  callbackRetryMs: 200,
  onTokenIssued: (token: string) => void issuedAccessTokens.add(token),
}

/** The sandbox and the app's address, with the group's settings (call before medusaIntegrationTestRunner). */
export function useReliabilityApp(): SandboxForApp {
  return startSandboxForApp(RELIABILITY_SANDBOX_OPTIONS, { ...RELIABILITY_APP_ENV })
}
