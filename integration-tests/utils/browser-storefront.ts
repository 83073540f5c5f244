/**
 * The app + sandbox bank + demo storefront page for a browser test, all on free loopback ports.
 * The storefront's port is chosen before the app boots so that medusa-config.ts (loaded by the
 * runner in its own beforeAll) already allows its origin (STORE_CORS, AUTH_CORS) and sends the
 * shopper back to it from the bank (TBC_RETURN_URL).
 */
import type { SandboxHandle } from "../../packages/sandbox/src"
import { startStorefront, type RunningStorefront } from "../../scripts/demo/storefront"
import { AppAddress, lateValue } from "./app-env"
import { startSandboxForApp } from "./start-sandbox-for-app"
import { getFreePort } from "./free-port"
import type { SeededStore } from "./seed-store"

export interface StorefrontTestEnv extends AppAddress {
  readonly sandboxUrl: string
  readonly sandbox: SandboxHandle
  /** http://127.0.0.1:<port>, the origin the app allows and the bank returns to. */
  readonly storefrontUrl: string
  /**
   * Serves the storefront page for a seeded store (stopped after the suite). `display`: what the
   * page is told of the provider's settings (e.g. preAuth for its wording); the app is unchanged.
   */
  startStorefront(
    store: Pick<SeededStore, "publishableKey" | "regionId">,
    display?: { preAuth?: boolean }
  ): Promise<RunningStorefront>
}

/**
 * Call at the top level of the spec, BEFORE medusaIntegrationTestRunner(...). `sandbox`: options of
 * the sandbox bank (e.g. the methods it activated); `appEnv`: more env for the app (e.g. TBC_METHODS).
 */
export function useStorefrontTestEnv(
  sandbox: Parameters<typeof startSandboxForApp>[0] = {},
  appEnv: Record<string, string> = {}
): StorefrontTestEnv {
  const storefrontPort: { value?: number } = {}
  const running: RunningStorefront[] = []
  const bank = startSandboxForApp(sandbox, async (app) => {
    storefrontPort.value = await getFreePort()
    const origin = `http://127.0.0.1:${storefrontPort.value}`
    return {
      TBC_RETURN_URL: `${origin}/`,
      STORE_CORS: `${origin},${app.appUrl}`,
      AUTH_CORS: `${origin},${app.appUrl}`,
      ...appEnv,
    }
  })
  afterAll(async () => {
    for (const storefront of running.splice(0)) await storefront.close()
  })

  return {
    get appPort() {
      return bank.appPort
    },
    get appUrl() {
      return bank.appUrl
    },
    get sandboxUrl() {
      return bank.sandboxUrl
    },
    get sandbox() {
      return bank.sandbox
    },
    get storefrontUrl() {
      return `http://127.0.0.1:${lateValue(storefrontPort, "storefrontPort")}`
    },
    async startStorefront(store, display = {}) {
      // One server per port: a test that re-seeds replaces the previous storefront.
      for (const storefront of running.splice(0)) await storefront.close()
      const storefront = await startStorefront({
        port: lateValue(storefrontPort, "storefrontPort"),
        host: "127.0.0.1",
        publicHost: "127.0.0.1",
        backendUrl: bank.appUrl,
        publishableKey: store.publishableKey,
        regionId: store.regionId,
        sandboxUrl: bank.sandboxUrl,
        ...display,
      })
      running.push(storefront)
      return storefront
    },
  }
}
