import { TestBank, expectProblem, issueKeys, MERCHANT_KEY } from "./helpers"

const APPLICATION = {
  merchantKey: MERCHANT_KEY,
  campaignId: 204,
  invoiceId: "inv-1",
  priceTotal: 303,
  products: [
    { Name: "Phone × 2", Price: 202, Quantity: 1 },
    { name: "Case", price: 101, quantity: 1 },
  ],
}

describe("sandbox online installments", () => {
  const bank = TestBank.sharedPerSuite()

  async function create(): Promise<string> {
    const answer = await bank.inst("/applications", { body: APPLICATION })
    expect(answer.status).toBe(200)
    return answer.body.sessionId
  }
  const status = (sessionId: string) => bank.inst(`/applications/${sessionId}/status?merchantKey=${MERCHANT_KEY}`)
  const setStatus = (sessionId: string, statusId: number) =>
    bank.control(`/installments/${sessionId}/status`, { statusId })

  describe("applications", () => {
    it("creates: {sessionId, id:null} with the hosted page in Location; stores the normalised request", async () => {
      const answer = await bank.inst("/applications", { body: APPLICATION })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/), id: null })
      expect(answer.headers.get("location")).toBe(`${bank.url}/installments/${answer.body.sessionId}`)
      expect(bank.sandbox.state().applications[0]).toMatchObject({
        sessionId: answer.body.sessionId,
        statusId: 0,
        priceTotal: 303,
        invoiceId: "inv-1",
        campaignId: "204",
        products: [
          { name: "Phone × 2", price: 202, quantity: 1 },
          { name: "Case", price: 101, quantity: 1 },
        ],
      })
    })

    it("validates the body (products = priceTotal under both readings when strict) and the merchant key", async () => {
      const wrongSum = await bank.inst("/applications", { body: { ...APPLICATION, priceTotal: 303.01 } })
      expectProblem(wrongSum, 400)
      expect(issueKeys(wrongSum)).toEqual(["products:sum_equals_total"])
      // strict: unit prices with quantities (Σ price × quantity only) are refused
      const unitOnly = {
        ...APPLICATION,
        products: [
          { name: "Phone", price: 101, quantity: 2 },
          { name: "Case", price: 101, quantity: 1 },
        ],
      }
      expect(issueKeys(await bank.inst("/applications", { body: unitOnly }))).toEqual(["products:sum_equals_total"])
      const empty = await bank.inst("/applications", {
        body: { merchantKey: MERCHANT_KEY, priceTotal: 0, products: [] },
      })
      expect(issueKeys(empty)).toEqual(expect.arrayContaining(["priceTotal:positive", "products:required"]))
      expect(issueKeys(await bank.inst("/applications", { body: { ...APPLICATION, merchantKey: undefined } }))).toEqual(
        ["merchantKey:required"]
      )
      const stranger = await bank.inst("/applications", { body: { ...APPLICATION, merchantKey: "Other" } })
      expectProblem(stranger, 404)
      expect(bank.sandbox.state().applications).toHaveLength(0)
    })

    it("refuses an application outside TBC's 100–10,000 GEL (400 naming the limit), as the live bank lends", async () => {
      const loan = (total: number) => ({
        ...APPLICATION,
        priceTotal: total,
        products: [{ name: "Lamp", price: total, quantity: 1 }],
      })
      const small = await bank.inst("/applications", { body: loan(40) })
      expectProblem(small, 400)
      expect(issueKeys(small)).toEqual(["priceTotal:range"])
      expect(small.body.detail).toContain("offered from 100.00 GEL; this cart is 40.00 GEL")
      expect(small.body.detail).not.toContain("option")
      expect(issueKeys(await bank.inst("/applications", { body: loan(99.99) }))).toEqual(["priceTotal:range"])
      expect(issueKeys(await bank.inst("/applications", { body: loan(10_000.01) }))).toEqual(["priceTotal:range"])
      expect(bank.sandbox.state().applications).toHaveLength(0)
      for (const edge of [100, 10_000])
        expect((await bank.inst("/applications", { body: loan(edge) })).status).toBe(200)
      expect(bank.sandbox.state().applications).toHaveLength(2)
    })

    it("status by query or by JSON body on the GET: {amount, contributionAmount, statusId, description}", async () => {
      const sessionId = await create()
      expect((await status(sessionId)).body).toEqual({
        amount: 303,
        contributionAmount: 0,
        statusId: 0,
        description: expect.any(String),
      })
      const viaBody = await bank.inst(`/applications/${sessionId}/status`, {
        method: "GET",
        body: { merchantKey: MERCHANT_KEY },
      })
      expect(viaBody.body.statusId).toBe(0)
      expectProblem(await bank.inst(`/applications/${sessionId}/status`), 400)
      expectProblem(await bank.inst(`/applications/nope/status?merchantKey=${MERCHANT_KEY}`), 404)
    })

    it("confirm only from Approved or WaitingForMerchant → PendingDisbursed (9), then Disbursed via control", async () => {
      const sessionId = await create()
      expectProblem(await bank.inst(`/applications/${sessionId}/confirm`, { body: { merchantKey: MERCHANT_KEY } }), 409)
      for (const from of [2, 5]) {
        await setStatus(sessionId, from)
        const confirmed = await bank.inst(`/applications/${sessionId}/confirm`, { body: { merchantKey: MERCHANT_KEY } })
        expect(confirmed.status).toBe(200)
        expect(confirmed.body).toEqual({ id: null })
        expect((await status(sessionId)).body).toMatchObject({
          statusId: 9,
          description: "Installment pending Disbursed (Confirmed from both side)",
        })
      }
      await setStatus(sessionId, 8)
      expect((await status(sessionId)).body.statusId).toBe(8)
    })

    it("cancel → CanceledByMerchant (7); refused once final", async () => {
      const sessionId = await create()
      const canceled = await bank.inst(`/applications/${sessionId}/cancel`, { body: { merchantKey: MERCHANT_KEY } })
      expect(canceled.body).toEqual({ id: null })
      expect((await status(sessionId)).body.statusId).toBe(7)
      expectProblem(await bank.inst(`/applications/${sessionId}/cancel`, { body: { merchantKey: MERCHANT_KEY } }), 409)
      expectProblem(await bank.inst(`/applications/${sessionId}/cancel`, { body: { merchantKey: "Other" } }), 404)
    })

    it("control status refuses ids outside 0–13", async () => {
      const sessionId = await create()
      expectProblem(await setStatus(sessionId, 14), 400)
      expectProblem(await setStatus("nope", 2), 404)
    })
  })

  describe("status-changes feed", () => {
    const changes = (take?: number) =>
      bank.inst(`/merchant/applications/status-changes?merchantKey=${MERCHANT_KEY}${take ? `&take=${take}` : ""}`)
    const sync = (synchronizationRequestId: unknown) =>
      bank.inst("/merchant/applications/status-changes-sync", {
        body: { merchantKey: MERCHANT_KEY, synchronizationRequestId },
      })

    it("lists changes oldest first in pages of take; items stay until synced with that page's id", async () => {
      const a = await create()
      const b = await create()
      await setStatus(a, 1)
      await setStatus(b, 2)
      await setStatus(a, 5)
      const page = await changes(2)
      expect(page.body).toEqual({
        synchronizationRequestId: expect.any(String),
        totalCount: 3,
        statusChanges: [
          {
            sessionId: a,
            statusId: 1,
            statusDescription: expect.any(String),
            changeDate: expect.any(String),
            amount: 303,
            contributionAmount: 0,
          },
          {
            sessionId: b,
            statusId: 2,
            statusDescription: expect.any(String),
            changeDate: expect.any(String),
            amount: 303,
            contributionAmount: 0,
          },
        ],
      })
      expect(new Date(page.body.statusChanges[0].changeDate).toISOString()).toBe(page.body.statusChanges[0].changeDate)
      const again = await changes(2)
      expect(again.body.statusChanges.map((c: { statusId: number }) => c.statusId)).toEqual([1, 2])
      const synced = await sync(page.body.synchronizationRequestId)
      expect(synced.status).toBe(200)
      expect(synced.text).toBe("")
      const rest = await changes(2)
      expect(rest.body.totalCount).toBe(1)
      expect(rest.body.statusChanges).toEqual([expect.objectContaining({ sessionId: a, statusId: 5 })])
      expect(bank.sandbox.state().feed).toHaveLength(1)
    })

    it("accepts merchantKey and take in the GET's JSON body; validates take", async () => {
      await setStatus(await create(), 2)
      const viaBody = await bank.inst("/merchant/applications/status-changes", {
        method: "GET",
        body: { merchantKey: MERCHANT_KEY, take: 1 },
      })
      expect(viaBody.body.statusChanges).toHaveLength(1)
      const zero = await bank.inst(`/merchant/applications/status-changes?merchantKey=${MERCHANT_KEY}&take=0`)
      expect(issueKeys(zero)).toEqual(["take:range"])
      const bad = await bank.inst(`/merchant/applications/status-changes?merchantKey=${MERCHANT_KEY}&take=abc`)
      expect(issueKeys(bad)).toEqual(["take:range"])
    })

    it("answers an unknown synchronizationRequestId exactly like the reference", async () => {
      const answer = await sync("00000000-0000-0000-0000-000000000000")
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        type: "https://developers.tbcbank.ge/docs/error-type-400",
        title: "Invalid SynchronizationRequestId parameter value",
        status: 400,
        detail: "Invalid SynchronizationRequestId parameter value",
        systemCode: "System code for problem is Online-Installment-Merchant-API.400.001",
        code: "001",
      })
      expect((await sync(undefined)).status).toBe(400)
    })

    it("a repeated sync with the same id is a harmless no-op; newer changes survive an older page's sync", async () => {
      const s = await create()
      await setStatus(s, 1)
      const page = await changes(10)
      await setStatus(s, 2)
      expect((await sync(page.body.synchronizationRequestId)).status).toBe(200)
      expect((await sync(page.body.synchronizationRequestId)).status).toBe(200)
      expect(bank.sandbox.state().feed.map((c) => c.statusId)).toEqual([2])
    })

    it("a lost acknowledgement (loseSyncAck fault) answers 200 but keeps the items", async () => {
      await setStatus(await create(), 2)
      await bank.control("/faults", { loseSyncAck: { count: 1 } })
      const page = await changes(10)
      expect((await sync(page.body.synchronizationRequestId)).status).toBe(200)
      expect(bank.sandbox.state().feed).toHaveLength(1)
      const retry = await changes(10)
      expect(retry.body.statusChanges).toHaveLength(1)
      await sync(retry.body.synchronizationRequestId)
      expect(bank.sandbox.state().feed).toHaveLength(0)
    })

    it("records merchant cancel/confirm in the feed too", async () => {
      const s = await create()
      await setStatus(s, 5)
      await bank.inst(`/applications/${s}/confirm`, { body: { merchantKey: MERCHANT_KEY } })
      expect(bank.sandbox.state().feed.map((c) => c.statusId)).toEqual([5, 9])
    })

    it("bulk-creates changes and drains 20,000 of them in pages", async () => {
      const bulk = await bank.control("/installments/bulk", { count: 20_000, statusId: 8 })
      expect(bulk.body).toMatchObject({ created: 20_000, statusId: 8, feedSize: 20_000 })
      let seen = 0
      for (;;) {
        const page = await changes(1000)
        if (page.body.statusChanges.length === 0) break
        seen += page.body.statusChanges.length
        await sync(page.body.synchronizationRequestId)
      }
      expect(seen).toBe(20_000)
      expect(bank.sandbox.state().feed).toHaveLength(0)
    })
  })
})
