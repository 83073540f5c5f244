/** Types of ./index.js (plain JS so the demo runs without a build), for the TypeScript tests. */
export interface StorefrontOptions {
  /** 0 = any free port. */
  port: number
  /** Interface to bind; default 127.0.0.1. */
  host?: string
  /** Host name in the returned url (must match the origin allowed by STORE_CORS); default localhost. */
  publicHost?: string
  /** Medusa server the page calls (Store API). */
  backendUrl: string
  publishableKey: string
  regionId: string
  /** Shown on the page for reference only. */
  sandboxUrl?: string
  /** The seeded demo customer, shown next to the login form (demo data, not a secret). */
  demoLogin?: { email: string; password: string }
  /** The store's name in Medusa (the admin shows the same); default "TBC demo store". */
  storeName?: string
  /** The checkout provider's `methods` (4 QR, 5 card, 7 internet bank, 8 installments, 9/14 wallets); default [5]. */
  checkoutMethods?: number[]
  /** The checkout provider holds the money until capture (preAuth). */
  preAuth?: boolean
}

export interface RunningStorefront {
  url: string
  port: number
  close(): Promise<void>
}

export function startStorefront(options: StorefrontOptions): Promise<RunningStorefront>
