/**
 * GET /store/tbc/payment-methods/:account_holder_id — the answer of Medusa's saved-payment-methods
 * recipe route, `{ payment_methods: [{ id, provider_id, data }] }`, from the account holder's
 * provider (`listPaymentMethods`; tbc-checkout: masked number, expiry, `data.card` — never the
 * bank token), so a storefront built on the recipe lists TBC cards by changing only the path.
 *
 * Why under /store/tbc and not on the recipe's own path, /store/payment-methods/:account_holder_id:
 * Medusa (2.21) has no route there, and its recipe tells every store to add that route itself; a
 * plugin route on the same path would give such a store two routes on one path. A store that
 * added the recipe's route keeps it, and it lists TBC cards too (same provider method).
 *
 * Unlike the recipe's example it checks ownership: the account holder must be the logged-in
 * customer's (Medusa links them when a session is created, or a card is added); any other id
 * answers 404. Where a storefront gets the id: the answer of POST /store/customers/me/tbc-cards
 * (`account_holder_id`), or server-side Query (`customer.account_holders`), as the recipe does.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AccountHolderDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { LOGIN_TO_SEE_METHODS_MESSAGE } from "../../../../../lib/shopper-texts"
import { accountHolderParamsSchema } from "../../../../validators/route-schemas"
import { parseParams } from "../../../../validators/validate-request"
import { customerIdOf } from "../../../../tbc-middlewares/saved-cards"

interface CustomerWithHolders {
  id: string
  email: string
  account_holders?: (AccountHolderDTO | null)[] | null
}

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const customerId = customerIdOf(req)
  if (!customerId) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, LOGIN_TO_SEE_METHODS_MESSAGE, "login_required")
  }
  const { account_holder_id } = parseParams(accountHolderParamsSchema, req.params)
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "customer",
    fields: ["id", "email", "account_holders.*"],
    filters: { id: customerId },
  })
  const customer = data[0] as CustomerWithHolders | undefined
  const holder = (customer?.account_holders ?? []).find((candidate) => candidate?.id === account_holder_id)
  if (!customer || !holder) {
    // another customer's holder answers exactly like an unknown one
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Account holder ${account_holder_id} was not found`)
  }
  const paymentMethods = await req.scope.resolve(Modules.PAYMENT).listPaymentMethods({
    provider_id: holder.provider_id,
    context: { account_holder: holder, customer: { id: customer.id, email: customer.email } },
  })
  res.json({ payment_methods: paymentMethods })
}
