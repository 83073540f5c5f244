/**
 * The shopper pays a TBC payment link (POST /store/tbc/payment-links/:id/pay): a fresh web payment
 * of exactly what the order owes now, through Medusa's own payment-collection workflows:
 *   1. the link's lock, without waiting: a second tab pressing "pay" at the same moment is refused
 *      (it would otherwise open a second bank payment of the same link);
 *   2. the token (constant time; a wrong one is the same 404 as an unknown id), the link's status
 *      and what the order owes now (payVerdict, src/lib/payment-link-rules.ts). An order that owes
 *      another amount, was paid another way or canceled, or a link past its expiry: the link is
 *      closed and the shopper refused (409). A link whose bank page is still open is resumed: the
 *      same page, never a second payment;
 *   3. Medusa's createOrUpdateOrderPaymentCollectionWorkflow (the order's collection, for what it
 *      owes), then createPaymentSessionsWorkflow with the checkout provider: its initiatePayment
 *      opens the ledger's `web` charge and the bank's payment, whose approval URL is the answer.
 * The bank's callback (or the lost-callback job) then runs Medusa's processPaymentWorkflow, which
 * authorizes and captures the session into the order; the link subscriber records it paid
 * (src/subscribers/tbc-payment-links.ts).
 */
import { randomUUID } from "node:crypto"
import {
  createOrUpdateOrderPaymentCollectionWorkflow,
  createPaymentSessionsWorkflow,
} from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { linkPageUrl, payVerdict, tokenMatches } from "../../lib/payment-link-rules"
import { minorToMajor } from "../../lib/money"
import type { PaymentLinkLanguage } from "../../lib/payment-links"
import { LEDGER_DATA } from "../../providers/tbc-checkout/ledger/bookkeeping"
import { parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { SERVER_SESSION_DATA } from "../../providers/tbc-checkout/payment-data"
import { releaseLock, takeLockNow } from "../../use-cases/reconcile/locks"
import { effectiveTbcProviders } from "../../use-cases/effective-settings"
import { linkById, linkFactsOf, linkOrderOf, linkStatus, tbcOf } from "../../use-cases/payment-links/link-facts"
import { queryOf } from "../../use-cases/reconcile/medusa-facts"
import { closePaymentLink } from "./close-link"

export const tbcPayPaymentLinkWorkflowId = "tbc-pay-payment-link"

export interface PayPaymentLinkInput {
  link_id: string
  token: string
  language?: PaymentLinkLanguage
}

type HeldLock = { key: string; ownerId: string }

/** The same answer for an unknown id and a wrong token: the token is the capability. */
export const LINK_NOT_FOUND = "Payment link was not found"

const linkLockKey = (id: string) => `tbc-payment-link:${id}`

const takeLinkLockStep = createStep(
  "tbc-take-payment-link-lock",
  async (input: PayPaymentLinkInput, { container }) => {
    const held = { key: linkLockKey(input.link_id), ownerId: `link-pay:${randomUUID()}` }
    if (!(await takeLockNow(container, held.key, held.ownerId))) {
      throw new MedusaError(MedusaError.Types.CONFLICT, "id: this link is being paid in another window")
    }
    return new StepResponse(held, held)
  },
  async (held: HeldLock | undefined, { container }) => {
    if (held) await releaseLock(container, held.key, held.ownerId)
  }
)

const giveLinkLockBackStep = createStep("tbc-give-payment-link-lock-back", async (held: HeldLock, { container }) => {
  await releaseLock(container, held.key, held.ownerId)
  return new StepResponse(undefined)
})

type PayPlan =
  | { kind: "resume"; link_id: string; session_id: string }
  | {
      kind: "pay"
      link_id: string
      order_id: string
      provider_id: string
      /** major units, what Medusa's collection and session are for */
      amount: number
      return_url: string
      language?: PaymentLinkLanguage
      session_ids: string[]
    }

/** Token, status and the owed amount now; closes a link that must close (that write stays). */
const validateLinkPaymentStep = createStep(
  "tbc-validate-payment-link-payment",
  async (input: PayPaymentLinkInput, { container }): Promise<StepResponse<PayPlan>> => {
    const link = await linkById(container, input.link_id)
    if (!link || !tokenMatches(link.token_hash, input.token)) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, LINK_NOT_FOUND)
    }
    const order = await linkOrderOf(container, link.order_id)
    const { charges } = await linkStatus(container, link)
    const verdict = payVerdict(linkFactsOf(link), charges, order, new Date())
    if (verdict.kind === "close") {
      await closePaymentLink(container, link, verdict.reason)
      throw new MedusaError(MedusaError.Types.CONFLICT, verdict.message)
    }
    if (verdict.kind === "refuse") throw new MedusaError(MedusaError.Types.CONFLICT, verdict.message)
    if (verdict.kind === "resume") {
      return new StepResponse({ kind: "resume", link_id: link.id, session_id: link.payment_session_id! })
    }
    const registration = (await effectiveTbcProviders(container)).find((r) => r.providerId === link.provider_id)
    if (!registration) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "id: the store's TBC provider of this link is not configured"
      )
    }
    const options = parseCheckoutOptions(registration.options)
    return new StepResponse({
      kind: "pay",
      link_id: link.id,
      order_id: link.order_id,
      provider_id: link.provider_id,
      amount: minorToMajor(verdict.amountMinor),
      return_url: linkPageUrl(options.returnUrl, link.id),
      language: input.language,
      session_ids: link.session_ids?.ids ?? [],
    })
  }
)

