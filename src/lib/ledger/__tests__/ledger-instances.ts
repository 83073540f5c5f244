/**
 * Two plugin instances and process death in the ledger model (issue 32), around any step of
 * ledger-script.ts. Both act on the one ledger, bank and Medusa; the plugin keeps no per-instance
 * state that decides about money (its settings cache lives a second and the model's settings never
 * change; Medusa's locking module, Redis across instances, is shared), so an instance is the order
 * in which its reads and writes land:
 *   - every ledger write is LedgerStore.apply's compare-and-set on the entry's revision
 *     (ledger-world.ts `record`): decided on the entry as read, lost when the other instance wrote
 *     it meanwhile, then read and decided again, as the real store does;
 *   - `twoInstances`: instance A plays its step; at its `at`-th ledger write (between that write's
 *     read and its compare-and-set, or between opening an entry and its bank call) instance B plays
 *     its whole step. A second job run meets the job's lock and skips
 *     (src/use-cases/reconcile/locks.ts). These run B's step after A's instead: an admin action
 *     beside another (the charge lock of src/workflows/ledger-admin/ledger-actions.ts; here: any
 *     two admin steps), and a cart change or new session beside the same cart's (one shopper's
 *     browser). A new session and a cart's completion hold the cart's lock (Medusa's, which
 *     createTbcPaymentSessionWorkflow takes too): a completion meeting it fails busy, a new session
 *     meeting it waits, so B's open is played again after A's step ended (ledger-checkout.ts);
 *   - `dies`: the step's process dies at its `at`-th ledger write, before making it: what it wrote
 *     durably stays, the answer it was about to record is lost, what it would have done next never
 *     happens. The jobs, the bank's callbacks and the admin must finish from there.
 */
import { ProcessDied, note, type World } from "./ledger-world"

/** The steps that take a job's lock, or an admin's lock on the money it acts on. */
const JOB_STEPS: ReadonlySet<string> = new Set(["job"])
const ADMIN_STEPS: ReadonlySet<string> = new Set(["admin", "contradict", "adminsRace"])
/** A cart's sessions and items: one shopper's browser changes them one request at a time. */
const SESSION_STEPS: ReadonlySet<string> = new Set(["open", "change"])
const cartOf = (s: { t: string }): unknown => (s as { cart?: number }).cart

export function playTwoInstances<S extends { t: string }>(
  w: World,
  outer: S,
  inner: S,
  at: number,
  play: (w: World, s: S) => void
): void {
  if (JOB_STEPS.has(outer.t) && JOB_STEPS.has(inner.t)) {
    note(w, "two instances: the second job run met the job's lock")
    play(w, outer)
    return
  }
  const waits =
    (ADMIN_STEPS.has(outer.t) && ADMIN_STEPS.has(inner.t)) ||
    (SESSION_STEPS.has(outer.t) && SESSION_STEPS.has(inner.t) && cartOf(outer) === cartOf(inner))
  if (waits) note(w, "two instances: the second step ran after the first")
  let ran = false
  if (!waits) {
    w.other = {
      countdown: at,
      run: () => {
        note(w, "two instances: a step ran inside another's read and write")
        w.lockWaited = false
        play(w, inner)
        // a new session that met the cart's lock of A's step waits for it: it goes on once A's step ended
        ran = !w.lockWaited
        if (!ran) note(w, "two instances: a new session waited for the other's cart lock")
        w.lockWaited = false
      },
    }
  }
  try {
    play(w, outer)
  } finally {
    w.other = undefined
  }
  if (!ran) play(w, inner)
}

/** The step's process dies at its `at`-th ledger write (if it makes that many). */
export function playDying<S>(w: World, step: S, at: number, play: (w: World, s: S) => void): void {
  w.dieAt = at
  try {
    play(w, step)
  } catch (error) {
    if (!(error instanceof ProcessDied)) throw error
    note(w, "process died between two steps of an operation")
  } finally {
    w.dieAt = undefined
  }
}
