/**
 * GET /admin/tbc/orders/:id/payment: the bank's live view of the order's TBC payment for the
 * order widget: status, payId, method, card mask, amounts; for preauths the completion deadline
 * (30 days after authorization) with a warning flag; for installments the application status.
 * When the bank cannot be asked, `bank_error` says why and the Medusa-side fields still show, with
 * `facts`: what the bank's answers said happened, as the ledger kept it (card mask, method, rrn,
 * transactionId, approval code, resultCode, the statement reference). While the bank holds the
 * payment and the order has an open order edit, `order_edit` is that edit with its new total and
 * what the widget's capture would take (src/use-cases/payment-facts/order-edit-capture-view.ts).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { findTbcProvider } from "../../../../../../use-cases/tbc-providers"
import { TBC_MODULE, type TbcModuleService } from "../../../../../../modules/tbc"
import { preauthDeadline } from "../../../../../../lib/preauth-deadline"
import { readPreauthWarningDays } from "../../../../../../lib/preauth-options"
import { bankProblemOf, type BankProblemView } from "../../../../../../use-cases/bank-problem"
import {
  checkoutBankView,
  type CheckoutBankView,
  type InstallmentBankView,
  type PreauthView,
} from "../../../helpers/bank-payment-view"
import { findOrderTbcPayment, type OrderTbcPayment } from "../../../../../../use-cases/payment-facts/order-payment"
import { orderParamsSchema } from "../../../../../validators/route-schemas"
import { parseParams } from "../../../../../validators/validate-request"
import { adminBankClient } from "../../../../../../use-cases/admin-bank-client"
import type { TbcProviderRegistration } from "../../../../../../use-cases/tbc-providers"
import { adminPaymentFacts } from "../../../../../../use-cases/payment-facts/order-payment-facts"
import { orderEditCaptureView } from "../../../../../../use-cases/payment-facts/order-edit-capture-view"

/** The shared client, read limits, the whole read (token included) within the admin's request budget. */
const budgetedRead = (req: MedusaRequest, registration: TbcProviderRegistration) =>
  adminBankClient(req.scope, registration)

async function installmentSessionId(req: MedusaRequest, payment: OrderTbcPayment): Promise<string | null> {
  const fromData = payment.data.sessionId ?? payment.data.bankSessionId
  if (typeof fromData === "string" && fromData !== "") {
    return fromData
  }
  if (!payment.payment_session_id) {
    return null
  }
  const tbc = req.scope.resolve<TbcModuleService>(TBC_MODULE)
  const [application] = await tbc.listInstallmentApplications({ payment_session_id: payment.payment_session_id })
  return application?.bank_session_id ?? null
}

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { id } = parseParams(orderParamsSchema, req.params)
  const payment = await findOrderTbcPayment(req.scope, id)
  if (payment === undefined) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${id} was not found`)
  }
  if (payment === null) {
    res.json({ order_id: id, payment: null })
    return
  }
  const configModule = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const registration = findTbcProvider(configModule, payment.provider_id)
  const base = {
    payment_id: payment.payment_id,
    provider_id: payment.provider_id,
    kind: registration?.kind ?? null,
    amount: payment.amount,
    currency_code: payment.currency_code,
    authorized_at: payment.authorized_at.toISOString(),
    captured_at: payment.captured_at,
    canceled_at: payment.canceled_at,
    // what the bank's answers said happened, kept in the ledger: shown even when the bank is not reachable
    facts: await adminPaymentFacts(req.scope, payment),
    order_edit: await orderEditCaptureView(req.scope, id, payment),
  }
  let checkout: CheckoutBankView | null = null
  let installment: InstallmentBankView | null = null
  let preauth: PreauthView | null = null
  let bankError: BankProblemView | null = null
  try {
    if (!registration) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Provider ${payment.provider_id} is not configured`)
    }
    if (registration.kind === "tbc-checkout") {
      const payId = payment.data.payId
      if (typeof payId !== "string" || payId === "") {
        throw new MedusaError(MedusaError.Types.NOT_FOUND, "The payment has no bank payId")
      }
      // an admin waits: the whole read (token included) stays within the request budget
      const details = await budgetedRead(req, registration).checkout.getPayment(payId)
      checkout = checkoutBankView(details, payment.data.preAuth === true)
      if (checkout.pre_auth) {
        const warningDays = readPreauthWarningDays(registration.options)
        const deadline = preauthDeadline(payment.authorized_at, new Date(), warningDays)
        const awaiting = checkout.status === "WaitingConfirm"
        // Once completed or cancelled the deadline no longer matters: no warning then.
        preauth = {
          ...deadline,
          warning: awaiting && deadline.warning,
          awaiting_completion: awaiting,
          warning_days: warningDays,
        }
      }
    } else {
      const sessionId = await installmentSessionId(req, payment)
      if (!sessionId) {
        throw new MedusaError(MedusaError.Types.NOT_FOUND, "The payment has no installment application")
      }
      const status = await budgetedRead(req, registration).installments.getStatus(sessionId)
      installment = { session_id: sessionId, status_id: status.statusId, description: status.description ?? null }
    }
  } catch (error) {
    bankError =
      error instanceof MedusaError ? { title: error.message, detail: null, status: null } : bankProblemOf(error)
  }
  res.json({ order_id: id, payment: { ...base, checkout, installment, preauth, bank_error: bankError } })
}
