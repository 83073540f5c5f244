import { lastPollText, syncNeedsAttention, syncSummaryText } from "../sync-summary"
import type { SyncNowResult } from "../api"

const provider = (over: Partial<SyncNowResult["providers"][number]> = {}): SyncNowResult["providers"][number] => ({
  provider_id: "pp_tbc-installments_tbc",
  received: 0,
  applied: 0,
  retrying: 0,
  gave_up: 0,
  acknowledged: 0,
  errors: [],
  ...over,
})

describe("syncSummaryText", () => {
  it("says nothing new for an empty feed", () => {
    expect(syncSummaryText({ providers: [provider()] })).toBe("Sync done: nothing new.")
    expect(syncNeedsAttention({ providers: [provider()] })).toBe(false)
  })

  it("says what was received, applied and acknowledged", () => {
    const result = { providers: [provider({ received: 3, applied: 2, acknowledged: 3 })] }
    expect(syncSummaryText(result)).toBe("Sync done: received 3, applied 2, acknowledged 3.")
  })

  it("names retries and given-up changes, and warns about them", () => {
    const result = {
      providers: [provider({ received: 4, applied: 4, acknowledged: 0, retrying: 1, errors: [{ message: "x" }] })],
    }
    expect(syncSummaryText(result)).toBe("Sync done: received 4, applied 4, acknowledged 0, 1 wait for a retry.")
    expect(syncNeedsAttention(result)).toBe(true)
  })

  it("names each provider when there are several, and says when there is none", () => {
    const result = {
      providers: [
        provider({ provider_id: "pp_a" }),
        provider({ provider_id: "pp_b", received: 1, applied: 1, acknowledged: 1 }),
      ],
    }
    expect(syncSummaryText(result)).toBe("Sync done: pp_a nothing new; pp_b received 1, applied 1, acknowledged 1.")
    expect(syncSummaryText({ providers: [] })).toMatch(/No installments provider/)
  })
})

describe("lastPollText", () => {
  const time = (iso: string) => `at ${iso}`
  it("shows an empty poll as nothing new, with its time", () => {
    expect(lastPollText({ provider_id: "p", polled_at: "T1", received: 0 }, time)).toBe("Last poll at T1: nothing new")
    expect(lastPollText({ provider_id: "p", polled_at: "T2", received: 1 }, time)).toBe(
      "Last poll at T2: 1 change received"
    )
    expect(lastPollText({ provider_id: "p", polled_at: "T3", received: 7 }, time)).toBe(
      "Last poll at T3: 7 changes received"
    )
    expect(lastPollText(undefined, time)).toBe("Not polled yet")
  })
})
