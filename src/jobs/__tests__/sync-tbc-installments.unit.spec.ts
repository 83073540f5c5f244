/**
 * The scheduled job's throttle: it ticks every 5 s but syncs each installments registration only
 * once per its syncIntervalSeconds (first sync one interval after boot), through the workflow.
 */
const runs: unknown[] = []
jest.mock("../../workflows", () => ({
  syncInstallmentStatusesWorkflow: () => ({
    run: async (args: { input: unknown }) => {
      runs.push(args.input)
      return { result: { providers: [] } }
    },
  }),
}))

import { isSyncDue } from "../../lib/installment-sync-schedule"

const registration = (id: string, syncIntervalSeconds: number) => ({
  resolve: "./src/providers/tbc-installments",
  id,
  options: {
    apiKey: "k",
    apiSecret: "s",
    merchantKey: "m",
    environment: "http://127.0.0.1:1",
    syncIntervalSeconds,
  },
})

const container = {
  resolve: (key: string) =>
    key === "configModule"
      ? { modules: { payment: { options: { providers: [registration("a", 60), registration("b", 300)] } } } }
      : { info: () => undefined, error: () => undefined, warn: () => undefined },
}

describe("sync-tbc-installments job", () => {
  it("syncs each registration once per its own interval, starting one interval after boot", async () => {
    jest.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") })
    // loaded after the fake clock is set: the job's boot time is read at load
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { default: job, config } = require("../sync-tbc-installments") as typeof import("../sync-tbc-installments")
    expect(config.schedule).toEqual({ interval: 5000, concurrency: "forbid" })

    await job(container as never)
    expect(runs).toEqual([])
    jest.setSystemTime(new Date("2026-01-01T00:01:00Z"))
    await job(container as never)
    expect(runs).toEqual([{ provider_id: "pp_tbc-installments_a" }])
    jest.setSystemTime(new Date("2026-01-01T00:01:30Z"))
    await job(container as never)
    expect(runs).toHaveLength(1)
    jest.setSystemTime(new Date("2026-01-01T00:05:00Z"))
    await job(container as never)
    expect(runs).toEqual([
      { provider_id: "pp_tbc-installments_a" },
      { provider_id: "pp_tbc-installments_a" },
      { provider_id: "pp_tbc-installments_b" },
    ])
    jest.useRealTimers()
  })

  it("isSyncDue compares elapsed time with the interval", () => {
    expect(isSyncDue(0, 59_999, 60)).toBe(false)
    expect(isSyncDue(0, 60_000, 60)).toBe(true)
  })
})
