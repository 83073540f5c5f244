/**
 * The installments provider and the money ledger (an in-memory ledger, the same pure rules): the
 * entry is written before the bank is asked (no entry, no application), every answer moves it, and
 * a dropped session is marked gone, which is what the background cancel reads.
 */
import { TbcApiError } from "../../../lib/tbc/errors"
import type { ApplicationStatus, InstallmentsApi } from "../../../lib/tbc/types"
import { MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"
import { TBC_CLIENT_FACTORY_KEY, type TbcClientLike } from "../../common"
import { ApplicationLedger } from "../application-ledger"
import { TbcInstallmentsProviderService } from "../service"

const OPTIONS = {
  apiKey: "k",
  apiSecret: "s",
  merchantKey: "Merchant",
  environment: "http://127.0.0.1:1",
}
const PRODUCTS = [{ name: "Set", price: 100, quantity: 1 }]
const INPUT = {
  amount: 100,
  currency_code: "gel",
  data: {
    session_id: "payses_1",
    installmentProducts: PRODUCTS,
    tbc_cart_id: "cart_1",
    tbc_payment_collection_id: "pc_1",
  },
}
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }

function setup(create: () => Promise<{ sessionId: string; redirectUrl: string; raw: Record<string, unknown> }>) {
  const ledger = new MemoryLedger()
  /** what the ledger held when the bank was asked to create the application */
  const atCreate: string[] = []
  const state = { statusId: 0, cancels: 0 }
  const bank = {
    async createApplication() {
      atCreate.push(...ledger.rows.map((r) => `${r.kind}:${r.state}`))
      return create()
    },
    async cancelApplication() {
      state.cancels++
      state.statusId = 7
    },
    async getStatus(): Promise<ApplicationStatus> {
      return { statusId: state.statusId, raw: {} }
    },
  } as unknown as InstallmentsApi
  const client = { installments: bank, checkout: {}, close: () => undefined } as unknown as TbcClientLike
  class WithLedger extends TbcInstallmentsProviderService {
    constructor() {
      super({ [TBC_CLIENT_FACTORY_KEY]: () => client }, OPTIONS)
      this.ledger_ = new ApplicationLedger(ledger.asStore(), () => logger, "pp_tbc-installments_tbc")
      this.droppedCancelDelayMs_ = 0
    }
  }
  return { provider: new WithLedger(), ledger, atCreate, state }
}

const created = async () => ({ sessionId: "app-1", redirectUrl: "https://bank.test/app-1", raw: {} })

