/**
 * The sandbox bank's shared context: config, state, faults and the callback dispatcher. Every
 * handler receives it; nothing is global, so several sandboxes can run in one process.
 */
import { CallbackDispatcher } from "./callbacks"
import { Faults } from "./faults"
import type { SandboxConfig } from "./options"
import { SandboxStore } from "./store"

export class SandboxBank {
  readonly store = new SandboxStore()
  readonly faults: Faults
  readonly callbacks: CallbackDispatcher
  /** where the sandbox is reachable (approval URLs, Location headers); set once listening */
  baseUrl = ""
  /** writes the state to the data file when one is configured (persistence.ts); else nothing */
  saveState: () => void = () => undefined

  constructor(readonly config: SandboxConfig) {
    this.faults = new Faults(config.seed)
    this.callbacks = new CallbackDispatcher(
      { retryMs: config.callbackRetryMs, attempts: config.callbackAttempts },
      () => this.faults.callbacks,
      (line) => this.log(line)
    )
  }

  log(line: string): void {
    this.config.logger?.(line)
  }

  now(): number {
    return this.store.clock.now()
  }

  /** Back to an empty bank: no payments/applications/feed/callbacks, counters 0, no faults, clock 0. */
  reset(): void {
    this.store.clearBusinessState()
    this.store.resetCalls()
    this.faults.reset()
    this.callbacks.clear()
  }
}
