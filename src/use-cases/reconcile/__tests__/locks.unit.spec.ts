/**
 * The job lock and the payment lock on Medusa's in-memory locking provider (the Redis and
 * PostgreSQL providers keep the same contract across instances).
 */
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { JOB_TICK_CLAIM_SECONDS, jobLockKey, paymentLockKey, runJobExclusively, withPaymentLock } from "../locks"

function containerWith(locking: InMemoryLockingProvider) {
  const logged: string[] = []
  const container = {
    resolve: (key: string) =>
      key === "locking" ? locking : { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m) },
  }
  return { container: container as never, logged }
}

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe("runJobExclusively", () => {
  it("skips a second run of the same job while the first holds the lock; never overlaps", async () => {
    const { container, logged } = containerWith(new InMemoryLockingProvider())
    const gate = deferred()
    let running = 0
    let overlap = 0
    const job = async () => {
      running++
      if (running > 1) overlap++
      await gate.promise
      running--
      return "done"
    }
    const first = runJobExclusively(container, "tbc-reconcile-pending-payments", job)
    const second = await runJobExclusively(container, "tbc-reconcile-pending-payments", job)
    gate.resolve()
    expect(await first).toEqual({ ran: true, result: "done" })
    expect(second).toEqual({ ran: false })
    expect(overlap).toBe(0)
    expect(logged.join("\n")).toMatch(/another run holds the job's lock/)
    // a tick right after the run ended is skipped too (the tick claim lapses after JOB_TICK_CLAIM_SECONDS)
    expect(await runJobExclusively(container, "tbc-reconcile-pending-payments", async () => 1)).toEqual({ ran: false })
  })

  it("runs again once the tick claim has lapsed", async () => {
    jest.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z"), doNotFake: ["setTimeout", "setImmediate", "nextTick"] })
    try {
      const { container } = containerWith(new InMemoryLockingProvider())
      expect(await runJobExclusively(container, "j", async () => 1)).toEqual({ ran: true, result: 1 })
      jest.setSystemTime(new Date(Date.now() + (JOB_TICK_CLAIM_SECONDS + 1) * 1000))
      expect(await runJobExclusively(container, "j", async () => 2)).toEqual({ ran: true, result: 2 })
    } finally {
      jest.useRealTimers()
    }
  })

  it("skips while a run that outlived its tick claim still holds the job's lock", async () => {
    const locking = new InMemoryLockingProvider()
    const { container } = containerWith(locking)
    await locking.acquire(jobLockKey("j"), { ownerId: "long-run-on-another-instance" })
    const job = jest.fn(async () => 1)
    expect(await runJobExclusively(container, "j", job)).toEqual({ ran: false })
    expect(job).not.toHaveBeenCalled()
  })

  it("a slow run of one job does not hold back another job", async () => {
    const { container } = containerWith(new InMemoryLockingProvider())
    const gate = deferred()
    const slow = runJobExclusively(container, "tbc-reconcile-expiring-preauths", () => gate.promise)
    expect(await runJobExclusively(container, "tbc-reconcile-pending-payments", async () => "ran")).toEqual({
      ran: true,
      result: "ran",
    })
    gate.resolve()
    await slow
  })

  it("passes a failure of the job itself on (it is not taken for a busy lock)", async () => {
    const { container } = containerWith(new InMemoryLockingProvider())
    await expect(runJobExclusively(container, "j", async () => Promise.reject(new Error("bank down")))).rejects.toThrow(
      "bank down"
    )
  })
})

describe("withPaymentLock", () => {
  it("serializes two actors on one payment: the second starts after the first finished", async () => {
    const { container } = containerWith(new InMemoryLockingProvider())
    const order: string[] = []
    const gate = deferred()
    const first = withPaymentLock(container, "pay_1", async () => {
      order.push("job:start")
      await gate.promise
      order.push("job:end")
    })
    const second = withPaymentLock(container, "pay_1", async () => void order.push("admin"))
    await new Promise((r) => setTimeout(r, 20))
    gate.resolve()
    await Promise.all([first, second])
    expect(order).toEqual(["job:start", "job:end", "admin"])
    expect(paymentLockKey("pay_1")).toBe("tbc-payment:pay_1")
  })
})
