/**
 * The locks of the scheduled jobs (Medusa's locking module: Redis or PostgreSQL across instances,
 * in memory on one):
 * - one lock per job: the Redis workflow engine does not enforce a job's `concurrency: "forbid"`
 *   and BullMQ schedules the next tick as soon as a run starts, so a run that finds its job's lock
 *   taken skips (the next tick comes soon). Each job has its own key, so a slow reconcile run never
 *   holds back the installment sync, which has its own per-provider lock (sync-runner.ts).
 * - one lock per payment: two expiring-preauth passes (two instances) never decide about one
 *   payment at once. An admin's capture or cancel takes no lock: every money operation on a charge
 *   opens its ledger entry first, and the ledger allows one open operation per charge (its
 *   compare-and-set), so whichever comes second is refused before it reaches the bank.
 */
import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/** How long a preauth pass waits for another one deciding about the same payment (seconds). */
export const PAYMENT_LOCK_WAIT_SECONDS = 30

export function paymentLockKey(paymentId: string): string {
  return `tbc-payment:${paymentId}`
}

/**
 * One lock per ledger charge: an admin's action on it (re-check, release, not charged, attach a
 * payId; src/workflows/ledger-admin) waits for another admin's on the same money.
 */
export function ledgerChargeLockKey(chargeId: string): string {
  return `tbc-charge:${chargeId}`
}

export function jobLockKey(jobName: string): string {
  return `tbc-job:${jobName}`
}

/**
 * A run claims its tick for this long (never released: it lapses). Two instances firing the same
 * tick, or a tick queued behind a run that just ended, find the claim taken and skip, instead of
 * reading every session a second time right after the first run.
 */
export const JOB_TICK_CLAIM_SECONDS = 60

type Locking = {
  execute<T>(
    keys: string | string[],
    job: (signal?: AbortSignal) => Promise<T>,
    args?: { timeout?: number }
  ): Promise<T>
  acquire(keys: string | string[], args?: { ownerId?: string | null; expire?: number }): Promise<void>
  release(keys: string | string[], args?: { ownerId?: string | null }): Promise<boolean>
}

function lockingOf(container: { resolve(key: string): unknown }): Locking {
  return container.resolve(Modules.LOCKING) as Locking
}

export async function withPaymentLock<T>(
  container: { resolve(key: string): unknown },
  paymentId: string,
  job: () => Promise<T>
): Promise<T> {
  return lockingOf(container).execute(paymentLockKey(paymentId), job, { timeout: PAYMENT_LOCK_WAIT_SECONDS })
}

/** How long a charge's lock lives if its holder dies without releasing it (seconds). */
export const CHARGE_LOCK_TTL_SECONDS = 120

/**
 * Takes `key` for `ownerId`, waiting up to PAYMENT_LOCK_WAIT_SECONDS for its holder; throws when
 * it stays taken. Split from its release so that a workflow holds it across its steps.
 */
export async function acquireLock(
  container: { resolve(key: string): unknown },
  key: string,
  ownerId: string
): Promise<void> {
  const locking = lockingOf(container)
  const until = Date.now() + PAYMENT_LOCK_WAIT_SECONDS * 1000
  for (;;) {
    try {
      await locking.acquire(key, { ownerId, expire: CHARGE_LOCK_TTL_SECONDS })
      return
    } catch (error) {
      if (Date.now() >= until) throw error
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}

/**
 * Takes `key` for `ownerId` only if nobody holds it (no wait): false when it is held. For a
 * second press of a button while the first is still working: refused, not queued behind it.
 */
export async function takeLockNow(
  container: { resolve(key: string): unknown },
  key: string,
  ownerId: string,
  expireSeconds = CHARGE_LOCK_TTL_SECONDS
): Promise<boolean> {
  try {
    await lockingOf(container).acquire(key, { ownerId, expire: expireSeconds })
    return true
  } catch {
    return false
  }
}

export async function releaseLock(
  container: { resolve(key: string): unknown },
  key: string,
  ownerId: string
): Promise<void> {
  await lockingOf(container).release(key, { ownerId })
}

export type JobRun<T> = { ran: true; result: T } | { ran: false }

async function claimTick(locking: Locking, jobName: string): Promise<boolean> {
  try {
    // no waiting: acquire without a queue fails at once when the key is held
    await locking.acquire(`${jobLockKey(jobName)}:tick`, {
      ownerId: `tick:${randomUUID()}`,
      expire: JOB_TICK_CLAIM_SECONDS,
    })
    return true
  } catch {
    return false
  }
}

/**
 * Runs `job` unless another run of the same job holds its lock or claimed the tick (anywhere in
 * the cluster): then it returns `{ ran: false }` and logs why. The run itself holds the job's lock
 * through Medusa's `execute` (lease renewed while it runs), and the job receives the lock's abort
 * signal (set when the lock is lost, e.g. its lease could not be renewed).
 */
export async function runJobExclusively<T>(
  container: MedusaContainer,
  jobName: string,
  job: (signal?: AbortSignal) => Promise<T>
): Promise<JobRun<T>> {
  const locking = lockingOf(container)
  const skip = (): JobRun<T> => {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`[tbc jobs] ${jobName}: another run holds the job's lock; this tick is skipped`)
    return { ran: false }
  }
  if (!(await claimTick(locking, jobName))) return skip()
  let started = false
  try {
    const result = await locking.execute(
      jobLockKey(jobName),
      (signal) => {
        started = true
        return job(signal)
      },
      { timeout: 1 }
    )
    return { ran: true, result }
  } catch (error) {
    if (started) throw error
    return skip()
  }
}