async function waitUntil(check: () => boolean, ms = 2_000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe("tbc-installments provider and the money ledger", () => {
  it("writes the entry before the bank call, then names the application (pay_id) from the answer", async () => {
    const { provider, ledger, atCreate } = setup(created)
    await provider.initiatePayment(INPUT)
    expect(atCreate).toEqual(["installment:sending"])
    expect(ledger.rows).toHaveLength(1)
    expect(ledger.rows[0]).toMatchObject({
      kind: "installment",
      state: "created",
      pay_id: "app-1",
      payment_session_id: "payses_1",
      cart_id: "cart_1",
      payment_collection_id: "pc_1",
      amount: 10000,
      currency: "GEL",
      provider_id: "pp_tbc-installments_tbc",
      bank_status: "0",
    })
  })

  it("fails closed: no entry, no application", async () => {
    const create = jest.fn(created)
    const { provider, ledger } = setup(create)
    ledger.failWrites = true
    await expect(provider.initiatePayment(INPUT)).rejects.toThrow(/could not record it\. Nothing was sent to the bank/)
    expect(create).not.toHaveBeenCalled()
  })

  it("a 502 (the bank may have acted) leaves the entry uncertain; a readable 400 refused", async () => {
    const gateway = setup(async () => {
      throw new TbcApiError("createApplication", { status: 502, title: "Bad Gateway" })
    })
    await expect(gateway.provider.initiatePayment(INPUT)).rejects.toThrow()
    expect(gateway.ledger.rows[0]).toMatchObject({ state: "uncertain", pay_id: null })

    const refusal = setup(async () => {
      throw new TbcApiError("createApplication", { status: 400, title: "Bad Request", detail: "priceTotal" })
    })
    await expect(refusal.provider.initiatePayment(INPUT)).rejects.toThrow()
    expect(refusal.ledger.rows[0]).toMatchObject({ state: "refused", pay_id: null })
  })

  it("status reads move the entry: approved holds, authorize marks it, a confirm pays it", async () => {
    const { provider, ledger, state } = setup(created)
    await provider.initiatePayment(INPUT)
    state.statusId = 5
    await provider.authorizePayment({ data: { sessionId: "app-1" } })
    expect(ledger.rows[0]).toMatchObject({ state: "held", bank_status: "5" })
    expect(ledger.rows[0].authorized_at).toBeInstanceOf(Date)
    const bank = (provider as unknown as { client_: TbcClientLike }).client_.installments as unknown as Record<
      string,
      unknown
    >
    bank.confirmApplication = async () => {
      state.statusId = 9
    }
    await provider.capturePayment({ data: { sessionId: "app-1" } })
    expect(ledger.rows[0]).toMatchObject({ state: "paid", bank_status: "9" })
  })

  it("deletePayment marks the session gone; the background cancel then cancels, and the entry reads the cancel", async () => {
    const { provider, ledger, state } = setup(created)
    await provider.initiatePayment(INPUT)
    await provider.deletePayment({ data: { sessionId: "app-1" } })
    expect(ledger.rows[0].session_gone_at).toBeInstanceOf(Date)
    await waitUntil(() => state.cancels > 0)
    await waitUntil(() => ledger.rows[0].state === "refused")
    expect(ledger.rows[0].bank_status).toBe("7")
  })

  it("the background cancel leaves an application alone whose entry says its session lives", async () => {
    const { provider, ledger, state } = setup(created)
    await provider.initiatePayment(INPUT)
    const markGone = ledger.markSessionGone.bind(ledger)
    // the deletion is recorded, then (as if Medusa restored the session) un-recorded
    ledger.markSessionGone = async (payId: string, actor: string) => {
      await markGone(payId, actor)
      ledger.rows[0].session_gone_at = null
    }
    await provider.deletePayment({ data: { sessionId: "app-1" } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(state.cancels).toBe(0)
  })

  describe("authorize when the ledger refuses to hand the approval to Medusa", () => {
    it.each([
      ["the orphan rule cancelled the application", "cancelled"],
      ["a release of it is under way", "acting"],
    ] as const)("refuses it when %s: Medusa gets no authorized payment", async (_, action) => {
      const { provider, ledger, state } = setup(created)
      await provider.initiatePayment(INPUT)
      state.statusId = 5 // approved at the bank (read before the cancel reached it)
      if (action === "acting") expect(await ledger.claimOrphan("app-1")).toBe(true)
      else await ledger.recordOrphanAction("app-1", action, 10_000, null)

      const error = await provider.authorizePayment({ data: { sessionId: "app-1" } }).then(
        () => undefined,
        (e: { type?: string; message?: string }) => e
      )

      expect(error?.type).toBe("payment_authorization_error")
      expect(error?.message).toMatch(/cannot be used for an order/)
      expect(ledger.rows[0].authorized_at).toBeNull()
    })

    it("fails closed when the ledger cannot be read", async () => {
      const { provider, ledger, state } = setup(created)
      await provider.initiatePayment(INPUT)
      state.statusId = 5
      ledger.byPayId = async () => {
        throw new Error("connection terminated")
      }

      const error = await provider.authorizePayment({ data: { sessionId: "app-1" } }).then(
        () => undefined,
        (e: { type?: string; message?: string }) => e
      )

      expect(error?.type).toBe("payment_authorization_error")
      expect(error?.message).toMatch(/could not be checked against the store's records/)
      expect(ledger.rows[0].authorized_at).toBeNull()
    })

    it("fails closed when the authorization cannot be recorded", async () => {
      const { provider, ledger, state } = setup(created)
      await provider.initiatePayment(INPUT)
      state.statusId = 5
      ledger.failWrites = true

      const error = await provider.authorizePayment({ data: { sessionId: "app-1" } }).then(
        () => undefined,
        (e: { type?: string; message?: string }) => e
      )

      expect(error?.type).toBe("payment_authorization_error")
      expect(ledger.rows[0].authorized_at).toBeNull()
    })
  })
})
