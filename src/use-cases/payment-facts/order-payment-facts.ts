/**
 * What happened to an order's TBC payment, from the money ledger (tbc_payment keeps what the
 * bank's answers said: src/lib/payment-facts.ts) with the payment's own data as the fallback:
 * - for the admin (order widget): card mask, method, rrn, transactionId, approval code, resultCode
 *   and the statement reference sent as `extra`;
 * - for the shopper (their order page): the card mask and the method only, and only to the
 *   order's own customer or to whoever holds the order's cart id (the id the storefront kept for
 *   the checkout). Anyone else hears "not found", as for an order that does not exist.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isInstallmentsProviderId } from "../../lib/checkout-choices"
import { methodLabel } from "../../lib/labels"
import { shopperInstallmentStatusId } from "../../lib/shopper-payment-status"
import {
  NO_FACTS,
  mergeFacts,
  providerMethodOf,
  shopperFactsOf,
  type PaymentFacts,
  type ShopperPaymentFacts,
} from "../../lib/payment-facts"
import { statementReferenceOf } from "../../lib/statement-reference"
import { type LedgerEntry, ledgerOf } from "../../modules/tbc/ledger/ledger-store"
import { findOrderTbcPayment, type OrderTbcPayment } from "./order-payment"

export interface AdminPaymentFacts extends PaymentFacts {
  payment_method_label: string | null
  /** what the bank prints on the shopper's statement after the store's text (src/lib/statement-reference.ts) */
  statement_reference: string | null
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null)

/** The bank's id of the payment: checkout's payId, an installment application's sessionId. */
function bankIdOf(data: Record<string, unknown>): string | null {
  return text(data.payId) ?? text(data.sessionId) ?? text(data.bankSessionId)
}

async function ledgerEntryOf(container: MedusaContainer, payment: OrderTbcPayment): Promise<LedgerEntry | undefined> {
  const bankId = bankIdOf(payment.data)
  if (!bankId) return undefined
  const ledger = ledgerOf(container)
  return ledger.byPayId(bankId).catch(() => undefined)
}

/** The facts the payment's own data keeps (mask and method), for a payment the ledger does not know. */
function factsOfData(data: Record<string, unknown>): PaymentFacts {
  return {
    ...NO_FACTS,
    card_mask: text(data.card_mask) ?? text(data.saved_card_mask) ?? null,
    payment_method: typeof data.payment_method === "number" ? data.payment_method : null,
  }
}

/** For the admin's order widget: every fact the ledger and the payment's data know. */
export async function adminPaymentFacts(
  container: MedusaContainer,
  payment: OrderTbcPayment
): Promise<AdminPaymentFacts> {
  const entry = await ledgerEntryOf(container, payment)
  const facts = mergeFacts(factsOfData(payment.data), {
    ...NO_FACTS,
    ...(entry
      ? {
          card_mask: entry.card_mask,
          payment_method: entry.payment_method ?? null,
          rrn: entry.rrn ?? null,
          transaction_id: entry.transaction_id ?? null,
          approval_code: entry.approval_code ?? null,
          result_code: entry.result_code ?? null,
        }
      : {}),
  })
  const cartId = entry?.cart_id ?? text(payment.data.tbc_cart_id)
  return {
    ...facts,
    payment_method_label: facts.payment_method === null ? null : methodLabel(facts.payment_method),
    statement_reference:
      entry?.kind === "installment" ? null : statementReferenceOf(cartId ?? entry?.payment_session_id ?? "") || null,
  }
}

export interface ShopperReader {
  /** the logged-in customer, when there is one */
  customerId?: string
  /** the cart id the storefront kept for the checkout */
  cartId?: string
}

/** True when `who` may read the order's payment: its own customer, or the holder of its cart id. */
export function mayReadOrderPayment(
  order: { customer_id: string | null; cart_id: string | null },
  who: ShopperReader
): boolean {
  if (who.customerId && order.customer_id && who.customerId === order.customer_id) return true
  return Boolean(who.cartId && order.cart_id && who.cartId === order.cart_id)
}

/** What the shopper's order page reads: the card and the method, and an installment's status. */
export interface ShopperOrderPayment extends ShopperPaymentFacts {
  /** the bank's 0–13 status of the order's installment application; null for any other payment */
  installment_status_id: number | null
}

/**
 * The shopper's view of an order's TBC payment: `undefined` when the order does not exist or
 * `who` may not read it (the route answers 404 for both), `null` when it was not paid through TBC.
 * The method is the one the bank reported, else the one the provider stands for (a per-method
 * provider's, a saved card's, installments'): never a guess for the all-methods page.
 */
export async function shopperOrderPayment(
  container: MedusaContainer,
  orderId: string,
  who: ShopperReader
): Promise<ShopperOrderPayment | null | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "customer_id"],
    filters: { id: orderId },
  })
  const order = orders[0] as { id: string; customer_id?: string | null } | undefined
  if (!order) return undefined
  const { data: links } = await query.graph({
    entity: "order_cart",
    fields: ["cart_id"],
    filters: { order_id: orderId },
  })
  const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id ?? null
  if (!mayReadOrderPayment({ customer_id: order.customer_id ?? null, cart_id: cartId }, who)) return undefined
  const payment = await findOrderTbcPayment(container, orderId)
  if (!payment) return null
  const entry = await ledgerEntryOf(container, payment)
  const fromData = factsOfData(payment.data)
  const facts = shopperFactsOf({
    card_mask: entry?.card_mask ?? fromData.card_mask,
    payment_method:
      entry?.payment_method ?? fromData.payment_method ?? providerMethodOf(payment.provider_id, payment.data),
  })
  const kind = isInstallmentsProviderId(payment.provider_id) ? "tbc-installments" : "tbc-checkout"
  return {
    ...facts,
    installment_status_id: shopperInstallmentStatusId(kind, {
      ledger: entry?.bank_status,
      session: payment.data.statusId,
    }),
  }
}
