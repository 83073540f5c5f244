/**
 * The read-only payment status of a cart for the shopper's return page
 * (`GET /store/tbc/carts/:id/payment-status`): what the store knows, and the bank's answer when
 * only the bank can tell (src/lib/shopper-payment-status.ts decides). Nothing is written and the
 * cart is never completed here: the storefront completes it once the answer is "decided".
 *
 * The route is public by cart id, like Medusa's own store cart route; it answers only the cart's
 * payment outcome (no amounts, no bank ids, no card). Bank answers are shared for 1 s per bank
 * payment, so shoppers (or anyone) polling one cart cost the bank at most one question a second.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { BoundedCache } from "../../lib/bounded-cache"
import {
  shopperInstallmentStatusId,
  statusFromBank,
  statusFromSession,
  statusFromStore,
  type BankFact,
  type ShopperPaymentStatus,
  type StoredTbcSession,
} from "../../lib/shopper-payment-status"
import { ledgerOf } from "../../modules/tbc/ledger/ledger-store"
import { clientWithin } from "../../providers/common/client"
import { requestBudgetMsOf } from "../request-budget"
import { bankClientFor } from "../bank-clients"
import { findTbcProvider, type TbcProviderRegistration } from "../tbc-providers"

export interface CartPaymentStatus extends ShopperPaymentStatus {
  cart_id: string
  provider_id: string | null
  order_id: string | null
  /** the bank's 0–13 status id of the cart's installment application; null for any other payment */
  installment_status_id: number | null
}

interface SessionRow {
  id: string
  provider_id: string
  status: string
  data?: Record<string, unknown> | null
  created_at?: string | Date
}
interface CartRow {
  id: string
  completed_at?: string | Date | null
  payment_collection?: { payment_sessions?: SessionRow[] | null } | null
}

/** A shopper waits on this answer: a short read, no retry (the page asks again anyway). */
const READ_LIMITS = { timeoutMs: 5_000, maxRetries: 0 }
const bankAnswers = new BoundedCache<string, Promise<BankFact>>({ max: 2_000, ttlMs: 1_000 })

const time = (value: string | Date | undefined) => (value ? new Date(value).getTime() : 0)

/** The newest session of the collection, when it is a TBC one (another provider's means the cart changed). */
function latestTbcSession(
  configModule: unknown,
  cart: CartRow
): { row: SessionRow; registration: TbcProviderRegistration } | null {
  const sessions = [...(cart.payment_collection?.payment_sessions ?? [])]
  sessions.sort((a, b) => time(a.created_at) - time(b.created_at))
  const row = sessions[sessions.length - 1]
  const registration = row ? findTbcProvider(configModule, row.provider_id) : undefined
  return row && registration ? { row, registration } : null
}

function bankIdOf(kind: TbcProviderRegistration["kind"], data: SessionRow["data"]): string | null {
  const id = kind === "tbc-checkout" ? data?.payId : data?.sessionId
  return typeof id === "string" && id !== "" ? id : null
}

async function askBank(
  container: MedusaContainer,
  registration: TbcProviderRegistration,
  bankId: string
): Promise<BankFact> {
  const bank = clientWithin(bankClientFor(registration, container, READ_LIMITS), requestBudgetMsOf(registration))
  if (registration.kind === "tbc-checkout") {
    const details = await bank.checkout.getPayment(bankId)
    return { kind: "tbc-checkout", status: details.status, resultCode: details.resultCode ?? null }
  }
  const { statusId } = await bank.installments.getStatus(bankId)
  return { kind: "tbc-installments", statusId }
}

/** One bank question per payment and second, however many ask; a failed question is not kept. */
function sharedBankAnswer(container: MedusaContainer, registration: TbcProviderRegistration, bankId: string) {
  const key = `${registration.providerId}:${bankId}`
  const cached = bankAnswers.get(key)
  if (cached) return cached
  const asked = askBank(container, registration, bankId)
  bankAnswers.set(key, asked)
  asked.catch(() => bankAnswers.delete(key))
  return asked
}

async function orderOfCart(container: MedusaContainer, cartId: string): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return (data[0] as { order_id?: string } | undefined)?.order_id ?? null
}

/** The status of cart `cartId`; NOT_FOUND when there is no such cart. */
export async function cartPaymentStatus(container: MedusaContainer, cartId: string): Promise<CartPaymentStatus> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "completed_at",
      "payment_collection.payment_sessions.id",
      "payment_collection.payment_sessions.provider_id",
      "payment_collection.payment_sessions.status",
      "payment_collection.payment_sessions.data",
      "payment_collection.payment_sessions.created_at",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as CartRow | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found`)

  const orderId = await orderOfCart(container, cartId)
  const latest = latestTbcSession(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), cart)
  const session: StoredTbcSession | null = latest
    ? {
        kind: latest.registration.kind,
        status: latest.row.status,
        bankId: bankIdOf(latest.registration.kind, latest.row.data),
      }
    : null
  const fromStore = statusFromStore(Boolean(orderId || cart.completed_at), session)
  let status: ShopperPaymentStatus
  let bank: BankFact | undefined
  if (fromStore !== "ask_bank") {
    status = fromStore
  } else {
    // an unanswered bank is not a decision: the page asks again
    bank = await sharedBankAnswer(container, latest!.registration, session!.bankId!).catch(() => undefined)
    status = bank ? statusFromBank(bank) : statusFromSession(session!)
  }
  return {
    cart_id: cartId,
    ...status,
    provider_id: latest?.registration.providerId ?? null,
    order_id: orderId,
    installment_status_id: await installmentStatusOf(container, session, bank, latest?.row.data),
  }
}

/**
 * The application's status for the shopper's page: the bank's answer just read, else the ledger's
 * last recorded status (what the sync and the callbacks moved it to), else the session's data.
 */
async function installmentStatusOf(
  container: MedusaContainer,
  session: StoredTbcSession | null,
  bank: BankFact | undefined,
  data: SessionRow["data"]
): Promise<number | null> {
  if (session?.kind !== "tbc-installments") return null
  const entry =
    !bank && session.bankId
      ? await ledgerOf(container)
          .byPayId(session.bankId)
          .catch(() => undefined)
      : undefined
  return shopperInstallmentStatusId(session.kind, { bank, ledger: entry?.bank_status, session: data?.statusId })
}
