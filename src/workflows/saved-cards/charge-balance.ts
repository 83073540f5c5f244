/**
 * The store charges a customer's saved TBC card for what an order still owes (POST
 * /admin/tbc/orders/:id/saved-card-charge): a merchant-initiated execution, ONE per press,
 * through the money ledger and Medusa's own payment workflows:
 *   1. take the order's balance lock without waiting: a second press while the first is under
 *      way is refused (the ledger alone would not see it before the execution's entry is open);
 *   2. validate (src/lib/merchant-charges.ts): the card is the order's customer's, active, and was
 *      saved with the customer's consent to charges by the store; the amount is at most what the
 *      order owes, in GEL; no earlier charge of the order is unresolved. Then the card's token is
 *      sealed for the provider, marked merchant-initiated;
 *   3. Medusa's createOrderPaymentCollectionWorkflow for the amount, then its
 *      createPaymentSessionsWorkflow with the seal (the provider's initiatePayment checks it);
 *   4. charge: Medusa's payment module authorizes the session, i.e. our provider's authorizePayment
 *      opens the ledger's `execution` entry, then sends POST /v1/tpay/payments/execution with
 *      initiator "merchant", exactly once. Succeeded → Medusa's payment, captured. A clear
 *      refusal (the bank declined, nothing moved) fails the workflow: the compensation of step 3
 *      removes the session and the collection. An answer that cannot be read (a 5xx, a timeout)
 *      or the bank still deciding is NOT a failure: the session and collection stay, the entry
 *      is listed in Settings → TBC Bank and never sent again; the bank's callback, the
 *      lost-callback job or the admin's re-check later places the payment on the order;
 *   5. Medusa's capturePaymentWorkflow records the capture as the order's transaction, so the
 *      order's outstanding amount drops by what was taken; the ledger records the order.
 * Why not Medusa's authorizePaymentSessionStep in 4: it throws on an unreadable answer, and the
 * compensation would then delete the session whose money the bank may have taken.
 */
import {
  capturePaymentWorkflow,
  createOrderPaymentCollectionWorkflow,
  createPaymentSessionsWorkflow,
} from "@medusajs/medusa/core-flows"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { balanceChargeVerdict, readRequestedAmount } from "../../lib/merchant-charges"
import type { BalanceChargeOutcome } from "../../lib/balance-charge-view"
import { isUnresolvedCharge } from "../../lib/ledger/guards"
import { minorToMajor } from "../../lib/money"
import { isCardUsable } from "../../lib/saved-card-rules"
import { openCardToken } from "../../lib/card-token-at-rest"
import { ledgerOf, recordError } from "../../modules/tbc/ledger/ledger-store"
import { findTbcProvider } from "../../use-cases/tbc-providers"
import { cardTokenSecretOf, parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { SAVED_CARD_DATA } from "../../providers/tbc-checkout/saved-cards/saved-card-payment"
import { sealSavedCard } from "../../providers/tbc-checkout/saved-cards/saved-card-seal"
import { LEDGER_DATA } from "../../providers/tbc-checkout/ledger/bookkeeping"
import { orderActionLockSteps } from "../payments/order-action-lock"
import { chargeableCardsOf, orderBalanceOf, unresolvedChargesOf } from "../../use-cases/saved-cards/order-balance"

export const tbcChargeOrderBalanceWorkflowId = "tbc-charge-order-balance"

export interface ChargeOrderBalanceInput {
  order_id: string
  saved_card_id: string
  /** GEL as the admin typed it; absent: the whole outstanding amount */
  amount?: number | string
  /** the admin user who charges */
  charged_by?: string
}

/** What validation decided: everything the next steps need, the card's token only sealed. */
interface BalanceChargePlan {
  order_id: string
  provider_id: string
  customer_id: string
  amount_minor: number
  /** major units, what Medusa's collection and capture are for */
  amount: number
  card_mask: string | null
  seal: string
  charged_by?: string
}

/** The order's balance lock: a second press while the first is under way is refused (409). */
const balanceLock = orderActionLockSteps(
  "order-balance",
  "id: a charge of this order's saved card is already under way; wait for its result"
)
export const orderBalanceLockKey = balanceLock.keyOf
export const takeOrderBalanceLockStep = balanceLock.take
export const giveOrderBalanceLockBackStep = balanceLock.giveBack

export const validateBalanceChargeStep = createStep(
  "tbc-validate-balance-charge",
  async (input: ChargeOrderBalanceInput, { container }): Promise<StepResponse<BalanceChargePlan>> => {
    const balance = await orderBalanceOf(container, input.order_id)
    if (!balance.customer_id || !balance.has_account) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "id: the order's customer has no account, so no saved card")
    }
    const card = (await chargeableCardsOf(container, balance.customer_id)).find((c) => c.id === input.saved_card_id)
    if (!card) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `saved_card_id: saved card ${input.saved_card_id} is not an active TBC card of the order's customer`
      )
    }
    const requested = readRequestedAmount(input.amount)
    if (!requested.ok) throw new MedusaError(MedusaError.Types.INVALID_DATA, requested.message)
    const verdict = balanceChargeVerdict({
      outstandingMinor: balance.outstanding_minor,
      currency: balance.currency_code,
      requestedMinor: requested.minor,
      card: {
        status: card.status,
        merchant_charges_consent_at: card.merchant_charges_consent_at ?? null,
        usable: isCardUsable(card),
      },
      unresolvedCharge: (await unresolvedChargesOf(container, balance)).length > 0,
    })
    if (verdict.kind === "refuse") {
      const type = verdict.conflict ? MedusaError.Types.CONFLICT : MedusaError.Types.INVALID_DATA
      throw new MedusaError(type, verdict.message)
    }
    const registration = findTbcProvider(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), card.provider_id)
    if (registration?.kind !== "tbc-checkout") {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `saved_card_id: the card's provider is not configured`)
    }
    const options = parseCheckoutOptions(registration.options)
    let recId: string
    try {
      recId = openCardToken(card.rec_id ?? "", cardTokenSecretOf(options))
    } catch {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "saved_card_id: the card can no longer be used")
    }
    const seal = sealSavedCard(
      { savedCardId: card.id, recId, customerId: balance.customer_id, issuedAt: Date.now(), initiator: "merchant" },
      options.clientSecret
    )
    return new StepResponse({
      order_id: balance.order_id,
      provider_id: card.provider_id,
      customer_id: balance.customer_id,
      amount_minor: verdict.amountMinor,
      amount: minorToMajor(verdict.amountMinor),
      card_mask: card.card_mask,
      seal,
      charged_by: input.charged_by,
    })
  }
)

