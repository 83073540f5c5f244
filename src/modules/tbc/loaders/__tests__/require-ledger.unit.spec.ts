import { LEDGER_PROBES, requireLedger } from "../require-ledger"

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
})