/** The link remembers its session (the ledger's charge of it is how its status is read). */
const recordLinkSessionStep = createStep(
  "tbc-record-payment-link-session",
  async (
    input: { link_id: string; session_id: string; collection_id: string; session_ids: string[] },
    { container }
  ) => {
    const tbc = tbcOf(container)
    const before = await linkById(container, input.link_id)
    await tbc.updatePaymentLinks({
      id: input.link_id,
      payment_session_id: input.session_id,
      payment_collection_id: input.collection_id,
      session_ids: { ids: [...input.session_ids, input.session_id] },
    })
    return new StepResponse(undefined, before)
  },
  async (before, { container }) => {
    if (!before) return
    await tbcOf(container).updatePaymentLinks({
      id: before.id,
      payment_session_id: before.payment_session_id,
      payment_collection_id: before.payment_collection_id,
      session_ids: before.session_ids,
    })
  }
)

/** The bank's page of the session: the approval URL the provider kept in the session's data. */
const redirectOfSessionStep = createStep(
  "tbc-payment-link-redirect",
  async (input: { session_id: string }, { container }) => {
    const { data } = await queryOf(container).graph({
      entity: "payment_session",
      fields: ["id", "data"],
      filters: { id: input.session_id },
    })
    const session = data[0] as { data?: Record<string, unknown> } | undefined
    const url = session?.data?.redirect_url ?? session?.data?.approvalUrl
    if (typeof url !== "string" || url === "") {
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`[tbc] link session ${input.session_id}: no bank page`)
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "the bank gave no payment page; try again in a minute")
    }
    return new StepResponse({ redirect_url: url })
  }
)

export const tbcPayPaymentLinkWorkflow = createWorkflow(tbcPayPaymentLinkWorkflowId, (input: PayPaymentLinkInput) => {
  const held = takeLinkLockStep(input)
  const plan = validateLinkPaymentStep(input)
  const fresh = when({ plan }, ({ plan }) => plan.kind === "pay").then(() => {
    const pay = transform({ plan }, ({ plan }) => plan as Extract<PayPlan, { kind: "pay" }>)
    const collections = createOrUpdateOrderPaymentCollectionWorkflow.runAsStep({
      input: transform({ pay }, ({ pay }) => ({ order_id: pay.order_id, amount: pay.amount })),
    })
    const session = createPaymentSessionsWorkflow.runAsStep({
      input: transform({ pay, collections }, ({ pay, collections }) => ({
        payment_collection_id: collections[0].id,
        provider_id: pay.provider_id,
        data: {
          return_url: pay.return_url,
          ...(pay.language ? { locale: pay.language } : {}),
          [LEDGER_DATA.collectionId]: collections[0].id,
          // taken at once, also with preAuth on: the link pays what the order owes
          [SERVER_SESSION_DATA.purchaseOnly]: true,
        },
      })),
    })
    recordLinkSessionStep(
      transform({ pay, session, collections }, ({ pay, session, collections }) => ({
        link_id: pay.link_id,
        session_id: session.id,
        collection_id: collections[0].id,
        session_ids: pay.session_ids,
      }))
    )
    return session
  })
  const sessionId = transform({ plan, fresh }, ({ plan, fresh }) => ({
    session_id: plan.kind === "resume" ? plan.session_id : (fresh as { id: string }).id,
  }))
  const redirect = redirectOfSessionStep(sessionId)
  giveLinkLockBackStep(transform({ held, redirect }, ({ held }) => held))
  return new WorkflowResponse(redirect)
})
