/**
 * The sandbox's state on disk (dataFile / --data / TBC_SANDBOX_DATA): a restart keeps payments,
 * saved cards, applications, the feed and the clock; a corrupt file stops the start instead of
 * resetting silently; writes leave no temp file behind.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { SandboxDataError, startSandbox } from "../index"
import { TestBank, MERCHANT_KEY } from "./helpers"

describe("sandbox state on disk", () => {
  let dir: string
  let dataFile: string

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-sandbox-data-"))
    dataFile = path.join(dir, "state.json")
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("a restart keeps a payment, a usable saved card, an application, the feed and the clock", async () => {
    const first = await TestBank.start({ dataFile })
    await first.tokens()
    const payId = await first.paidPayment({ saveCard: true })
    const recId = first.sandbox.state().payments[0].recId as string
    const created = await first.inst("/applications", {
      body: { merchantKey: MERCHANT_KEY, priceTotal: 150, products: [{ name: "Lamp", price: 150, quantity: 1 }] },
    })
    first.sandbox.setApplicationStatus(created.body.sessionId, 5)
    first.sandbox.advanceClock(60_000)
    const clockOffsetMs = first.sandbox.state().clockOffsetMs
    await first.close()
    expect(fs.readdirSync(dir)).toEqual(["state.json"]) // temp file renamed, none left

    const second = await TestBank.start({ dataFile })
    try {
      // the old token still works: tokens are kept too
      second.checkoutToken = first.checkoutToken
      const details = await second.tpay(`/${payId}`)
      expect(details.body).toMatchObject({ payId, status: "Succeeded", recurringCard: { recId } })
      await second.tokens()
      const executed = await second.tpay("/execution", { recId, money: { amount: 5, currency: "GEL" } })
      expect(executed.status).toBe(200)
      expect(executed.body.status).toBe("Succeeded")
      const status = await second.inst(`/applications/${created.body.sessionId}/status?merchantKey=${MERCHANT_KEY}`)
      expect(status.body.statusId).toBe(5)
      const feed = await second.inst(`/merchant/applications/status-changes?merchantKey=${MERCHANT_KEY}`)
      expect(feed.body.statusChanges.map((c: { statusId: number }) => c.statusId)).toEqual([5])
      expect(second.sandbox.state().clockOffsetMs).toBe(clockOffsetMs)
    } finally {
      await second.close()
    }
    // the execution made after the restart was saved as well
    const saved = JSON.parse(fs.readFileSync(dataFile, "utf8"))
    expect(saved.payments).toHaveLength(2)
  })

  it("a payment still open after a restart can be paid on its page and expires on time", async () => {
    const first = await TestBank.start({ dataFile })
    await first.tokens()
    const open = (await first.createPayment({ expirationMinutes: 5 })).body.payId
    await first.close()
    const second = await TestBank.start({ dataFile })
    try {
      await second.tokens()
      expect((await second.tpay(`/${open}`)).body.status).toBe("Created")
      second.sandbox.advanceClock(5 * 60_000 + 1)
      expect((await second.tpay(`/${open}`)).body.status).toBe("Expired")
    } finally {
      await second.close()
    }
  })

  it("a file that is not a sandbox state is a clear start error and is left untouched", async () => {
    fs.writeFileSync(dataFile, "{ not json")
    await expect(startSandbox({ dataFile })).rejects.toThrow(SandboxDataError)
    await expect(startSandbox({ dataFile })).rejects.toThrow(/state\.json is not valid JSON/)
    fs.writeFileSync(dataFile, JSON.stringify({ version: 1, payments: "none" }))
    await expect(startSandbox({ dataFile })).rejects.toThrow(/is not a sandbox state/)
    expect(fs.readFileSync(dataFile, "utf8")).toBe(JSON.stringify({ version: 1, payments: "none" }))
  })

  it("without a data file nothing is written", async () => {
    const bank = await TestBank.start()
    await bank.tokens()
    await bank.paidPayment()
    await bank.close()
    expect(fs.readdirSync(dir)).toEqual([])
  })
})