/** Authorizes the session (our provider executes once); an unknown outcome is a result, not a failure. */
export const chargeSavedCardStep = createStep(
  "tbc-charge-saved-card",
  async (input: { session_id: string }, { container }): Promise<StepResponse<BalanceChargeOutcome>> => {
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    try {
      const payment = await payments.authorizePaymentSession(input.session_id, {})
      // null: Medusa's "pending authorization", which our provider never answers for an execution
      if (!payment) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "the charge was not authorized")
      const [entry] = await ledgerOf(container).chargesOfSession(input.session_id)
      return new StepResponse({
        outcome: "charged",
        payment_id: payment.id,
        session_id: input.session_id,
        entry_id: entry?.id ?? null,
      })
    } catch (error) {
      const [entry] = await ledgerOf(container).chargesOfSession(input.session_id)
      // nothing sent, or the bank refused readably (nothing moved): fail, and step 3 is undone
      if (!entry || !isUnresolvedCharge(entry)) throw error
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`[tbc] balance charge of session ${input.session_id}: ${entry.state}, listed (${recordError(error)})`)
      const outcome = entry.state === "processing" ? "processing" : "uncertain"
      return new StepResponse({ outcome, payment_id: null, session_id: input.session_id, entry_id: entry.id })
    }
  }
)

/** The ledger records the order as the money's owner (the lost-callback job would find it too). */
export const recordBalanceChargeOrderStep = createStep(
  "tbc-record-balance-charge-order",
  async (input: { order_id: string; entry_id: string | null }, { container }) => {
    if (!input.entry_id) return new StepResponse(undefined)
    await ledgerOf(container)
      .markOrder(input.entry_id, input.order_id, "workflow:balance-charge")
      .catch((error) =>
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`[tbc] ledger entry ${input.entry_id}: order not recorded: ${recordError(error)}`)
      )
    return new StepResponse(undefined)
  }
)

export const tbcChargeOrderBalanceWorkflow = createWorkflow(
  tbcChargeOrderBalanceWorkflowId,
  (input: ChargeOrderBalanceInput) => {
    const held = takeOrderBalanceLockStep(input)
    const plan = validateBalanceChargeStep(input)
    const collections = createOrderPaymentCollectionWorkflow.runAsStep({
      input: transform({ plan }, ({ plan }) => ({ order_id: plan.order_id, amount: plan.amount })),
    })
    const session = createPaymentSessionsWorkflow.runAsStep({
      input: transform({ plan, collections }, ({ plan, collections }) => ({
        payment_collection_id: collections[0].id,
        provider_id: plan.provider_id,
        customer_id: plan.customer_id,
        data: {
          [SAVED_CARD_DATA.seal]: plan.seal,
          [SAVED_CARD_DATA.cardMask]: plan.card_mask ?? undefined,
          [LEDGER_DATA.collectionId]: collections[0].id,
        },
      })),
    })
    const charged = chargeSavedCardStep(transform({ session }, ({ session }) => ({ session_id: session.id })))
    when({ charged }, ({ charged }) => charged.outcome === "charged").then(() => {
      capturePaymentWorkflow.runAsStep({
        input: transform({ charged, plan }, ({ charged, plan }) => ({
          payment_id: charged.payment_id as string,
          captured_by: plan.charged_by,
          amount: plan.amount,
        })),
      })
      recordBalanceChargeOrderStep(
        transform({ charged, plan }, ({ charged, plan }) => ({ order_id: plan.order_id, entry_id: charged.entry_id }))
      )
    })
    giveOrderBalanceLockBackStep(transform({ held, charged }, ({ held }) => held))
    return new WorkflowResponse(
      transform({ charged, plan }, ({ charged, plan }) => ({
        ...charged,
        amount: plan.amount,
        currency_code: "gel",
        card_mask: plan.card_mask,
      }))
    )
  }
)
