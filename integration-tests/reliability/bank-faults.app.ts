/**
 * Bank faults over many checkouts through the real app (Store API → sandbox bank → cart complete,
 * plus the bank's callbacks and the lost-callback reconciliation job): 5xx bursts, hung requests
 * (answered or lost after the bank acted), responses slower than the client timeout, tokens
 * revoked mid-flight, random 5xx rates, dropped / duplicated / delayed callbacks. Every checkout
 * must end with the bank and Medusa agreeing (support/consistency.ts).
 *
 * Each checkout's faults and shopper choices come from a seeded PRNG (RELIABILITY_SEED; shopper w
 * of RELIABILITY_CONCURRENCY draws from seed + w). The sandbox has one fault slot per kind, so with
 * several shoppers at once a fault also hits whatever the others do at that moment (more chaos,
 * same invariant) and the interleaving is not repeatable; RELIABILITY_CONCURRENCY=1 replays a
 * seed exactly. 16 checkouts by default: each costs about 3 s of CPU in Medusa (cart, shipping,
 * session, completion workflows), so the run is CPU-bound on the 2-core machine and its share of
 * `npm test`'s 12-minute budget decides the count; CI runs it again at 40 in a step of its own
 * (.ci/run) and RELIABILITY_CHECKOUTS=1000 is a longer soak.
 *
 * Part of the reliability group (reliability-app.spec.ts: one boot, the group's settings of
 * support/reliability-app.ts); alone: `-t "bank faults"` on that file.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { waitFor } from "../utils/wait-for"
import { waitForAppIdle } from "../utils/app-idle"
import { reconcilePendingPaymentsWorkflow } from "../../src/workflows/reconcile"
import { SeededRandom } from "./support/seeded-random"
import { drawCheckoutPlan, type CheckoutPlan } from "./support/fault-plan"
import { judgeCheckouts, summarize, type BankPaymentView } from "./support/consistency"
import { RELIABILITY_BANK_TIMEOUT_MS, RELIABILITY_SANDBOX_OPTIONS, useReliabilityApp } from "./support/reliability-app"

const CHECKOUTS = Number(process.env.RELIABILITY_CHECKOUTS ?? 16)
/** the provider's bank timeout in this app (TBC_TIMEOUT_MS), so hung requests cost seconds */
const BANK_TIMEOUT_MS = RELIABILITY_BANK_TIMEOUT_MS
/** the seed of the shoppers' choices and of the sandbox's errorRate fault */
const SEED = RELIABILITY_SANDBOX_OPTIONS.seed
const CONCURRENCY = Math.max(1, Number(process.env.RELIABILITY_CONCURRENCY ?? 16))

jest.setTimeout(30 * 60_000)

/**
 * The test asserts that both endings occurred (an order placed and paid; no order and nothing held),
 * so a schedule must contain a checkout bound for each. A decline or abandon always ends with no
 * order; a payment whose session opens ends placed (on the shopper's return, by a callback or by the
 * reconciliation job), and with no session fault of its own only the other shoppers' faults at that
 * moment can keep it from opening four times over. Each is in about 1 plan of 4, so at `npm test`'s
 * small size a seed can lack one (about 1 % at 16 checkouts): then the first checkout becomes a
 * fault-free payment and the last one a decline. Returns what was changed, for the log.
 */
function ensureBothEndings(plans: CheckoutPlan[]): string[] {
  if (plans.length < 2) throw new Error(`RELIABILITY_CHECKOUTS must be at least 2 (both endings), not ${plans.length}`)
  const pinned: string[] = []
  if (!plans.some((plan) => plan.outcome === "success" && plan.beforeSession.kind === "none")) {
    plans[0] = { ...plans[0], outcome: "success", beforeSession: { kind: "none" } }
    pinned.push("checkout 0 pays with no session fault")
  }
  if (!plans.some((plan) => plan.outcome !== "success")) {
    const last = plans.length - 1
    plans[last] = { ...plans[last], outcome: "decline" }
    pinned.push(`checkout ${last} declines`)
  }
  return pinned
}

