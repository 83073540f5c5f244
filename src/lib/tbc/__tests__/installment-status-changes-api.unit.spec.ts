import { TbcApiError, TbcValidationError } from "../errors"
import { UNREADABLE_RESPONSE_TYPE } from "../responses"
import { INSTALLMENT_CREDS } from "./stub-bank"
import { BASE, bank, client, installmentsBankPerTest, lastCall } from "./installments-client-fixtures"

/** The Online Installments status-change feed and its sync, as the live bank expects them. */

installmentsBankPerTest()

describe("status changes", () => {
  it("GET /merchant/applications/status-changes?merchantKey=&take=", async () => {
    bank.on(`GET ${BASE}/merchant/applications/status-changes`, () => ({
      body: {
        synchronizationRequestId: "sync-1",
        totalCount: 2,
        statusChanges: [
          { sessionId: "a", statusId: 2, statusDescription: "Approved", changeDate: "2026-11-22T10:00:00" },
          { SessionId: "b", StatusId: "8", amount: 50, contributionAmount: 5 },
        ],
      },
    }))
    const page = await client.installments.getStatusChanges(50)
    expect(lastCall().query).toEqual({ merchantKey: INSTALLMENT_CREDS.merchantKey, take: "50" })
    expect(page.synchronizationRequestId).toBe("sync-1")
    expect(page.totalCount).toBe(2)
    expect(page.statusChanges).toEqual([
      {
        sessionId: "a",
        statusId: 2,
        statusDescription: "Approved",
        changeDate: "2026-11-22T10:00:00",
        amount: undefined,
        contributionAmount: undefined,
      },
      {
        sessionId: "b",
        statusId: 8,
        statusDescription: undefined,
        changeDate: undefined,
        amount: 50,
        contributionAmount: 5,
      },
    ])
  })

  it("a page with an unreadable change is refused, naming the change and its field", async () => {
    bank.on(`GET ${BASE}/merchant/applications/status-changes`, () => ({
      body: {
        synchronizationRequestId: "sync-2",
        statusChanges: [
          { sessionId: "a", statusId: 2 },
          { SessionId: " ", StatusId: "x" },
        ],
      },
    }))
    const error = (await client.installments.getStatusChanges(50).catch((e: unknown) => e)) as TbcApiError
    expect(error).toBeInstanceOf(TbcApiError)
    expect(error.problem).toMatchObject({ type: UNREADABLE_RESPONSE_TYPE })
    expect(error.problem.detail).toContain("statuschanges.1.sessionid: must be a non-empty string")
    expect(error.problem.detail).toMatch(/statuschanges\.1\.statusid: /)
  })

  it("an empty page may come without an id", async () => {
    bank.on(`GET ${BASE}/merchant/applications/status-changes`, () => ({ body: { totalCount: 0, statusChanges: [] } }))
    await expect(client.installments.getStatusChanges(10)).resolves.toEqual({
      synchronizationRequestId: "",
      totalCount: 0,
      statusChanges: [],
    })
  })

  it("refuses take that is not a positive integer without sending", async () => {
    await expect(client.installments.getStatusChanges(0)).rejects.toMatchObject({
      issues: [{ field: "take", rule: "positive_integer" }],
    })
    await expect(client.installments.getStatusChanges(2.5)).rejects.toBeInstanceOf(TbcValidationError)
    expect(bank.count()).toBe(0)
  })

  it("POST /merchant/applications/status-changes-sync {merchantKey, synchronizationRequestId}", async () => {
    bank.on(`POST ${BASE}/merchant/applications/status-changes-sync`, () => ({ status: 200 }))
    await client.installments.syncStatusChanges("sync-1")
    const call = lastCall()
    expect(call.method).toBe("POST")
    expect(call.json).toEqual({ merchantKey: INSTALLMENT_CREDS.merchantKey, synchronizationRequestId: "sync-1" })
  })

  it("sync with an invalid id: the bank's problem-JSON 400 is parsed", async () => {
    bank.on(`POST ${BASE}/merchant/applications/status-changes-sync`, () => ({
      status: 400,
      body: {
        type: "https://developers.tbcbank.ge/docs/error-type-400",
        title: "Invalid SynchronizationRequestId parameter value",
        status: 400,
        detail: "Invalid SynchronizationRequestId parameter value",
        systemCode: "System code for problem is Online-Installment-Merchant-API.400.001",
        code: "001",
      },
    }))
    const error = (await client.installments.syncStatusChanges("nope").catch((e: unknown) => e)) as TbcApiError
    expect(error.message).toBe(
      "TBC POST /v1/online-installments/merchant/applications/status-changes-sync failed with 400: Invalid SynchronizationRequestId parameter value"
    )
    expect(error.problem.code).toBe("001")
  })
})
