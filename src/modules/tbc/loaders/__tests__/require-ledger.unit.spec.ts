import {
  LEDGER_PROBES,
  STATISTICS_PROBE,
  WITHOUT_STATISTICS_WARNING,
  requireLedger,
  warnWithoutStatistics,
} from "../require-ledger"

describe("requireLedger (boot check)", () => {
  it("passes when every ledger probe reads", async () => {
    const asked: string[] = []
    await requireLedger({ raw: async (sql) => (asked.push(sql), { rows: [] }) })
    expect(asked).toEqual(LEDGER_PROBES)
  })

  it("refuses to start, saying what to do, when a table or column is missing or there is no connection", async () => {
    const missing = { raw: async () => Promise.reject(new Error('relation "tbc_ledger_event" does not exist')) }
    await expect(requireLedger(missing)).rejects.toThrow(/cannot start.*tbc_ledger_event.*db:migrate/)
    await expect(requireLedger(undefined)).rejects.toThrow(/no PostgreSQL connection/)
  })

  describe("warnWithoutStatistics", () => {
    const logger = () => {
      const warned: string[] = []
      return { warned, warn: (message: string) => void warned.push(message) }
    }
    const server = (autovacuum: unknown) => ({
      raw: async (sql: string) => {
        expect(sql).toBe(STATISTICS_PROBE)
        return { rows: [{ autovacuum }] }
      },
    })

    it("warns, naming the tables to analyze, when PostgreSQL runs with autovacuum off", async () => {
      const log = logger()
      await expect(warnWithoutStatistics(server("off"), log)).resolves.toBe(true)
      expect(log.warned).toEqual([WITHOUT_STATISTICS_WARNING])
      expect(WITHOUT_STATISTICS_WARNING).toMatch(/ANALYZE tbc_payment, tbc_ledger_event/)
    })

    it("says nothing when autovacuum is on, and never fails the boot when the setting cannot be read", async () => {
      const log = logger()
      await expect(warnWithoutStatistics(server("on"), log)).resolves.toBe(false)
      await expect(warnWithoutStatistics({ raw: async () => ({ rows: [] }) }, log)).resolves.toBe(false)
      await expect(
        warnWithoutStatistics({ raw: async () => Promise.reject(new Error("permission denied")) }, log)
      ).resolves.toBe(false)
      expect(log.warned).toEqual([])
    })
  })
})
