/**
 * What the store's charge of an order's balance to a saved card reads in a running store: the
 * order's outstanding amount and currency (Medusa's own summary, through Query), its customer's
 * TBC saved cards with their consent, and the ledger's charges of the order's payment collections.
 * Read by the charge workflow (src/workflows/saved-cards/charge-balance.ts) and by the admin
 * widget's route (GET /admin/tbc/orders/:id/saved-card-charge). The rule itself is pure:
 * src/lib/merchant-charges.ts.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { ledgerOf, type LedgerEntry } from "../../modules/tbc/ledger/ledger-store"
import { stopsBalanceCharge } from "../../lib/merchant-charges"
import { isCardUsable } from "../../lib/saved-card-rules"
import { isCheckoutProviderId } from "../../lib/checkout-choices"
import { minorToMajor } from "../../lib/money"
import { medusaAmountToMinor } from "../../providers/common/medusa-values"
import { listCustomerCards, type StoredSavedCard } from "./saved-card-table"
import type { BalanceChargeView, ChargeCardView } from "../../lib/balance-charge-view"

export type { BalanceChargeView, ChargeCardView }

export interface OrderBalance {
  order_id: string
  currency_code: string
  /** what the order still owes (Medusa's pending difference), tetri; 0 when it owes nothing */
  outstanding_minor: number
  customer_id: string | null
  /** the customer has an account (a guest's order has no saved cards) */
  has_account: boolean
  payment_collection_ids: string[]
}

interface OrderRow {
  id: string
  currency_code: string
  customer_id?: string | null
  customer?: { has_account?: boolean } | null
  summary?: { pending_difference?: unknown; raw_pending_difference?: unknown } | null
  payment_collections?: Array<{ id: string } | null> | null
}

/** The order's balance as Medusa computes it; NOT_FOUND naming the order when there is none. */
export async function orderBalanceOf(container: MedusaContainer, orderId: string): Promise<OrderBalance> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "currency_code", "customer_id", "customer.has_account", "summary.*", "payment_collections.id"],
    filters: { id: orderId },
  })
  const order = data[0] as OrderRow | undefined
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `id: order ${orderId} was not found`)
  const pending = order.summary?.raw_pending_difference ?? order.summary?.pending_difference ?? 0
  const outstanding = medusaAmountToMinor(pending as never)
  return {
    order_id: order.id,
    currency_code: order.currency_code,
    outstanding_minor: Math.max(0, outstanding),
    customer_id: order.customer_id ?? null,
    has_account: order.customer?.has_account === true,
    payment_collection_ids: (order.payment_collections ?? []).flatMap((pc) => (pc?.id ? [pc.id] : [])),
  }
}

/** A customer's active TBC checkout cards, newest first (the token stays in the row: server only). */
export async function chargeableCardsOf(container: MedusaContainer, customerId: string): Promise<StoredSavedCard[]> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const cards = await listCustomerCards(tbc, customerId, ["active"])
  return cards.filter((card) => isCheckoutProviderId(card.provider_id))
}

/** The charges of the order's collections that stop a new one (outcome unknown, or money not yet on the order). */
export async function unresolvedChargesOf(container: MedusaContainer, balance: OrderBalance): Promise<LedgerEntry[]> {
  const charges = await ledgerOf(container).chargesOfCollections(balance.payment_collection_ids)
  return charges.filter(stopsBalanceCharge)
}

export function chargeCardView(card: StoredSavedCard, now: Date = new Date()): ChargeCardView {
  const consent = card.merchant_charges_consent_at
  return {
    id: card.id,
    card_mask: card.card_mask,
    expiry_date: card.expiry_date,
    merchant_charges_consent_at: consent ? new Date(consent).toISOString() : null,
    usable: isCardUsable(card, now),
  }
}

/** GET /admin/tbc/orders/:id/saved-card-charge: what the widget needs to offer (or not) the charge. */
export async function balanceChargeView(container: MedusaContainer, orderId: string): Promise<BalanceChargeView> {
  const balance = await orderBalanceOf(container, orderId)
  const cards =
    balance.customer_id && balance.has_account ? await chargeableCardsOf(container, balance.customer_id) : []
  const unresolved = await unresolvedChargesOf(container, balance)
  return {
    order_id: balance.order_id,
    currency_code: balance.currency_code,
    outstanding_amount: minorToMajor(balance.outstanding_minor),
    cards: cards.map((card) => chargeCardView(card)),
    unresolved: unresolved.map((entry) => ({
      id: entry.id,
      state: entry.state,
      pay_id: entry.pay_id,
      amount: minorToMajor(entry.amount),
      card_mask: entry.card_mask ?? null,
      created_at: entry.created_at.toISOString(),
    })),
  }
}
