/** Fixtures of the saved-card provider tests (saved-card-provider.unit.spec.ts). */
import { MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"
import { PaymentBookkeeping } from "../ledger/bookkeeping"
import type { CheckoutApi } from "../../../lib/tbc/types"

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }

/** The money ledger in memory and the provider's bookkeeping over it (what authorize reads and writes). */
export function executionRecords(checkout?: CheckoutApi) {
  const ledger = new MemoryLedger()
  const book = new PaymentBookkeeping(
    ledger.asStore(),
    { orphanPolicy: "refund", orphanGraceSeconds: 60 },
    () => checkout as CheckoutApi,
    silent,
    "pp_tbc-checkout_tbc"
  )
  return { rows: ledger.rows, ledger, book }
}
