/**
 * The ledger's half of the completion hook (../completion-ledger-check.ts) on an in-memory ledger
 * and a fake bank client: refused while a charge of the cart is unresolved ("we are checking") or
 * the bank still decides the session's own execution ("still processing"); let through when the
 * bank decided, when it cannot be asked (authorizePayment answers then), and when what was sent
 * moved no money. Through Medusa's real workflow: integration-tests/http/checkout-saved-card-order-numbers.app.ts.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { registerProviderClient, type ProviderBankClient } from "../../../lib/bank-client-registry"
import { STILL_PROCESSING_MESSAGE } from "../../../lib/checkout-status"
import { CHECKING_PAYMENT_MESSAGE } from "../../../lib/ledger/guards"
import { shopperTextCode } from "../../../lib/shopper-texts"
import { MemoryLedger, ledgerEntry } from "../../../modules/tbc/ledger/__tests__/memory-ledger"
import type { LedgerEntry } from "../../../modules/tbc/ledger/ledger-store"
import { refuseWhileSavedCardChargeUnresolved } from "../completion-ledger-check"
import { cartFixture } from "./saved-card-cart-fixture"

const PROVIDER = "pp_tbc-checkout_tbc"

/** The bank as the provider's registered client: getPayment answers `status`, or throws. */
function bankSays(status: string | Error): { reads: string[] } {
  const reads: string[] = []
  registerProviderClient(PROVIDER, {
    checkout: {
      getPayment: async (payId: string) => {
        reads.push(payId)
        if (status instanceof Error) throw status
        return { payId, status, amount: 54.99, currency: "GEL" }
      },
    },
    installments: {},
  } as unknown as ProviderBankClient)
  return { reads }
}

function ledgerWith(...entries: Partial<LedgerEntry>[]): MemoryLedger {
  const ledger = new MemoryLedger()
  entries.forEach((over, i) => ledger.rows.push(ledgerEntry({ id: `tbcpay_${i + 1}`, ...over })))
  return ledger
}

const execution = (over: Partial<LedgerEntry>): Partial<LedgerEntry> => ({
  kind: "execution",
  payment_session_id: "payses_1",
  cart_id: "cart_1",
  ...over,
})

const check = (ledger: MemoryLedger, sessionIds = ["payses_1"]) =>
  refuseWhileSavedCardChargeUnresolved(cartFixture({}).scope, "cart_1", sessionIds, ledger)

describe("refuseWhileSavedCardChargeUnresolved", () => {
  it("refuses with 'we are checking' (and its code) while an execution sent has no answer, or another charge of the cart is unresolved", async () => {
    const checking = {
      type: MedusaError.Types.NOT_ALLOWED,
      message: CHECKING_PAYMENT_MESSAGE,
      code: shopperTextCode(CHECKING_PAYMENT_MESSAGE),
    }
    const { reads } = bankSays("Succeeded")
    await expect(check(ledgerWith(execution({ state: "uncertain", pay_id: null })))).rejects.toMatchObject(checking)
    await expect(check(ledgerWith(execution({ state: "sending", pay_id: null })))).rejects.toMatchObject(checking)
    // a hosted-page payment of the same cart the bank is still deciding, from another session
    await expect(
      check(ledgerWith({ kind: "web", state: "processing", payment_session_id: "payses_old" }))
    ).rejects.toMatchObject(checking)
    expect(reads).toEqual([])
  })

  it("refuses with 'still processing' while the bank decides the session's own execution, read at the bank", async () => {
    const { reads } = bankSays("Processing")
    await expect(check(ledgerWith(execution({ state: "processing", pay_id: "PAY9" })))).rejects.toMatchObject({
      type: MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
      message: STILL_PROCESSING_MESSAGE,
    })
    expect(reads).toEqual(["PAY9"])
  })

  it.each([
    ["the bank decided since", "Succeeded"],
    ["the bank cannot be asked now", new Error("socket hang up")],
  ])("lets a processing execution through to authorizePayment when %s", async (_when, status) => {
    const { reads } = bankSays(status)
    await expect(check(ledgerWith(execution({ state: "processing", pay_id: "PAY9" })))).resolves.toBeUndefined()
    expect(reads).toEqual(["PAY9"])
  })

  it("reads nothing at the bank and lets through: no charge yet, money held, or an execution that moved none", async () => {
    const { reads } = bankSays("Processing")
    await expect(check(ledgerWith())).resolves.toBeUndefined()
    await expect(check(ledgerWith(execution({ state: "held", pay_id: "PAY9" })))).resolves.toBeUndefined()
    await expect(check(ledgerWith(execution({ state: "refused", pay_id: "PAY9" })))).resolves.toBeUndefined()
    await expect(check(ledgerWith(execution({ state: "uncertain", pay_id: null })), [])).resolves.toBeUndefined()
    expect(reads).toEqual([])
  })
})
