/**
 * Shopper carts built once for a whole app suite instead of once per test: a cart through the
 * Store API (create, shipping method) costs ~3 s on the test machine, a large share of most app
 * tests, and many tests of a suite build the very same cart.
 *
 * Why a cart built once can serve every test: the app test runner restores the database before
 * each test from a template taken after the suite's own beforeAll hooks (app-test-runner.ts), so a
 * cart built in a beforeAll is there, pristine, at the start of each test, and whatever a test did
 * to it (sessions, completion, the order) is gone for the next one. What Medusa keeps in memory
 * per cart does not carry over either: its completion workflow runs under a fresh transaction id
 * each time (not the cart id), and the cart's lock lives in the locking module only while a
 * completion runs, which the runner's wait for the app to go idle after each test lets finish.
 * That lock is checked anyway when a cart is handed out (a lock still held would make the test wait
 * 30 s and fail far from its cause), and so is the cart itself: still open, with no payment session.
 * The tests' own in-memory state keyed by a cart id is checked too: a completion fault
 * (complete-cart-faults.ts) an earlier test set on the cart and did not use up or heal.
 *
 * Only for suites where no test changes, before building its cart, what the cart's contents
 * depend on (prices, products, region, shipping options, the customer): the prepared cart was
 * built before any of that.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { waitForAppIdle } from "./app-idle"
import { cartCompletionFaulty } from "./complete-cart-faults"

interface Pool {
  container?: MedusaContainer
  /** key (what the cart was built from) → the carts built for it, in order */
  built: Map<string, Array<{ cartId: string; value: unknown }>>
  /** key → how many of its carts the current test has taken */
  taken: Map<string, number>
  preparing: boolean
}

// one suite at a time prepares carts (jest runs a file's suites one after another)
let pool: Pool | undefined

/**
 * In a suite's describe, AFTER the hooks that seed what the carts need (it registers a beforeAll,
 * which runs in registration order): `build` runs once, in that beforeAll, and every cart it builds
 * through a preparing builder (StoreCheckout.createCartReadyForPayment,
 * Shopper.cartReadyForPayment) is kept; in each test, the same builder with the same arguments
 * hands out those carts, each once per test, and builds new ones beyond them.
 */
export function prepareCarts(getContainer: () => MedusaContainer, build: () => Promise<unknown>): void {
  beforeAll(async () => {
    if (pool) throw new Error("prepareCarts: called twice in one suite")
    pool = { built: new Map(), taken: new Map(), preparing: true }
    try {
      await build()
    } finally {
      pool.preparing = false
    }
    pool.container = getContainer()
    // the events the carts' creation emitted are handled before the database is copied
    await waitForAppIdle(pool.container)
  })
  beforeEach(() => pool?.taken.clear())
  afterAll(() => {
    pool = undefined
  })
}

/**
 * The builders' side: while a suite prepares, builds and keeps the cart; in its tests, the next
 * prepared cart of `key` not yet taken in this test, checked; otherwise (no pool, or all taken)
 * builds one as without a pool. `key` must name everything the cart is built from.
 */
export async function preparedCart<T extends { cartId: string }>(key: string, build: () => Promise<T>): Promise<T> {
  if (!pool) return build()
  if (pool.preparing) {
    const value = await build()
    pool.built.set(key, [...(pool.built.get(key) ?? []), { cartId: value.cartId, value }])
    return value
  }
  const taken = pool.taken.get(key) ?? 0
  const next = pool.built.get(key)?.[taken]
  if (!next) return build()
  pool.taken.set(key, taken + 1)
  await checkPristine(pool.container!, next.cartId)
  return next.value as T
}

async function checkPristine(container: MedusaContainer, cartId: string): Promise<void> {
  // released only if held: a lock left by the test before (the runner waits for the app to go idle)
  if (await container.resolve(Modules.LOCKING).release(cartId)) {
    throw new Error(`prepared cart ${cartId} was still locked from an earlier test`)
  }
  if (cartCompletionFaulty(cartId)) {
    throw new Error(
      `prepared cart ${cartId} still has a completion fault an earlier test set (complete-cart-faults.ts)`
    )
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "completed_at", "payment_collection.payment_sessions.id"],
    filters: { id: cartId },
  })
  const cart = data[0] as
    { completed_at?: string | null; payment_collection?: { payment_sessions?: unknown[] } | null } | undefined
  if (!cart || cart.completed_at || (cart.payment_collection?.payment_sessions?.length ?? 0) > 0) {
    throw new Error(
      `prepared cart ${cartId} is not as its suite's beforeAll built it (${cart ? "used" : "gone"}): ` +
        "prepareCarts needs the database restored before each test"
    )
  }
}
