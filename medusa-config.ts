/**
 * The dev app inside the plugin repo: used by `npm run demo` and by the app-level tests
 * (`medusaIntegrationTestRunner({ inApp: true })`). It is excluded from the build; a store that
 * installs the plugin writes its own config (see README).
 *
 * Everything is read from env when this file is loaded, not when something imports it early: the
 * test runner loads it in its own beforeAll, so a test can point the app at a sandbox on a random
 * port by setting process.env.TBC_ENVIRONMENT / PORT / MEDUSA_BACKEND_URL in an earlier beforeAll.
 */
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/** Defaults match the local sandbox bank (docs/architecture.md "Sandbox defaults"). */
const SANDBOX_URL = "http://127.0.0.1:4010"
/** The sandbox calls back from loopback; a real store allows only the bank's addresses. */
const LOOPBACK_CALLBACK_SOURCES = "127.0.0.1,::1,::ffff:127.0.0.1"

const env = (name: string, fallback: string): string => {
  const value = process.env[name]
  return value === undefined || value === "" ? fallback : value
}
const commaList = (value: string): string[] =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)

const environment = env("TBC_ENVIRONMENT", SANDBOX_URL)
const storeUrl = env("MEDUSA_BACKEND_URL", "http://localhost:9000")
const callbackAllowlist = commaList(env("TBC_CALLBACK_ALLOWLIST", LOOPBACK_CALLBACK_SOURCES))
/** Where the bank's page sends the shopper back: the demo storefront (scripts/demo/storefront). */
const returnUrl = env("TBC_RETURN_URL", "http://localhost:8000/")

const paymentProviders = [
  {
    resolve: "./src/providers/tbc-checkout",
    id: "tbc",
    options: {
      apiKey: env("TBC_API_KEY", "sandbox-apikey"),
      clientId: env("TBC_CLIENT_ID", "sandbox-client"),
      clientSecret: env("TBC_CLIENT_SECRET", "sandbox-client-secret"),
      environment,
      storeUrl,
      returnUrl,
      preAuth: env("TBC_PREAUTH", "false") === "true",
      // e.g. TBC_METHODS=5,8 offers installments through checkout (method 8) too; also which
      // per-method providers (pp_tbc-card_tbc, pp_tbc-apple-pay_tbc, …) may take money
      methods: commaList(env("TBC_METHODS", "5")).map(Number),
      // every method but card must be activated by the bank first; by default all but 6 and 9,
      // which the sandbox too activates only when told (its activatedMethods option). Set and
      // empty: none (the demo activates only its page's methods, so a per-method provider the
      // region enables is offered only for those)
      activatedMethods: commaList(process.env.TBC_ACTIVATED_METHODS ?? "4,7,8,14").map(Number),
      // min/max per method in GEL (JSON), e.g. {"9":{"max":500}}; unset keys keep TBC's terms
      ...(process.env.TBC_METHOD_LIMITS ? { methodLimits: JSON.parse(process.env.TBC_METHOD_LIMITS) } : {}),
      saveCards: true,
      callbackAllowlist,
      // the store's own proxies (comma list): X-Forwarded-For is read only on requests from them
      trustProxy: commaList(env("TBC_TRUST_PROXY", "")),
      callbackLogRetentionDays: Number(env("TBC_CALLBACK_LOG_RETENTION_DAYS", "90")),
      // per-request bank timeout; the reliability tests lower it so injected hangs cost seconds
      timeoutMs: Number(env("TBC_TIMEOUT_MS", "15000")),
      // total time a request a shopper or an admin waits on may spend on the bank (all attempts)
      requestBudgetMs: Number(env("TBC_REQUEST_BUDGET_MS", "12000")),
      // reconciliation jobs: preauths near day 30 (none | complete | cancel), lost callbacks
      preauthExpiryAction: env("TBC_PREAUTH_EXPIRY_ACTION", "none"),
      preauthWarningDays: Number(env("TBC_PREAUTH_WARNING_DAYS", "3")),
      pendingReconcileMinutes: Number(env("TBC_PENDING_RECONCILE_MINUTES", "15")),
      // money at the bank whose session Medusa deleted: refund (default) or notify the admin
      orphanPolicy: env("TBC_ORPHAN_POLICY", "refund"),
      orphanGraceSeconds: Number(env("TBC_ORPHAN_GRACE_SECONDS", "30")),
    },
  },
  {
    resolve: "./src/providers/tbc-installments",
    id: "tbc",
    options: {
      apiKey: env("TBC_INSTALLMENT_API_KEY", "sandbox-inst-key"),
      apiSecret: env("TBC_INSTALLMENT_API_SECRET", "sandbox-inst-secret"),
      merchantKey: env("TBC_MERCHANT_KEY", "SandboxMerchant"),
      campaignId: process.env.TBC_CAMPAIGN_ID || undefined,
      environment,
      storeUrl,
      // how often the scheduled job pulls the status-changes feed, and how many changes per page
      syncIntervalSeconds: Number(env("TBC_INSTALLMENT_SYNC_INTERVAL_SECONDS", "60")),
      pageSize: Number(env("TBC_INSTALLMENT_PAGE_SIZE", "500")),
      // a status change whose effect on Medusa failed: retries across sync runs, first wait (doubling)
      changeRetries: Number(env("TBC_INSTALLMENT_CHANGE_RETRIES", "5")),
      changeRetryBackoffSeconds: Number(env("TBC_INSTALLMENT_CHANGE_RETRY_BACKOFF_SECONDS", "60")),
      requestBudgetMs: Number(env("TBC_REQUEST_BUDGET_MS", "12000")),
    },
  },
]

