/** Fixtures of the saved-card provider tests (saved-card-provider / -account-holder unit specs). */
import { MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"
import { PaymentBookkeeping } from "../ledger/bookkeeping"
import type { CheckoutApi } from "../../../lib/tbc/types"
import { SAVED_CARD_DATA } from "../saved-cards/saved-card-payment"
import { sealSavedCard } from "../saved-cards/saved-card-seal"
import type TbcCheckoutProviderService from "../service"
import { CLIENT_SECRET, type Harness } from "./provider-harness"

export const customerA = { id: "cus_A", email: "a@tbc-it.ge" }

let counter = 0
export const newSession = () => `payses_sc_${Date.now()}_${++counter}`

/** initiatePayment of `amount` GEL for `session_id`, as Medusa calls it for `customer` (a guest when absent). */
export function initiate(
  provider: TbcCheckoutProviderService,
  session_id: string,
  amount: number,
  data: Record<string, unknown>,
  customer?: typeof customerA
) {
  return provider.initiatePayment({
    amount,
    currency_code: "gel",
    data: { session_id, ...data },
    context: customer ? { idempotency_key: session_id, customer } : { idempotency_key: session_id },
  })
}

/** A card saved at the sandbox by a paid save-card payment of customer A; returns its recId. */
export async function saveCardAtBank(h: Harness, provider: TbcCheckoutProviderService): Promise<string> {
  const out = await initiate(provider, newSession(), 10, { save_card: true }, customerA)
  const payId = out.data!.payId as string
  expect(JSON.stringify(out)).not.toMatch(/recId/i)
  await h.pay(payId, "success")
  const card = h.sandbox.state().savedCards.find((c) => c.payId === payId)
  if (!card) throw new Error("the sandbox saved no card")
  return card.recId
}

/** What session creation (the saved-card step) puts into data for customer A's card. */
export const sealedData = (recId: string, customerId = customerA.id) => ({
  saved_card_id: "tbccard_1",
  [SAVED_CARD_DATA.seal]: sealSavedCard(
    { savedCardId: "tbccard_1", recId, customerId, issuedAt: Date.now() },
    CLIENT_SECRET
  ),
})

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }

/** The money ledger in memory and the provider's bookkeeping over it (what authorize reads and writes). */
export function executionRecords(checkout?: CheckoutApi) {
  const ledger = new MemoryLedger()
  const book = new PaymentBookkeeping(ledger.asStore(), () => checkout as CheckoutApi, silent, "pp_tbc-checkout_tbc")
  return { rows: ledger.rows, ledger, book }
}