const app = useReliabilityApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-rel-bank-faults"),
  testSuite: ({ api, getContainer }) => {
    it(`${CHECKOUTS} checkouts under random bank faults: bank and Medusa agree on every one`, async () => {
      const started = Date.now()
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const cartIds: string[] = []
      const tally: Record<string, number> = {}
      const count = (what: string) => (tally[what] = (tally[what] ?? 0) + 1)

      async function runCheckout(plan: CheckoutPlan): Promise<void> {
        await bank.setFaults({ reset: true })
        const { cartId } = await shop.createCartReadyForPayment(plan.quantities, `shopper${plan.index}@rel.ge`)
        cartIds.push(cartId)
        count(`session fault ${plan.beforeSession.kind}`)
        if (plan.beforeSession.kind !== "none") await bank.setFaults(plan.beforeSession.faults)
        let session: Awaited<ReturnType<StoreCheckout["startPaymentSession"]>>["session"] | undefined
        // the storefront retries opening the payment a few times, as a shopper pressing Pay again
        for (let attempt = 1; attempt <= 4 && !session; attempt++) {
          session = await shop.startPaymentSession(cartId).then(
            (opened) => opened.session,
            () => undefined
          )
          if (!session) count("session attempt failed")
          // a slow spell or an error rate passes; counted bursts drain by themselves
          await bank.setFaults({ latencyMs: 0, errorRate: 0 })
        }
        await bank.setFaults({ reset: true })
        if (!session) return void count("no session after 4 attempts")
        const payId = payIdOf(session)

        count(`callbacks ${plan.callbacks.kind}`)
        const cb = plan.callbacks
        if (cb.kind === "drop") await bank.setFaults({ callbacks: { payId, drop: true } })
        if (cb.kind === "duplicate") await bank.setFaults({ callbacks: { payId, duplicate: cb.copies } })
        if (cb.kind === "delay") await bank.setFaults({ callbacks: { payId, delayMs: cb.ms } })
        count(`outcome ${plan.outcome}`)
        if (plan.outcome !== "abandon") await bank.pay(payId, plan.outcome)
        if (!plan.shopperReturns || plan.outcome === "abandon") return void count("shopper never returns")

        const fault = plan.beforeReturn(payId)
        count(`return fault ${fault.kind}`)
        await bank.setFaults({ reset: true })
        if (fault.kind !== "none") await bank.setFaults(fault.faults)
        for (let attempt = 1; attempt <= 4; attempt++) {
          const completion = await shop.completeCart(cartId)
          await bank.setFaults({ latencyMs: 0, errorRate: 0 })
          if (completion.type === "order") return void count("order on return")
          count("complete attempt refused")
          if (plan.outcome === "decline") return
          await sleep(200)
        }
      }

      // shopper w runs checkouts w, w + CONCURRENCY, ... with its own seeded stream; drawn up front
      // in that order, which gives the same plans as drawing each when the shopper gets to it
      const plans: CheckoutPlan[] = []
      for (let worker = 0; worker < CONCURRENCY; worker++) {
        const random = new SeededRandom(SEED + worker)
        for (let index = worker; index < CHECKOUTS; index += CONCURRENCY) {
          plans[index] = drawCheckoutPlan(random, index, BANK_TIMEOUT_MS)
        }
      }
      const pinned = ensureBothEndings(plans)
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, worker) => {
          for (let index = worker; index < CHECKOUTS; index += CONCURRENCY) await runCheckout(plans[index])
        })
      )
      const drivenMs = Date.now() - started
      await bank.setFaults({ reset: true })

      const bankPayments = async () => (await bank.state()).payments as BankPaymentView[]
      // Settled: every callback the bank will send is delivered or dropped (dropped ones are left to
      // the reconciliation job), and the app has finished what they started (app-idle.ts).
      await waitFor(
        async () => {
          const callbacks = ((await bank.state()).callbacks ?? []) as Array<{ delivered: boolean; dropped: boolean }>
          return callbacks.every((callback) => callback.delivered || callback.dropped)
        },
        { timeoutMs: 30_000, intervalMs: 250, description: "every bank callback sent" }
      ).catch(() => undefined)
      await waitForAppIdle(getContainer(), { timeoutMs: 120_000 })
      const beforeReconcile = summarize(await judgeCheckouts(getContainer(), cartIds, await bankPayments()))
      // What the scheduled job does once a session is older than pendingReconcileMinutes.
      const { result: reconciled } = await reconcilePendingPaymentsWorkflow(getContainer()).run({
        input: { now: new Date(Date.now() + 20 * 60_000).toISOString() },
      })
      const rescued = reconciled.filter((r) => r.outcome === "processed").length
      await waitForAppIdle(getContainer(), { timeoutMs: 120_000 }) // what the reconciliation started via events
      const judgements = await judgeCheckouts(getContainer(), cartIds, await bankPayments())
      const totals = summarize(judgements)
      const consistent = totals.placed_and_paid + totals.not_placed_nothing_held

      console.log(
        `reliability: ${judgements.length} checkouts, ${consistent} consistent, ${totals.lost} lost, ${totals.double} double, ` +
          `${totals.unpaid} unpaid (placed and paid ${totals.placed_and_paid}, not placed and nothing held ` +
          `${totals.not_placed_nothing_held}; ${beforeReconcile.lost} waited for the reconciliation job, which placed ${rescued}); ` +
          `seed ${SEED}, ${CONCURRENCY} shoppers at once, ${Math.round(drivenMs / 1000)} s driving, ` +
          `${Math.round(drivenMs / CHECKOUTS)} ms per checkout${pinned.length ? `; pinned: ${pinned.join(", ")}` : ""}\n` +
          `reliability: faults and paths ${JSON.stringify(tally)}`
      )
      const bad = judgements.filter((j) => j.verdict !== "placed_and_paid" && j.verdict !== "not_placed_nothing_held")
      expect(bad).toEqual([])
      expect(judgements).toHaveLength(CHECKOUTS)
      // the schedule must really have exercised both endings
      expect(totals.placed_and_paid).toBeGreaterThan(0)
      expect(totals.not_placed_nothing_held).toBeGreaterThan(0)
    })
  },
})
