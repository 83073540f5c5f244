/**
 * Runs the stores' steps in lanes: TBC_INSTALL_LANES (default 2, the CI machine's cores) stores at
 * a time, each lane one store after another, so that one store's installs (the registry, the disk)
 * and database work overlap another's builds (the CPU). The pack runs beside the first installs.
 * Each step's outcome is a promise the tests of install.spec.ts await: a failed step fails its
 * test, and the store's later steps fail as "not run"; the lane goes on with its next store.
 */
import { STEPS, StoreRun, type StepName } from "./store-steps"
import type { StoreCase, Tarballs } from "./store-cases"
import { laneOf, reportable } from "./lane-rules"

/** A step's outcome and its seconds (for the summary). */
export interface StepOutcome {
  step: StepName
  seconds: number
  error?: unknown
}

export interface Lanes {
  /** Resolves when the step passed; rejects with its error, or "not run" after an earlier failure. */
  outcome(store: StoreCase, step: StepName): Promise<void>
  /** Every store's steps so far, for the summary: "2.18.0 npm (floor)" → outcomes. */
  timings: Map<string, StepOutcome[]>
  /** Resolves when every lane ended (every store closed). */
  done: Promise<void>
}

/** Settles a promise from outside. */
function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  promise.catch(() => undefined) // a test awaits it and reports the failure; no unhandled rejection
  return { promise, resolve, reject }
}

export function startLanes(stores: StoreCase[], work: string, templateDir: string, tarball: Promise<Tarballs>): Lanes {
  const count = Math.max(1, Number(process.env.TBC_INSTALL_LANES ?? 2))
  const outcomes = new Map<string, ReturnType<typeof deferred<void>>>()
  const key = (store: StoreCase, step: StepName) => `${store.label} ${step}`
  for (const store of stores) for (const [, step] of STEPS) outcomes.set(key(store, step), deferred<void>())
  const timings = new Map<string, StepOutcome[]>()

  async function runStore(store: StoreCase): Promise<void> {
    const storeRun = new StoreRun(store, work, templateDir, tarball)
    const steps: StepOutcome[] = []
    timings.set(`${store.medusa} ${store.pm} (${store.role})`, steps)
    let failed: StepName | undefined
    for (const [, step] of STEPS) {
      const outcome = outcomes.get(key(store, step))!
      if (failed) {
        outcome.reject(new Error(`not run: the store's step "${failed}" failed`))
        continue
      }
      if (step === "add") await tarball.catch(() => undefined) // waiting for the pack is not the step's time
      const started = Date.now()
      try {
        await storeRun.step(step)
        outcome.resolve()
      } catch (error) {
        failed = step
        outcome.reject(reportable(error))
      }
      steps.push({
        step,
        seconds: Math.round((Date.now() - started) / 1000),
        ...(failed === step ? { error: true } : {}),
      })
    }
    await storeRun.close().catch((error) => console.log(`install test: closing ${store.label}: ${error}`))
  }

  const lanes = Array.from({ length: count }, () => [] as StoreCase[])
  stores.forEach((store, index) => lanes[laneOf(index, count)].push(store))
  const done = Promise.all(
    lanes.map(async (lane) => {
      for (const store of lane) await runStore(store)
    })
  ).then(() => undefined)
  return { outcome: (store, step) => outcomes.get(key(store, step))!.promise, timings, done }
}
