/**
 * A logged-in customer adds a card from "My account" (POST /store/customers/me/tbc-cards):
 *
 *   1. the customer, with their account holders;
 *   2. their account holder of the tbc-checkout provider, created and linked as Medusa's own
 *      session creation does it when there is none yet (createAccountHolder is idempotent);
 *   3. Medusa's `createPaymentMethods` → the provider's savePaymentMethod: a zero-amount saveCard
 *      payment on the bank's hosted page, recorded in tbc_card_addition; its link is the result.
 *
 * The card is recorded later, when the bank reports the payment (src/use-cases/saved-cards/card-additions.ts).
 * No compensation for step 3: a bank payment that is never paid expires at the bank.
 */
import { Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { AccountHolderDTO, PaymentCustomerDTO } from "@medusajs/framework/types"
import { createPaymentAccountHolderStep, createRemoteLinkStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"

export interface AddTbcCardInput {
  customer_id: string
  /** a tbc-checkout provider id (pp_tbc-checkout_<id>) */
  provider_id: string
  /** the provider's `data`: return_url, save_card_to_date */
  data: Record<string, unknown>
}

export interface StartedCardAddition {
  id: string
  provider_id: string
  data: Record<string, unknown>
  /** the customer's account holder of the provider (GET /store/tbc/payment-methods/:account_holder_id) */
  account_holder_id: string
}

interface CustomerRow extends PaymentCustomerDTO {
  account_holders?: (AccountHolderDTO | null)[] | null
}

export const startCardAdditionStep = createStep(
  "tbc-start-card-addition",
  async (
    input: {
      provider_id: string
      data: Record<string, unknown>
      customer: PaymentCustomerDTO
      account_holder: AccountHolderDTO
    },
    { container }
  ) => {
    const started = await container.resolve(Modules.PAYMENT).createPaymentMethods({
      provider_id: input.provider_id,
      data: input.data,
      context: { customer: input.customer, account_holder: input.account_holder },
    })
    return new StepResponse({ ...started, account_holder_id: input.account_holder.id } as StartedCardAddition)
  }
)

export const addTbcCardWorkflow = createWorkflow("tbc-add-card", (input: AddTbcCardInput) => {
  const { data: customers } = useQueryGraphStep({
    entity: "customer",
    fields: ["id", "email", "company_name", "first_name", "last_name", "phone", "account_holders.*"],
    filters: { id: input.customer_id },
    options: { throwIfKeyNotFound: true },
  }).config({ name: "tbc-add-card-customer" })
  const found = transform({ customers, input }, ({ customers, input }) => {
    const { account_holders, ...customer } = customers[0] as CustomerRow
    const existing = (account_holders ?? []).find((holder) => holder?.provider_id === input.provider_id)
    return { customer: customer as PaymentCustomerDTO, existing: existing ?? undefined }
  })
  const holder = createPaymentAccountHolderStep(
    transform({ found, input }, ({ found, input }) => ({
      provider_id: input.provider_id,
      context: { account_holder: found.existing, customer: found.customer },
    }))
  ).config({ noCompensation: true })
  when("tbc-add-card-new-account-holder", { found, holder }, ({ found, holder }) => !found.existing && !!holder).then(
    () => {
      createRemoteLinkStep(
        transform({ found, holder }, ({ found, holder }) => [
          {
            [Modules.CUSTOMER]: { customer_id: found.customer.id },
            [Modules.PAYMENT]: { account_holder_id: holder.id },
          },
        ])
      ).config({ noCompensation: true })
    }
  )
  const started = startCardAdditionStep(
    transform({ found, holder, input }, ({ found, holder, input }) => ({
      provider_id: input.provider_id,
      data: input.data,
      customer: found.customer,
      account_holder: holder,
    }))
  )
  return new WorkflowResponse(started)
})
