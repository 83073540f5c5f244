/**
 * Cards added from "My account" (Medusa's savePaymentMethod → the provider's zero-amount saveCard
 * payment; src/providers/tbc-checkout/saved-cards/account-holder.ts): the app records the card once
 * the bank reports the payment, exactly as it records a card saved while paying
 * (record-saved-card.ts: same table, same idempotence, same sealing at rest).
 *
 * Who asks: the bank's callback (src/subscribers/tbc-card-addition-callback.ts), and, for a
 * callback that was lost or came while the bank could not be asked, the retry job every 5
 * minutes (`retryOpenCardAdditions`). The tbc_card_addition row, written by the provider before the
 * shopper got the bank's page, says whose card it is: nothing the callback carries does.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isFinalStatus } from "../../lib/checkout-status"
import type { CheckoutApi } from "../../lib/tbc/types"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import type { CardAdditionStatus } from "../../modules/tbc/models/card-addition"
import { cardTokenSecretOf, parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { bankClientFor } from "../bank-clients"
import { findTbcProvider } from "../tbc-providers"
import { recordSavedCard, type RecordOutcome } from "./record-saved-card"
import { savedCardTable } from "./saved-card-table"

export interface CardAdditionRow {
  id: string
  provider_id: string
  customer_id: string
  pay_id: string
  status: CardAdditionStatus
  created_at?: Date | string
}

/** An open addition is asked about again from this age on (its callback had its chance)... */
const RETRY_AFTER_MS = 60_000
/** ...and given up after this age without asking (the bank's page expired long before). */
const GIVE_UP_AFTER_MS = 2 * 24 * 3600_000

/**
 * Pure: where an addition stands after a recording attempt. A recorded card (new or already
 * known to be this customer's) is saved; a payment the bank ended without a card for this
 * customer failed; anything else (the shopper is still on the page) stays open.
 */
export function additionStatusAfter(outcome: RecordOutcome, bankStatus: string | undefined): CardAdditionStatus {
  if (outcome === "created" || outcome === "activated" || outcome === "unchanged") return "saved"
  if (outcome === "other_customer") return "failed"
  return bankStatus !== undefined && isFinalStatus(bankStatus) ? "failed" : "started"
}

async function settle(container: MedusaContainer, addition: CardAdditionRow, now: Date): Promise<CardAdditionStatus> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const registration = findTbcProvider(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), addition.provider_id)
  if (registration?.kind !== "tbc-checkout") {
    logger.warn(`[tbc saved cards] card addition ${addition.id}: provider ${addition.provider_id} is not registered`)
    return "started"
  }
  const client = bankClientFor(registration, container).checkout
  let bankStatus: string | undefined
  // the recording reads the payment once; its status also tells whether the shopper is done
  const bank: Pick<CheckoutApi, "getPayment"> = {
    getPayment: async (payId) => {
      const details = await client.getPayment(payId)
      bankStatus = String(details.status)
      return details
    },
  }
  const table = savedCardTable(tbc, cardTokenSecretOf(parseCheckoutOptions(registration.options)))
  const outcome = await recordSavedCard({
    bank,
    table,
    payId: addition.pay_id,
    customerId: addition.customer_id,
    providerId: addition.provider_id,
  })
  const status = additionStatusAfter(outcome, bankStatus)
  await tbc.updateCardAdditions({
    id: addition.id,
    status,
    bank_status: bankStatus ?? null,
    settled_at: status === "started" ? null : now,
  })
  if (status !== "started") {
    logger.info(`[tbc saved cards] card addition ${addition.id}: ${status} (${outcome}, bank status ${bankStatus})`)
  }
  return status
}

/** Whether `payId` is the payment of a card addition (the callback log names such callbacks). */
export async function isCardAdditionPayment(tbc: TbcModuleService, payId: string): Promise<boolean> {
  return (await tbc.listCardAdditions({ pay_id: payId }, { take: 1, select: ["id"] })).length > 0
}

/**
 * The bank reported payment `payId` (its callback): when it is a card addition still open, the
 * card is recorded. Undefined when the payment is not a card addition.
 */
export async function settleCardAdditionOf(
  container: MedusaContainer,
  payId: string,
  now: Date = new Date()
): Promise<CardAdditionStatus | undefined> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const [addition] = (await tbc.listCardAdditions({ pay_id: payId }, { take: 1 })) as CardAdditionRow[]
  if (!addition) return undefined
  return addition.status === "started" ? settle(container, addition, now) : addition.status
}

/**
 * The retry job's run: open additions older than a minute are asked about again (a lost
 * callback, or a bank that could not be asked then); those older than two days are given up.
 * One failing addition does not stop the others.
 */
export async function retryOpenCardAdditions(
  container: MedusaContainer,
  now: Date = new Date()
): Promise<{ tried: number; saved: number; gaveUp: number }> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const open = (await tbc.listCardAdditions(
    { status: "started", created_at: { $lte: new Date(now.getTime() - RETRY_AFTER_MS) } },
    { take: 100, order: { created_at: "ASC" } }
  )) as CardAdditionRow[]
  let saved = 0
  let gaveUp = 0
  for (const addition of open) {
    if (addition.created_at && now.getTime() - new Date(addition.created_at).getTime() > GIVE_UP_AFTER_MS) {
      await tbc.updateCardAdditions({ id: addition.id, status: "failed", settled_at: now })
      gaveUp++
      continue
    }
    try {
      if ((await settle(container, addition, now)) === "saved") saved++
    } catch (error) {
      // never the error object itself: it could carry request details
      logger.warn(
        `[tbc saved cards] card addition ${addition.id}: the bank could not be asked (${(error as Error)?.name ?? "Error"}); retried later`
      )
    }
  }
  return { tried: open.length, saved, gaveUp }
}
