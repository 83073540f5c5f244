import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { TBC_MODULE } from "../../../modules/tbc"
import {
  applicationOf,
  forgetInstallmentApplication,
  recordInstallmentApplication,
  type CreatedSession,
} from "../installment-application"

function fakeContainer(existing: string[] = []) {
  const rows = new Map(existing.map((bankId, i) => [bankId, `tbcapp_${i}`]))
  const deleted: string[] = []
  const tbc = {
    ensureInstallmentApplications: async (seeds: Array<{ bank_session_id: string }>) => {
      const fresh = seeds.filter((seed) => !rows.has(seed.bank_session_id))
      for (const seed of fresh) rows.set(seed.bank_session_id, `tbcapp_${rows.size}`)
      return fresh.length
    },
    listInstallmentApplications: async ({ bank_session_id }: { bank_session_id: string }) =>
      rows.has(bank_session_id) ? [{ id: rows.get(bank_session_id)! }] : [],
    deleteInstallmentApplications: async (ids: string[]) => {
      deleted.push(...ids)
    },
  }
  const query = { graph: async () => ({ data: [{ cart_id: "cart_1" }] }) }
  const container = {
    resolve: (key: string) => {
      if (key === TBC_MODULE) return tbc
      if (key === ContainerRegistrationKeys.QUERY) return query
      throw new Error(`unexpected resolve(${key})`)
    },
  } as unknown as MedusaContainer
  return { container, rows, deleted }
}

const session = (provider_id: string, data: Record<string, unknown> = { sessionId: "bank_1" }): CreatedSession => ({
  id: "payses_1",
  provider_id,
  amount: 30,
  data,
})

describe("installment application of a new session", () => {
  it("is the bank sessionId of a tbc-installments session only", () => {
    expect(applicationOf(session("pp_tbc-installments_tbc"))).toBe("bank_1")
    expect(applicationOf(session("pp_tbc-checkout_tbc"))).toBeUndefined()
    expect(applicationOf(session("pp_tbc-installments_tbc", {}))).toBeUndefined()
  })

  it("is recorded once; only the call that created the row names it (for its compensation)", async () => {
    const app = fakeContainer()
    expect(await recordInstallmentApplication(app.container, session("pp_tbc-installments_tbc"), "pay_col_1")).toBe(
      "bank_1"
    )
    expect(
      await recordInstallmentApplication(app.container, session("pp_tbc-installments_tbc"), "pay_col_1")
    ).toBeUndefined()
    expect(
      await recordInstallmentApplication(app.container, session("pp_tbc-checkout_tbc"), "pay_col_1")
    ).toBeUndefined()
    expect([...app.rows.keys()]).toEqual(["bank_1"])
  })

  it("compensation removes the row of that application only", async () => {
    const app = fakeContainer(["bank_0", "bank_1"])
    await forgetInstallmentApplication(app.container, "bank_1")
    expect(app.deleted).toEqual(["tbcapp_1"])
    await forgetInstallmentApplication(app.container, "bank_unknown")
    expect(app.deleted).toEqual(["tbcapp_1"])
  })
})