/**
 * With REDIS_URL set, the modules that must be shared between several server instances use Redis
 * (events, workflow state, locks, cache). Without it Medusa's in-process defaults are used, which
 * is right for one instance, the demo and the tests.
 */
const redisUrl = process.env.REDIS_URL
const redisModules = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      // jobWorkerOptions.concurrency: BullMQ's default of 1 would let one slow scheduled job hold
      // back every other one on the instance (e.g. the 5-second installment sync)
      {
        resolve: "@medusajs/medusa/workflow-engine-redis",
        options: { redis: { redisUrl, jobWorkerOptions: { concurrency: 4 } } },
      },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/locking-redis",
              id: "locking-redis",
              is_default: true,
              options: { redisUrl },
            },
          ],
        },
      },
      { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl } },
    ]
  : []

/**
 * The tests' passwords are hashed with a cheap scrypt (2^10 instead of Medusa's 2^15 rounds): every
 * app test registers and logs in its admin and shoppers again on a freshly restored database, and
 * at 2^15 each hash or check costs ~0.1 CPU-s on the 2-core test machine. Only under NODE_ENV=test
 * (jest sets it): the demo and every real store keep Medusa's default. A login checks a password
 * with the parameters stored in its hash, so the flow is the same.
 */
const testAuthModule =
  process.env.NODE_ENV === "test"
    ? [
        {
          resolve: "@medusajs/medusa/auth",
          options: {
            providers: [
              {
                resolve: "@medusajs/medusa/auth-emailpass",
                id: "emailpass",
                options: { hashConfig: { logN: 10, r: 8, p: 1 } },
              },
            ],
          },
        },
      ]
    : []

const config = defineConfig({
  projectConfig: {
    databaseUrl: env("DATABASE_URL", "postgres://postgres@localhost:5432/medusa-payment-tbc"),
    redisUrl,
    http: {
      storeCors: env("STORE_CORS", "http://localhost:8000,http://localhost:9000"),
      adminCors: env("ADMIN_CORS", "http://localhost:9000,http://localhost:5173"),
      authCors: env("AUTH_CORS", "http://localhost:8000,http://localhost:9000,http://localhost:5173"),
      jwtSecret: env("JWT_SECRET", "dev-only-jwt-secret"),
      cookieSecret: env("COOKIE_SECRET", "dev-only-cookie-secret"),
    },
  },
  admin: {
    disable: process.env.MEDUSA_ADMIN_DISABLED === "true",
    backendUrl: storeUrl,
  },
  modules: [
    { resolve: "./src/modules/tbc" },
    { resolve: "@medusajs/medusa/payment", options: { providers: paymentProviders } },
    // Medusa's local provider (it writes each notification to the log) for the e-mail channel too,
    // so that a payment link's "send to the customer's e-mail" works in the demo and its tests
    // (a store configures its own e-mail provider; Medusa's default has the "feed" channel only)
    {
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/notification-local",
            id: "local",
            options: { name: "Local Notification Provider", channels: ["feed", "email"] },
          },
        ],
      },
    },
    ...redisModules,
    ...testAuthModule,
  ],
})

/**
 * defineConfig always adds the "@medusajs/draft-order" plugin, which is not a dependency of this
 * repo (a store has it through its own install). Loading it here would fail the boot, and the TBC
 * flows do not need draft orders, so the dev app leaves it out.
 */
const DRAFT_ORDER_PLUGIN = "@medusajs/draft-order"
config.plugins = config.plugins.filter((plugin) =>
  typeof plugin === "string" ? plugin !== DRAFT_ORDER_PLUGIN : plugin.resolve !== DRAFT_ORDER_PLUGIN
)

module.exports = config
