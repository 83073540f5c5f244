/**
 * The storefront group's shared app (storefront-app.spec.ts): the sandbox bank, and a storefront
 * origin chosen before the app boots, so medusa-config.ts already allows it (STORE_CORS) and the
 * bank sends shoppers back to it (TBC_RETURN_URL). No scheduled installment sync: the shopper's
 * return is what these specs test. Preauthorization on, methods 5, 7, 8 and 14 (the per-method
 * providers' rules; internet bank so an order can show the method actually used). The kit talks to the app over HTTP like a browser.
 */
import { createTbcStoreClient, type TbcStoreClient } from "../../packages/storefront/src"
import type { AppAddress } from "../utils/app-env"
import { lateValue } from "../utils/app-env"
import { getFreePort } from "../utils/free-port"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import type { SeededStore } from "../utils/seed-store"

const storefrontPort: { value?: number } = {}

/** One function object for every spec of the group, so startSandboxForApp shares one sandbox. */
async function storefrontAppEnv(app: AppAddress): Promise<Record<string, string>> {
  storefrontPort.value ??= await getFreePort()
  const origin = `http://127.0.0.1:${storefrontPort.value}`
  return {
    TBC_RETURN_URL: `${origin}/`,
    STORE_CORS: `${origin},${app.appUrl}`,
    AUTH_CORS: `${origin},${app.appUrl}`,
    TBC_INSTALLMENT_SYNC_INTERVAL_SECONDS: "86400",
    // card, internet bank, installments and Google Pay, each also a provider of its own
    // (storefront-methods.app.ts); the money is held, so Google Pay's purchase-only rule shows
    TBC_METHODS: "5,7,8,14",
    TBC_PREAUTH: "true",
  }
}

export function useStorefrontApp() {
  const app = startSandboxForApp({}, storefrontAppEnv)
  return {
    get appUrl() {
      return app.appUrl
    },
    get sandboxUrl() {
      return app.sandboxUrl
    },
    /** The storefront's origin: the bank returns to it and the app allows it. */
    get storefrontUrl() {
      return `http://127.0.0.1:${lateValue(storefrontPort, "storefrontPort")}`
    },
    get storefrontPort() {
      return lateValue(storefrontPort, "storefrontPort")
    },
    /** The kit's Store API client for a seeded store, over Node's fetch. */
    kit(store: Pick<SeededStore, "publishableKey">): TbcStoreClient {
      return createTbcStoreClient({ backendUrl: app.appUrl, publishableKey: store.publishableKey })
    },
  }
}
