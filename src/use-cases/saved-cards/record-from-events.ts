/**
 * App-side entry of the saved-card recording: given an order (order.placed) or a payment
 * (payment.captured), finds its tbc-checkout payments and the registered customer, asks the bank
 * about each payment (a client built from the provider's options, as the provider cannot reach
 * our module and app code cannot reach the provider) and records the saved card.
 *
 * Guests never get a card: only customers with an account, and the provider asks the bank to save
 * a card only for a logged-in customer anyway.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { findTbcProvider } from "../tbc-providers"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { bankClientFor } from "../bank-clients"
import { recordSavedCard, type RecordOutcome } from "./record-saved-card"
import { cardTokenSecretOf, parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { dueRecordingFailures, noteRecordingFailure, resolveRecordingFailure } from "./recording-failures"
import { savedCardTable } from "./saved-card-table"
import { MERCHANT_CHARGES_CONSENT_KEY, recordedConsentOf } from "../../lib/merchant-charges"

interface PaymentRow {
  id: string
  provider_id: string
  data?: Record<string, unknown> | null
}

interface CustomerOfOrder {
  customer_id?: string | null
  customer?: { has_account?: boolean } | null
}

interface Logger {
  info(msg: string): void
  warn(msg: string): void
}

export interface RecordedCard {
  paymentId: string
  outcome: RecordOutcome | "skipped" | "error"
}

async function recordPayments(
  container: MedusaContainer,
  order: CustomerOfOrder | undefined,
  payments: PaymentRow[]
): Promise<RecordedCard[]> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const customerId = order?.customer_id
  if (!customerId || order?.customer?.has_account !== true) {
    return []
  }
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const results: RecordedCard[] = []
  for (const payment of payments) {
    const registration = findTbcProvider(configModule, payment.provider_id)
    const payId = payment.data?.payId
    if (registration?.kind !== "tbc-checkout" || typeof payId !== "string" || payId === "") {
      continue
    }
    try {
      const table = savedCardTable(tbc, cardTokenSecretOf(parseCheckoutOptions(registration.options)))
      const bank = bankClientFor(registration, container).checkout
      // the consent the save-card box sent travels in the payment's data; without it, none is recorded
      const consent = recordedConsentOf(payment.data?.[MERCHANT_CHARGES_CONSENT_KEY])
      const outcome = await recordSavedCard({
        bank,
        table,
        payId,
        customerId,
        providerId: payment.provider_id,
        consent,
      })
      await resolveRecordingFailure(tbc, payment.id)
      if (outcome === "other_customer") {
        logger.warn(
          `[tbc saved cards] payment ${payment.id}: the bank's card is recorded for another customer; left alone`
        )
      } else if (outcome === "created" || outcome === "activated") {
        logger.info(`[tbc saved cards] payment ${payment.id}: card ${outcome} for customer ${customerId}`)
      }
      results.push({ paymentId: payment.id, outcome })
    } catch (error) {
      // never the error object itself: it could carry request details
      const kind = (error as { name?: string })?.name ?? "Error"
      // not swallowed: kept for the retry job and shown in the admin until it succeeds
      const failure = await noteRecordingFailure(tbc, {
        paymentId: payment.id,
        providerId: payment.provider_id,
        customerId,
        error,
      }).catch(() => undefined)
      const next = failure?.gave_up_at ? "given up" : failure ? "will retry" : "could not note the failure"
      logger.warn(`[tbc saved cards] payment ${payment.id}: could not record the saved card (${kind}); ${next}`)
      results.push({ paymentId: payment.id, outcome: "error" })
    }
  }
  return results
}

/** order.placed: every tbc-checkout payment of the order. */
export async function recordCardsForOrder(container: MedusaContainer, orderId: string): Promise<RecordedCard[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "customer_id",
      "customer.has_account",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as (CustomerOfOrder & { payment_collections?: { payments?: PaymentRow[] }[] }) | undefined
  const payments = (order?.payment_collections ?? []).flatMap((collection) => collection?.payments ?? [])
  return recordPayments(container, order, payments)
}

/** payment.captured: a preauth's card becomes active once the bank completed the payment. */
export async function recordCardsForPayment(container: MedusaContainer, paymentId: string): Promise<RecordedCard[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: [
      "id",
      "provider_id",
      "data",
      "payment_collection.order.id",
      "payment_collection.order.customer_id",
      "payment_collection.order.customer.has_account",
    ],
    filters: { id: paymentId },
  })
  const payment = data[0] as
    (PaymentRow & { payment_collection?: { order?: CustomerOfOrder | null } | null }) | undefined
  if (!payment) return []
  return recordPayments(container, payment.payment_collection?.order ?? undefined, [payment])
}

/**
 * The retry job's run: every recording failure whose next try is due is tried again through
 * recordCardsForPayment (which notes a new failure or resolves it). A payment that no longer
 * yields anything to record (no customer account, no TBC payment) is resolved.
 */
export async function retryDueRecordings(
  container: MedusaContainer,
  now: Date = new Date()
): Promise<{ tried: number; recorded: number }> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const due = await dueRecordingFailures(tbc, now)
  let recorded = 0
  for (const failure of due) {
    const results = await recordCardsForPayment(container, failure.payment_id)
    const mine = results.find((result) => result.paymentId === failure.payment_id)
    if (!mine) {
      await resolveRecordingFailure(tbc, failure.payment_id, now)
    } else if (mine.outcome !== "error") {
      recorded++
    }
  }
  return { tried: due.length, recorded }
}
