/**
 * The plugin's route middlewares. Each feature keeps its entries in its own file and they are
 * composed here, so features do not edit each other's code.
 */
import { defineMiddlewares } from "@medusajs/framework/http"
import { callbackMiddlewares } from "./tbc-middlewares/callbacks"
import { paidCollectionGuardMiddlewares } from "./tbc-middlewares/paid-collection-guard"
import { installmentProductsMiddlewares } from "./tbc-middlewares/installment-products"
import { installmentsMiddlewares } from "./tbc-middlewares/installments"
import { savedCardsMiddlewares } from "./tbc-middlewares/saved-cards"
import { captureAmountMiddlewares } from "./tbc-middlewares/capture-amount"
import { paymentLockMiddlewares } from "./tbc-middlewares/payment-locks"
import { routeValidatorMiddlewares } from "./tbc-middlewares/route-validators"

export default defineMiddlewares({
  routes: [
    ...callbackMiddlewares,
    // before the session middlewares: no new session on an already paid TBC collection
    ...paidCollectionGuardMiddlewares,
    // feature entries are spread here, e.g. ...callbackMiddlewares
    ...installmentsMiddlewares,
    ...savedCardsMiddlewares,
    // after saved cards, which replaces data: the server-computed products must be the last word
    ...installmentProductsMiddlewares,
    // a TBC checkout payment is captured in full or not at all
    ...captureAmountMiddlewares,
    // admin capture/cancel of a TBC payment wait for the expiring-preauth pass (same lock)
    ...paymentLockMiddlewares,
    // our routes' query/body checks, after the authentication entries above (401 before 400)
    ...routeValidatorMiddlewares,
  ],
})
