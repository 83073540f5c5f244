/** Every route of the sandbox: the bank's live paths, the hosted pages and the control API. */
import {
  cancelHandler,
  completionHandler,
  createPaymentHandler,
  deleteCardHandler,
  executionHandler,
  getPaymentHandler,
} from "./checkout-handlers"
import {
  controlApplicationStatusHandler,
  controlBulkHandler,
  controlClockHandler,
  controlFaultsHandler,
  controlPayHandler,
  controlDashboardReturnHandler,
  controlResetHandler,
  controlStateHandler,
  healthHandler,
} from "./control"
import {
  applicationStatusHandler,
  cancelApplicationHandler,
  confirmApplicationHandler,
  createApplicationHandler,
  statusChangesHandler,
  statusChangesSyncHandler,
} from "./installment-handlers"
import { checkoutPageHandler, checkoutSubmitHandler, threeDsSubmitHandler } from "./checkout-page"
import { installmentPageHandler, installmentSubmitHandler } from "./pages"
import { route, type Route } from "./router"
import { checkoutTokenHandler, oauthTokenHandler } from "./tokens"

const PAYMENTS = "/v1/tpay/payments"
const INSTALLMENTS = "/v1/online-installments"

export const SANDBOX_ROUTES: readonly Route[] = [
  route("POST", "/v1/tpay/access-token", "bank", checkoutTokenHandler),
  route("POST", "/oauth/token", "bank", oauthTokenHandler),

  route("POST", PAYMENTS, "bank", createPaymentHandler),
  route("POST", `${PAYMENTS}/execution`, "bank", executionHandler),
  route("GET", `${PAYMENTS}/{payId}`, "bank", getPaymentHandler),
  route("POST", `${PAYMENTS}/{payId}/completion`, "bank", completionHandler),
  route("POST", "/v1/pay/payments/{payId}/completion", "bank", completionHandler),
  route("POST", `${PAYMENTS}/{payId}/cancel`, "bank", cancelHandler),
  route("POST", `${PAYMENTS}/{recId}/delete`, "bank", deleteCardHandler),

  route("POST", `${INSTALLMENTS}/applications`, "bank", createApplicationHandler),
  route("POST", `${INSTALLMENTS}/applications/{sessionId}/cancel`, "bank", cancelApplicationHandler),
  route("POST", `${INSTALLMENTS}/applications/{sessionId}/confirm`, "bank", confirmApplicationHandler),
  route("GET", `${INSTALLMENTS}/applications/{sessionId}/status`, "bank", applicationStatusHandler),
  route("GET", `${INSTALLMENTS}/merchant/applications/status-changes`, "bank", statusChangesHandler),
  route("POST", `${INSTALLMENTS}/merchant/applications/status-changes-sync`, "bank", statusChangesSyncHandler),

  route("GET", "/checkout/{payId}", "page", checkoutPageHandler),
  route("POST", "/checkout/{payId}", "page", checkoutSubmitHandler),
  route("POST", "/checkout/{payId}/3ds", "page", threeDsSubmitHandler),
  route("GET", "/installments/{sessionId}", "page", installmentPageHandler),
  route("POST", "/installments/{sessionId}", "page", installmentSubmitHandler),

  route("POST", "/_sandbox/payments/{payId}/pay", "control", controlPayHandler),
  route("POST", "/_sandbox/payments/{payId}/dashboard-return", "control", controlDashboardReturnHandler),
  route("POST", "/_sandbox/installments/bulk", "control", controlBulkHandler),
  route("POST", "/_sandbox/installments/{sessionId}/status", "control", controlApplicationStatusHandler),
  route("POST", "/_sandbox/clock", "control", controlClockHandler),
  route("POST", "/_sandbox/faults", "control", controlFaultsHandler),
  route("GET", "/_sandbox/state", "control", controlStateHandler),
  route("POST", "/_sandbox/reset", "control", controlResetHandler),
  route("GET", "/_sandbox/health", "control", healthHandler),
  route("GET", "/", "control", healthHandler),
]
