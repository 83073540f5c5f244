/** A tbc-checkout provider wired to a local sandbox bank, without a Medusa app. */
import type { MedusaError } from "@medusajs/framework/utils"
import { startSandbox, type SandboxHandle } from "../../../../packages/sandbox/src"
import TbcCheckoutProviderService from "../service"
import type { TbcCheckoutBase } from "../core/checkout-base"
import type { TbcCheckoutOptionsInput } from "../options"
import { UNRECORDED_FOR_UNIT_TESTS } from "../../../modules/tbc/ledger/ledger-store"
import { MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"
import type { CheckoutApi } from "../../../lib/tbc/types"
import { PaymentBookkeeping } from "../ledger/bookkeeping"
import { parseCheckoutOptions } from "../options"

type CheckoutService = new (cradle: Record<string, unknown>, options: Record<string, unknown>) => TbcCheckoutBase

export const STORE_URL = "http://127.0.0.1:9"
/** the storefront page the bank sends the shopper back to */
export const RETURN_URL = "http://127.0.0.1:8/checkout/return"
export const CLIENT_SECRET = "sandbox-client-secret"

export interface Harness {
  sandbox: SandboxHandle
  /** `cradle`: what Medusa's container would hold, e.g. a `__pg_connection__` */
  /** `Service`: a per-method service (../services) instead of the all-methods one */
  provider: (
    overrides?: Partial<TbcCheckoutOptionsInput>,
    cradle?: Record<string, unknown>,
    Service?: CheckoutService
  ) => TbcCheckoutProviderService
  pay: (payId: string, outcome: "success" | "decline" | "processing" | "expire", method?: number) => Promise<void>
  payment: (payId: string) => ReturnType<SandboxHandle["state"]>["payments"][number]
  calls: (key: string) => number
  advanceClock: (ms: number) => Promise<void>
  faults: (faults: Record<string, unknown>) => Promise<void>
  close: () => Promise<void>
}

/** The rejection of a promise that must reject (fails the test when it resolves). */
export async function caught(promise: Promise<unknown>): Promise<MedusaError> {
  try {
    await promise
  } catch (error) {
    return error as MedusaError
  }
  throw new Error("expected a rejection")
}

export const CALLS = {
  create: "POST /v1/tpay/payments",
  get: "GET /v1/tpay/payments/{payId}",
  completion: "POST /v1/tpay/payments/{payId}/completion",
  cancel: "POST /v1/tpay/payments/{payId}/cancel",
}

export async function startHarness(): Promise<Harness> {
  // callbacks go to a closed port once and are dropped: these tests call the webhook method directly
  // the bank activated Apple Pay (9) for this merchant, so its own provider can be paid
  const sandbox = await startSandbox({
    port: 0,
    callbackAttempts: 1,
    callbackRetryMs: 0,
    strict: true,
    activatedMethods: [9],
  })
  const providers: TbcCheckoutBase[] = []
  const control = async (path: string, body: unknown) => {
    const res = await fetch(`${sandbox.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`sandbox ${path}: ${res.status} ${await res.text()}`)
  }
  return {
    sandbox,
    provider: (overrides = {}, cradle = {}, Service: CheckoutService = TbcCheckoutProviderService) => {
      // no database here: the provider records nothing (the unit tests' mode; an app refuses it)
      const provider = new Service(
        { [UNRECORDED_FOR_UNIT_TESTS]: true, ...cradle },
        {
          apiKey: "sandbox-apikey",
          clientId: "sandbox-client",
          clientSecret: CLIENT_SECRET,
          environment: sandbox.url,
          storeUrl: STORE_URL,
          returnUrl: RETURN_URL,
          callbackAllowlist: ["127.0.0.1"],
          preAuth: false,
          // every method but card needs the bank's activation (options.ts): all of them here
          activatedMethods: [4, 7, 8, 9, 14],
          ...overrides,
        }
      )
      providers.push(provider)
      return provider as TbcCheckoutProviderService
    },
    pay: (payId, outcome, method = 5) => control(`/_sandbox/payments/${payId}/pay`, { method, outcome }),
    payment: (payId) => {
      const found = sandbox.state().payments.find((p) => p.payId === payId)
      if (!found) throw new Error(`no sandbox payment ${payId}`)
      return found
    },
    calls: (key) => sandbox.state().calls[key] ?? 0,
    advanceClock: (ms) => control("/_sandbox/clock", { advanceMs: ms }),
    faults: (faults) => control("/_sandbox/faults", faults),
    close: async () => {
      for (const p of providers) (p as unknown as { client_: { close(): void } }).client_.close()
      await sandbox.close()
    },
  }
}

/**
 * One harness for the whole test file: started before the first test, closed after the last,
 * optionally with the sandbox's faults reset after every test. Use at the top level of a spec:
 * `const h = harnessPerSuite()`; its members are usable inside tests and hooks.
 */
export function harnessPerSuite(options: { resetFaultsAfterEach?: boolean } = {}): Harness {
  let current: Harness | undefined
  beforeAll(async () => {
    current = await startHarness()
  })
  afterAll(() => current?.close())
  if (options.resetFaultsAfterEach) afterEach(() => current?.faults({ reset: true }))
  return new Proxy({} as Harness, {
    get(_target, key) {
      if (!current) throw new Error("the provider harness is used before beforeAll started it")
      return current[key as keyof Harness]
    },
  })
}

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }

/** `provider` with its bookkeeping on an in-memory ledger (what the app records in PostgreSQL). */
export function onMemoryLedger<P extends TbcCheckoutBase>(provider: P, ledger = new MemoryLedger()) {
  const checkout = () => (provider as unknown as { checkout: CheckoutApi }).checkout
  const book = new PaymentBookkeeping(ledger.asStore(), checkout, silent, "pp_tbc-checkout_tbc")
  Object.assign(provider, { book_: book })
  return { provider, ledger }
}

/** Checkout options for calling judgeCallback directly (callbacks from 127.0.0.1 allowed). */
export const judgeOptions = (extra: Record<string, unknown> = {}) =>
  parseCheckoutOptions({
    apiKey: "k",
    clientId: "c",
    clientSecret: CLIENT_SECRET,
    environment: "test",
    storeUrl: "http://s.ge",
    returnUrl: "https://shop.example.ge/checkout/return",
    callbackAllowlist: ["127.0.0.1"],
    ...extra,
  })
