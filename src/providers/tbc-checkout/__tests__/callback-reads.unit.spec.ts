/**
 * What judging a callback asks of the ledger: the charge read once (by the bank read's own move),
 * then handed to the pairing and the "did the store capture this" check, and a repeated callback
 * (the bank retries, 5 copies are common) writes no facts the entry already holds.
 */
import { PaymentActions } from "@medusajs/framework/utils"
import { ledgerEntry, MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"
import type { LedgerStore } from "../../../modules/tbc/ledger/ledger-store"
import type { PaymentDetails } from "../../../lib/tbc/types"
import { CALLBACK_HEADERS } from "../callbacks/callback-auth"
import { judgeCallback } from "../callbacks/webhook"
import { PaymentBookkeeping } from "../ledger/bookkeeping"
import { judgeOptions } from "./provider-harness"

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }

/** The store's methods as the provider calls them, counted (the store's own inner calls are not). */
function counted(store: LedgerStore) {
  const calls: Record<string, number> = {}
  const proxy = new Proxy(store, {
    get(target, name: string) {
      const value = (target as unknown as Record<string, unknown>)[name]
      if (typeof value !== "function") return value
      return (...args: unknown[]) => {
        calls[name] = (calls[name] ?? 0) + 1
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { store: proxy, calls }
}

it("a repeated callback reads the charge once and writes nothing it already holds", async () => {
  const ledger = new MemoryLedger()
  ledger.rows.push(ledgerEntry({ state: "paid", bank_status: "Succeeded", card_mask: "411111******1111" }))
  const { store, calls } = counted(ledger.asStore())
  const details = {
    payId: "PAY1",
    status: "Succeeded",
    amount: 54.99,
    links: [],
    paymentCardNumber: "411111******1111",
    raw: {},
  } as unknown as PaymentDetails
  const bank = { getPayment: async () => details }
  const book = new PaymentBookkeeping(store, () => bank as never, silent, "pp_tbc-checkout_tbc")
  const payload = { data: { PaymentId: "PAY1" }, rawData: "", headers: { [CALLBACK_HEADERS.source]: "127.0.0.1" } }

  const result = await judgeCallback(payload, judgeOptions({ signCallbackUrl: false }), bank, book)

  expect({ action: result.action, calls }).toEqual({
    action: PaymentActions.SUCCESSFUL,
    // the bank read's move (it reads the charge), the session's charges, the charge's operations
    calls: { applyByPayId: 1, chargesOfSession: 1, operationsOf: 1 },
  })
})
