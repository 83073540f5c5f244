/**
 * The merchant opens a TBC payment link for what an order (or a draft order) owes
 * (POST /admin/tbc/payment-links):
 *   1. validate (createLinkVerdict, src/lib/payment-link-rules.ts): the order is not canceled, is in
 *      GEL, owes something, and no payment of an earlier link is under way; `notify_customer` only
 *      where the store has a notification provider for e-mail and the order has an address;
 *   2. an earlier `open` link of the order is closed (the merchant's new link replaces it);
 *   3. the link row with the token's hash (undone if a later step fails);
 *   4. optionally the e-mail, through Medusa's notification module (template
 *      `tbc-payment-link`, data: the URL, the amount, the expiry, the order's number).
 * No money moves here: the shopper's "pay" makes the bank payment (./pay-link.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  createLinkVerdict,
  hasEmailChannel,
  hashLinkToken,
  linkExpiresAt,
  linkPageUrl,
  newLinkToken,
} from "../../lib/payment-link-rules"
import { minorToMajor } from "../../lib/money"
import type { PaymentLinkView } from "../../lib/payment-links"
import { parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { effectiveTbcProviders } from "../../use-cases/effective-settings"
import {
  adminLinkView,
  linkById,
  linkOrderOf,
  linksOfOrder,
  linkStatus,
  tbcOf,
} from "../../use-cases/payment-links/link-facts"
import { closePaymentLink } from "./close-link"

export const tbcCreatePaymentLinkWorkflowId = "tbc-create-payment-link"

export interface CreatePaymentLinkInput {
  order_id: string
  notify_customer?: boolean
  expires_in_hours?: number
  created_by?: string
}

interface LinkPlan {
  order_id: string
  display_id?: number
  email: string | null
  amount_minor: number
  replaces: string[]
  provider_id: string
  return_url: string
  expires_at: string
  notify: boolean
  created_by?: string
}

/** Whether Medusa's notification module has a provider for the e-mail channel (its config says so). */
export function hasEmailNotifications(container: MedusaContainer): boolean {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as { modules?: unknown }
  return hasEmailChannel(config.modules)
}

const invalid = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, message)

const validateLinkStep = createStep(
  "tbc-validate-payment-link",
  async (input: CreatePaymentLinkInput, { container }): Promise<StepResponse<LinkPlan>> => {
    const order = await linkOrderOf(container, input.order_id)
    const existing = await Promise.all(
      (await linksOfOrder(container, order.id)).map(async (link) => ({
        id: link.id,
        status: (await linkStatus(container, link)).status,
      }))
    )
    const verdict = createLinkVerdict(order, existing)
    if (verdict.kind === "refuse") {
      throw new MedusaError(
        verdict.conflict ? MedusaError.Types.CONFLICT : MedusaError.Types.INVALID_DATA,
        verdict.message
      )
    }
    if (input.notify_customer && !hasEmailNotifications(container)) {
      throw invalid("notify_customer: the store has no notification provider for e-mail; copy the link instead")
    }
    if (input.notify_customer && !order.email) throw invalid("notify_customer: the order has no e-mail address")
    const registration = (await effectiveTbcProviders(container)).find(
      (r) => r.kind === "tbc-checkout" && r.choice === undefined
    )
    if (!registration) throw invalid("order_id: the store has no TBC checkout provider for payment links")
    const options = parseCheckoutOptions(registration.options)
    return new StepResponse({
      order_id: order.id,
      display_id: order.display_id,
      email: order.email,
      amount_minor: verdict.amountMinor,
      replaces: verdict.replaces,
      provider_id: registration.providerId,
      return_url: options.returnUrl,
      expires_at: linkExpiresAt(new Date(), input.expires_in_hours).toISOString(),
      notify: input.notify_customer === true,
      created_by: input.created_by,
    })
  }
)

const closeReplacedLinksStep = createStep("tbc-close-replaced-payment-links", async (plan: LinkPlan, { container }) => {
  for (const id of plan.replaces) {
    const link = await linkById(container, id)
    if (link) await closePaymentLink(container, link, "merchant")
  }
  return new StepResponse(undefined)
})

const createLinkRowStep = createStep(
  "tbc-create-payment-link-row",
  async (plan: LinkPlan, { container }) => {
    const token = newLinkToken()
    const row = await tbcOf(container).createPaymentLinks({
      order_id: plan.order_id,
      amount: plan.amount_minor,
      currency_code: "gel",
      token_hash: hashLinkToken(token),
      expires_at: new Date(plan.expires_at),
      provider_id: plan.provider_id,
      created_by: plan.created_by ?? null,
    })
    // the token leaves this step only in the URL the merchant is shown (and the e-mail)
    return new StepResponse({ id: row.id, url: linkPageUrl(plan.return_url, row.id, token) }, row.id)
  },
  async (id: string | undefined, { container }) => {
    if (id) await tbcOf(container).deletePaymentLinks(id)
  }
)

const notifyCustomerStep = createStep(
  "tbc-notify-payment-link",
  async (input: { plan: LinkPlan; link: { id: string; url: string } }, { container }) => {
    await container.resolve(Modules.NOTIFICATION).createNotifications({
      to: input.plan.email!,
      channel: "email",
      template: "tbc-payment-link",
      data: {
        url: input.link.url,
        amount: minorToMajor(input.plan.amount_minor),
        currency_code: "gel",
        expires_at: input.plan.expires_at,
        display_id: input.plan.display_id,
      },
    })
    await tbcOf(container).updatePaymentLinks({ id: input.link.id, notified: true })
    return new StepResponse(undefined)
  }
)

const linkViewStep = createStep(
  "tbc-payment-link-view",
  async (input: { plan: LinkPlan; link: { id: string; url: string } }, { container }) => {
    const row = (await linkById(container, input.link.id))!
    const view: PaymentLinkView = adminLinkView(row, "open", { display_id: input.plan.display_id }, input.link.url)
    return new StepResponse(view)
  }
)

export const tbcCreatePaymentLinkWorkflow = createWorkflow(
  tbcCreatePaymentLinkWorkflowId,
  (input: CreatePaymentLinkInput) => {
    const plan = validateLinkStep(input)
    closeReplacedLinksStep(plan)
    const link = createLinkRowStep(plan)
    when({ plan }, ({ plan }) => plan.notify).then(() => {
      notifyCustomerStep(transform({ plan, link }, ({ plan, link }) => ({ plan, link })))
    })
    const view = linkViewStep(transform({ plan, link }, ({ plan, link }) => ({ plan, link })))
    return new WorkflowResponse(view)
  }
)
