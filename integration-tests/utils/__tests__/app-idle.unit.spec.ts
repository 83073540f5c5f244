import { EventEmitter } from "events"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { trackAppWork, waitForAppIdle } from "../app-idle"

/** A container with the local event bus' shape: a shared emitter, and delayed emits through groupOrEmitEvent. */
function fakeApp(runningWorkflows: () => number = () => 0) {
  const emitter = new EventEmitter()
  const bus = {
    eventEmitter_: emitter,
    async groupOrEmitEvent(eventData: { name: string; data?: unknown; options?: { delay?: number } }) {
      const emitNow = () => emitter.emit(eventData.name, eventData.data)
      const delay = eventData.options?.delay ?? 0
      if (delay > 0) setTimeout(emitNow, delay)
      else emitNow()
    },
  }
  const engine = { listWorkflowExecutions: async () => Array.from({ length: runningWorkflows() }) }
  const container = {
    resolve: (key: string) => (key === Modules.EVENT_BUS ? bus : key === Modules.WORKFLOW_ENGINE ? engine : undefined),
  } as unknown as MedusaContainer
  return { container, bus, emitter }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("waitForAppIdle", () => {
  it("waits for a delayed event and the slow subscriber it starts", async () => {
    const { container, bus, emitter } = fakeApp()
    trackAppWork(container)
    let finishedAt = 0
    emitter.on("payment.webhook_received", async () => {
      await sleep(150)
      finishedAt = Date.now()
    })
    await bus.groupOrEmitEvent({ name: "payment.webhook_received", options: { delay: 100 } })
    await waitForAppIdle(container)
    expect(finishedAt).toBeGreaterThan(0)
  })

  it("waits for work a subscriber starts by emitting another event", async () => {
    const { container, emitter } = fakeApp()
    trackAppWork(container)
    const done: string[] = []
    emitter.on("order.placed", async () => {
      await sleep(20)
      done.push("placed")
      setImmediate(() => emitter.emit("payment.captured"))
    })
    emitter.on("payment.captured", async () => {
      await sleep(60)
      done.push("captured")
    })
    emitter.emit("order.placed")
    await waitForAppIdle(container)
    expect(done).toEqual(["placed", "captured"])
  })

  it("waits for running workflows and names what is still busy when time runs out", async () => {
    let running = 1
    const { container, emitter } = fakeApp(() => running)
    emitter.on("never.ends", () => new Promise(() => undefined))
    trackAppWork(container)
    setTimeout(() => (running = 0), 100)
    await waitForAppIdle(container)
    expect(running).toBe(0)

    emitter.emit("never.ends")
    await expect(waitForAppIdle(container, { timeoutMs: 200 })).rejects.toThrow(/still busy after 200 ms \(1 events/)
  })

  it("calls listeners as EventEmitter does: in order, with the event's arguments", () => {
    const { container, emitter } = fakeApp()
    trackAppWork(container)
    const seen: unknown[] = []
    emitter.on("a", (data) => seen.push(["first", data]))
    emitter.on("a", (data) => seen.push(["second", data]))
    expect(emitter.emit("a", { id: 1 })).toBe(true)
    expect(emitter.emit("nobody")).toBe(false)
    expect(seen).toEqual([
      ["first", { id: 1 }],
      ["second", { id: 1 }],
    ])
  })
})
