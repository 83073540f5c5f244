/**
 * An admin's release (Settings → TBC Bank) goes through the orphan policy's own claim and bank
 * calls, in the admin's name: it may take over a payment the "notify" policy left for the admin
 * (which the policy itself never acts on again), and every move it records names the admin.
 */
import type { PaymentDetails } from "../../../lib/tbc/types"
import { releaseByAdmin, settleOrphan, type OrphanLedger } from "../money-moves/orphans"

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }
const PAY_ID = "payadmin0000000001"

function fakes(orphanAction: string | null, status: "WaitingConfirm" | "Succeeded") {
  const state = { orphanAction, bankStatus: status as string, calls: [] as string[] }
  const moves: Array<[string, string]> = []
  const recorded: Array<[string, string | undefined]> = []
  const ledger = {
    byPayId: async () => ({ session_gone_at: new Date(), authorized_at: null, order_id: null }),
    claimOrphan: async (_payId: string, takeNotified = false) => {
      const free =
        state.orphanAction === null ||
        state.orphanAction === "failed" ||
        (takeNotified && state.orphanAction === "notified")
      if (free) state.orphanAction = "acting"
      return free
    },
    releaseOrphanClaim: async () => undefined,
    recordOrphanAction: async (_payId: string, action: string, _m: unknown, _e: unknown, actor?: string) => {
      state.orphanAction = action
      recorded.push([action, actor])
    },
    applyByPayId: async (_payId: string, event: { status: string }, actor: string) => {
      moves.push([event.status, actor])
      return undefined
    },
  } as unknown as OrphanLedger
  const details = (): PaymentDetails =>
    ({ payId: PAY_ID, status: state.bankStatus, amount: 12.5, returnedAmount: 0, links: [], raw: {} }) as PaymentDetails
  const checkout = {
    getPayment: async () => details(),
    cancelPayment: async () => {
      state.calls.push("cancel")
      state.bankStatus = "Returned"
      return { raw: {} }
    },
    completePayment: async () => details(),
  }
  return { state, moves, recorded, ledger, checkout }
}

describe("releaseByAdmin", () => {
  it("takes over a hold the notify policy left, releases it once and records every move in the admin's name", async () => {
    const f = fakes("notified", "WaitingConfirm")
    const base = { checkout: f.checkout, ledger: f.ledger, payId: PAY_ID, logger: silent }

    // the policy itself leaves a notified payment alone
    expect(await settleOrphan({ ...base, policy: "refund" })).toBe("busy")
    expect(f.state.calls).toEqual([])

    expect(await releaseByAdmin({ ...base, actor: "admin:user_1" })).toBe("cancelled")
    expect(f.state.calls).toEqual(["cancel"])
    expect(f.moves).toEqual([
      ["WaitingConfirm", "admin:user_1"],
      ["Returned", "admin:user_1"],
    ])
    expect(f.recorded).toEqual([["cancelled", "admin:user_1"]])

    // done once: a second release finds it settled and moves nothing
    expect(await releaseByAdmin({ ...base, actor: "admin:user_1" })).toBe("busy")
    expect(f.state.calls).toEqual(["cancel"])
  })

  it("refunds taken money in full; the policy's own moves keep its name", async () => {
    const f = fakes(null, "Succeeded")
    const base = { checkout: f.checkout, ledger: f.ledger, payId: PAY_ID, logger: silent }
    expect(await settleOrphan({ ...base, policy: "refund" })).toBe("refunded")
    expect(f.recorded).toEqual([["refunded", "policy:orphan"]])
    expect(f.moves.every(([, actor]) => actor === "policy:orphan")).toBe(true)
  })
})
