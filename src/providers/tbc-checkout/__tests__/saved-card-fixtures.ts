/** Fixtures of the saved-card provider tests (saved-card-provider.unit.spec.ts). */
import type { ExecutionRecord, PaymentRecords } from "../payment-records"

/** The execution rows of tbc_payment, in memory (what authorize reads and writes of them). */
export function executionRecords() {
  const rows: ExecutionRecord[] = []
  const records = {
    earlierExecution: async (sessionId: string) => rows.filter((r) => r.payment_session_id === sessionId).at(-1),
    recordExecutionSending: async (seed: { payment_session_id: string }) => {
      rows.push({
        id: `rec_${rows.length + 1}`,
        pay_id: null,
        payment_session_id: seed.payment_session_id,
        uncertain_at: null,
        resolved_at: null,
      })
      return `rec_${rows.length}`
    },
    recordExecutionAnswer: async (id: string, payId: string) => {
      rows.find((r) => r.id === id)!.pay_id = payId
    },
    recordExecutionUncertain: async () => undefined,
  }
  return { rows, records: records as unknown as PaymentRecords }
}
