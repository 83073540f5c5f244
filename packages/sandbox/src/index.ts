/**
 * The local TBC sandbox bank: `startSandbox()` serves the bank's live paths (tokens, checkout,
 * installments), hosted pages and a control API on a loopback port. See packages/sandbox/README.md.
 */
import type { AddressInfo } from "node:net"
import { SandboxBank } from "./bank"
import { resolveConfig, type SandboxOptions } from "./options"
import { SANDBOX_ROUTES } from "./routes"
import { createSandboxServer } from "./server"
import { SandboxAccessError, bindProblem, isLoopbackBind, offLoopbackWarning } from "./control-access"
import { buildStateView, type SandboxStateView } from "./state-view"
import { payPayment, sweepExpired, type PayOutcome } from "./payment-machine"
import { getPayment } from "./checkout-handlers"
import { changeApplicationStatus, MAX_STATUS_ID } from "./applications"
import type { FaultsInput } from "./faults"
import { fail, notFound } from "./problem"
import { loadState, stateSaver } from "./persistence"

export { SANDBOX_DEFAULTS, type SandboxOptions } from "./options"
export { CONTROL_TOKEN_HEADER, SandboxAccessError } from "./control-access"
export type {
  SandboxStateView,
  SandboxPaymentView,
  SandboxApplicationView,
  SandboxFeedItemView,
  SandboxSavedCardView,
} from "./state-view"
export type { CallbackRecord, CallbackFaults } from "./callbacks"
export type { FaultsInput, FaultsView } from "./faults"
export { APPLICATION_STATUS_NAMES } from "./applications"
export { SANDBOX_CARD_MASK, type PayOutcome } from "./payment-machine"
export { SandboxProblem } from "./problem"
export { SandboxDataError } from "./persistence"
export { TEST_CARDS, RESULT_CODES, type TestCard } from "./test-cards"

export interface SandboxHandle {
  /** http://127.0.0.1:PORT (or options.publicUrl) */
  url: string
  port: number
  close(): Promise<void>
  /** direct access for tests in the same process, same as GET /_sandbox/state */
  state(): SandboxStateView
  /** same as POST /_sandbox/payments/{payId}/pay; throws SandboxProblem like the API answers */
  pay(payId: string, outcome: PayOutcome): void
  /** same as POST /_sandbox/installments/{sessionId}/status */
  setApplicationStatus(sessionId: string, statusId: number): void
  /** same as POST /_sandbox/clock {advanceMs}; returns the new sandbox now */
  advanceClock(advanceMs: number): number
  /** same as POST /_sandbox/faults */
  setFaults(faults: FaultsInput): void
  /** same as POST /_sandbox/reset */
  reset(): void
}

/** Expired payments and their callbacks happen even when nobody looks: swept this often. */
const SWEEP_INTERVAL_MS = 1000

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const host = options.host ?? "127.0.0.1"
  const refusal = bindProblem(host, options.controlToken)
  if (refusal) throw new SandboxAccessError(refusal)
  const bank = new SandboxBank(resolveConfig(options))
  if (bank.config.dataFile) {
    loadState(bank, bank.config.dataFile) // before listening: a corrupt file stops the start
    bank.saveState = stateSaver(bank, bank.config.dataFile)
  }
  const { server, releaseHeld } = createSandboxServer(bank, SANDBOX_ROUTES, options.controlToken || undefined)
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  if (!isLoopbackBind(host)) {
    ;(options.warn ?? ((line: string) => process.stderr.write(`${line}\n`)))(offLoopbackWarning(host))
  }
  const linkHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host
  const url = (options.publicUrl ?? `http://${linkHost}:${port}`).replace(/\/+$/, "")
  bank.baseUrl = url
  const sweeper = setInterval(() => {
    sweepExpired(bank)
    bank.saveState()
  }, SWEEP_INTERVAL_MS)
  sweeper.unref()
  let closing: Promise<void> | undefined
  return {
    url,
    port,
    state: () => buildStateView(bank),
    pay(payId, outcome) {
      payPayment(bank, getPayment(bank, payId), outcome)
      bank.saveState()
    },
    setApplicationStatus(sessionId, statusId) {
      const application = bank.store.applications.get(sessionId)
      if (!application) notFound("sandbox", `application ${sessionId}`)
      if (!Number.isInteger(statusId) || statusId < 0 || statusId > MAX_STATUS_ID) {
        fail({ status: 400, title: "Invalid statusId", detail: `statusId must be an integer 0-${MAX_STATUS_ID}` })
      }
      changeApplicationStatus(bank, application, statusId)
      bank.saveState()
    },
    advanceClock(advanceMs) {
      if (!Number.isFinite(advanceMs) || advanceMs < 0) {
        fail({ status: 400, title: "Invalid advanceMs", detail: "advanceMs must be a non-negative number" })
      }
      const now = bank.store.clock.advance(advanceMs)
      sweepExpired(bank)
      bank.saveState()
      return now
    },
    setFaults(faults) {
      if (bank.faults.apply(faults).revokeTokens) bank.store.tokens.clear()
    },
    reset() {
      bank.reset()
      bank.saveState()
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        clearInterval(sweeper)
        bank.saveState()
        bank.callbacks.close()
        server.close(() => resolve())
        releaseHeld() // held requests end now, not after they time out
        server.closeAllConnections()
      })
      return closing
    },
  }
}
