/**
 * "Whatever the app started in the background has finished", for the app tests: Medusa runs
 * subscribers (order.placed, payment.captured, the bank callback's webhook handler, our
 * card-recording and callback-log subscribers) after the request that caused them has answered,
 * and the webhook event itself only after a delay. A test that checks that something did NOT
 * happen, or that changes data a subscriber may still write, must wait for that work, and a test
 * must not leave it running into the next test's database restore.
 *
 * Medusa's own `waitWorkflowExecutions` sees only workflows still in progress, not subscribers
 * nor delayed events. This tracks them on the in-process event bus (@medusajs/event-bus-local,
 * the tests' default): an event waiting out its delay counts until it is emitted, a subscriber
 * counts until its promise settles. With REDIS_URL (two-instances.spec.ts) events go through
 * Redis and only the workflows are waited for.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

type Listener = ((...args: unknown[]) => unknown) & { listener?: unknown }

interface LocalEventBus {
  eventEmitter_?: {
    emit: (name: string | symbol, ...args: unknown[]) => boolean
    rawListeners: (name: string | symbol) => Listener[]
  }
  groupOrEmitEvent?: (eventData: {
    options?: { delay?: number }
    metadata?: { eventGroupId?: string }
  }) => Promise<void>
}

interface Tracker {
  /** delayed events not emitted yet plus subscribers still running */
  busy: number
}

const trackers = new WeakMap<object, Tracker | null>()

/** Installs the tracking on the app's event bus once; null when the bus is not the local one. */
function trackerFor(container: MedusaContainer): Tracker | null {
  const bus = container.resolve(Modules.EVENT_BUS) as unknown as LocalEventBus
  if (trackers.has(bus)) return trackers.get(bus)!
  const emitter = bus.eventEmitter_
  const groupOrEmit = bus.groupOrEmitEvent
  if (!emitter || typeof groupOrEmit !== "function") {
    trackers.set(bus, null)
    return null
  }
  const tracker: Tracker = { busy: 0 }
  const settled = () => {
    tracker.busy -= 1
  }
  // an event emitted after a delay (Medusa's webhook event): busy from now until its listeners run
  bus.groupOrEmitEvent = async function (eventData) {
    const delay = eventData.metadata?.eventGroupId ? 0 : (eventData.options?.delay ?? 0)
    if (delay > 0) {
      tracker.busy += 1
      // fires after the bus's own timer of the same length, whose emit then has run its listeners
      setTimeout(settled, delay + 5)
    }
    return groupOrEmit.call(this, eventData)
  }
  // each listener called as EventEmitter would (in order, same arguments), its promise counted
  const emit = emitter.emit
  emitter.emit = function (name, ...args) {
    const listeners = this.rawListeners(name)
    // once-listeners and "error" keep EventEmitter's own semantics (the event bus uses neither)
    if (name === "error" || listeners.some((listener) => "listener" in listener)) return emit.call(this, name, ...args)
    for (const listener of listeners) {
      const result = listener.apply(this, args) as unknown
      if (result instanceof Promise) {
        tracker.busy += 1
        result.then(settled, settled)
      }
    }
    return listeners.length > 0
  }
  trackers.set(bus, tracker)
  return tracker
}

/** Starts the tracking for this app (the app test runner does it right after the boot). */
export function trackAppWork(container: MedusaContainer): void {
  trackerFor(container)
}

/** Workflows of the in-memory or Redis engine still running (Medusa's own waitWorkflowExecutions' question). */
async function workflowsRunning(container: MedusaContainer): Promise<boolean> {
  const engine = container.resolve(Modules.WORKFLOW_ENGINE, { allowUnregistered: true }) as
    { listWorkflowExecutions(filter: unknown): Promise<unknown[]> } | undefined
  if (!engine) return false
  const running = await engine.listWorkflowExecutions({
    state: { $nin: ["not_started", "done", "reverted", "failed"] },
  })
  return running.length > 0
}

export interface AppIdleOptions {
  /** give up after this long (ms); default 30 s */
  timeoutMs?: number
}

/**
 * Resolves once nothing the app started is left: no delayed event, no running subscriber, no
 * running workflow, seen twice 25 ms apart (a finishing subscriber or workflow may emit events
 * that start more work a tick later). Rejects after `timeoutMs`, naming what was still running.
 */
export async function waitForAppIdle(
  container: MedusaContainer,
  { timeoutMs = 30_000 }: AppIdleOptions = {}
): Promise<void> {
  const tracker = trackerFor(container)
  const deadline = Date.now() + timeoutMs
  let quietChecks = 0
  for (;;) {
    const subscribers = tracker?.busy ?? 0
    const workflows = subscribers === 0 && (await workflowsRunning(container))
    quietChecks = subscribers === 0 && !workflows ? quietChecks + 1 : 0
    if (quietChecks >= 2) return
    if (Date.now() >= deadline) {
      throw new Error(
        `waitForAppIdle: still busy after ${timeoutMs} ms (${subscribers} events or subscribers, workflows ${workflows ? "running" : "none"})`
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
