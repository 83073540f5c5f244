/** A scripted bank for the saved-card payment rules (saved-card-payment.unit.spec.ts). */
import { TbcApiError } from "../../../lib/tbc/errors"
import type { ExecuteSavedCardRequest, PaymentDetails } from "../../../lib/tbc/types"

/** A scripted bank: records executions and answers with the given statuses. */
export function fakeBank(statuses: string[] = ["Succeeded"]) {
  const executions: ExecuteSavedCardRequest[] = []
  const payments = new Map<string, PaymentDetails>()
  const deleted: string[] = []
  return {
    executions,
    deleted,
    failNext: undefined as unknown,
    async executeWithSavedCard(req: ExecuteSavedCardRequest): Promise<PaymentDetails> {
      if (this.failNext) {
        const error = this.failNext
        this.failNext = undefined
        throw error
      }
      executions.push(req)
      const details = {
        payId: `pay${executions.length}`,
        status: statuses[executions.length - 1] ?? "Succeeded",
        links: [],
        raw: {},
      }
      payments.set(details.payId, details)
      return details
    },
    async getPayment(payId: string): Promise<PaymentDetails> {
      const found = payments.get(payId)
      if (!found) throw new Error(`unknown ${payId}`)
      return found
    },
    async deleteSavedCard(recId: string) {
      if (deleted.includes(recId)) {
        throw new TbcApiError("POST /v1/tpay/payments/{recId}/delete", { status: 404, title: "Not found" })
      }
      deleted.push(recId)
      return { raw: {} }
    },
  }
}
