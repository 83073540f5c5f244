/**
 * The installment sync and its lock: a second sync gives up at once with our busy error (the
 * route answers 409 with it), and a sync whose lock was lost applies nothing more.
 */
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { SYNC_BUSY_MESSAGE, SyncBusyError, syncInstallmentProvider, syncLockKey } from "../sync-runner"

const registration = { providerId: "pp_tbc-installments_tbc", options: { pageSize: 50 } } as never
/** what the workflow's caller hands the runner; none of these cases gets as far as applying a page */
const applyPage = jest.fn(async () => {
  throw new Error("no page should be applied here")
})

function setup(locking: unknown) {
  const tbc = {
    startInstallmentSyncRun: jest.fn(async () => "run_1"),
    recordInstallmentSyncPoll: jest.fn(async () => undefined),
  }
  const container = {
    resolve: (key: string) =>
      key === "locking" ? locking : key === "tbc" ? tbc : { warn: jest.fn(), error: jest.fn(), info: jest.fn() },
  }
  return { container: container as never, tbc }
}

describe("syncInstallmentProvider and its lock", () => {
  it("a second sync while one runs fails at once with SyncBusyError, having asked the bank nothing", async () => {
    const locking = new InMemoryLockingProvider()
    const { container } = setup(locking)
    await locking.acquire(syncLockKey("pp_tbc-installments_tbc"), { ownerId: "other-instance" })
    const bank = { getStatusChanges: jest.fn(), syncStatusChanges: jest.fn() }
    const error = await syncInstallmentProvider(container, registration, bank as never, { applyPage }).catch((e) => e)
    expect(error).toBeInstanceOf(SyncBusyError)
    expect(error.message).toBe(SYNC_BUSY_MESSAGE)
    expect(bank.getStatusChanges).not.toHaveBeenCalled()
  })

  it("records an empty poll (no run row) in the provider's poll row", async () => {
    const locking = {
      execute: (_key: string, job: (s: AbortSignal) => Promise<unknown>) => job(new AbortController().signal),
    }
    const { container, tbc } = setup(locking)
    const bank = {
      getStatusChanges: jest.fn(async () => ({ synchronizationRequestId: "sync-0", statusChanges: [] })),
      syncStatusChanges: jest.fn(),
    }
    const summary = await syncInstallmentProvider(container, registration, bank as never, { applyPage })
    expect(summary).toMatchObject({ pages: 0, received: 0 })
    expect(tbc.startInstallmentSyncRun).not.toHaveBeenCalled()
    expect(tbc.recordInstallmentSyncPoll).toHaveBeenCalledTimes(1)
    expect(tbc.recordInstallmentSyncPoll).toHaveBeenCalledWith({ provider_id: "pp_tbc-installments_tbc", received: 0 })
  })

  it("stops before applying a page read after its lock was lost", async () => {
    const controller = new AbortController()
    const locking = { execute: (_key: string, job: (s: AbortSignal) => Promise<unknown>) => job(controller.signal) }
    const { container, tbc } = setup(locking)
    const bank = {
      getStatusChanges: jest.fn(async () => {
        controller.abort() // the lease lapsed while the page was on its way
        return { synchronizationRequestId: "sync-1", statusChanges: [{ sessionId: "s1", statusId: 1 }] }
      }),
      syncStatusChanges: jest.fn(),
    }
    const summary = await syncInstallmentProvider(container, registration, bank as never, { applyPage })
    expect(bank.getStatusChanges).toHaveBeenCalledTimes(1)
    expect(tbc.startInstallmentSyncRun).not.toHaveBeenCalled()
    expect(bank.syncStatusChanges).not.toHaveBeenCalled()
    expect(applyPage).not.toHaveBeenCalled()
    expect(summary).toMatchObject({ pages: 0, applied: 0, acknowledged: 0 })
    // the bank was asked: the poll is recorded, with nothing received
    expect(tbc.recordInstallmentSyncPoll).toHaveBeenCalledWith({ provider_id: "pp_tbc-installments_tbc", received: 0 })
  })

  it("does not even read when the lock is already lost", async () => {
    const controller = new AbortController()
    controller.abort()
    const locking = { execute: (_key: string, job: (s: AbortSignal) => Promise<unknown>) => job(controller.signal) }
    const { container, tbc } = setup(locking)
    const bank = { getStatusChanges: jest.fn(), syncStatusChanges: jest.fn() }
    await syncInstallmentProvider(container, registration, bank as never, { applyPage })
    expect(bank.getStatusChanges).not.toHaveBeenCalled()
    expect(tbc.recordInstallmentSyncPoll).not.toHaveBeenCalled()
  })
})
