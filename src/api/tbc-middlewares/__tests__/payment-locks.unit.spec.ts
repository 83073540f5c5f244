/**
 * The admin capture / order cancel middleware holds the payment's lock (the one the
 * expiring-preauth pass takes) from before the route handler until the response is sent.
 */
import { EventEmitter } from "node:events"
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { underPaymentLocks } from "../payment-locks"
import { paymentLockKey, withPaymentLock } from "../../../app/reconcile/locks"

function request(locking: InMemoryLockingProvider) {
  return {
    params: { id: "pay_1" },
    scope: { resolve: (key: string) => (key === "locking" ? locking : { warn: jest.fn() }) },
  } as never
}

describe("underPaymentLocks", () => {
  it("waits while the job holds the payment's lock; the job waits while the admin's request runs", async () => {
    const locking = new InMemoryLockingProvider()
    const events: string[] = []
    await locking.acquire(paymentLockKey("pay_1"), { ownerId: "preauth-job" })
    const res = new EventEmitter()
    const next = jest.fn(() => void events.push("admin capture starts"))
    await underPaymentLocks(async () => ["pay_1"])(request(locking), res as never, next)
    await new Promise((r) => setTimeout(r, 50))
    expect(next).not.toHaveBeenCalled() // the job is still deciding

    events.push("job done")
    await locking.release(paymentLockKey("pay_1"), { ownerId: "preauth-job" })
    await new Promise((r) => setTimeout(r, 20))
    expect(next).toHaveBeenCalledTimes(1)

    // the admin's request has not answered yet: the job now waits for it
    const job = withPaymentLock({ resolve: () => locking }, "pay_1", async () => void events.push("job acts again"))
    await new Promise((r) => setTimeout(r, 50))
    events.push("admin capture answered")
    res.emit("finish")
    await job
    expect(events).toEqual(["job done", "admin capture starts", "admin capture answered", "job acts again"])
  })

  it("passes a request for a payment that is not TBC's straight on", async () => {
    const next = jest.fn()
    await underPaymentLocks(async () => [])(request(new InMemoryLockingProvider()), new EventEmitter() as never, next)
    expect(next).toHaveBeenCalledWith()
  })
})
