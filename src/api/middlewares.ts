/**
 * The plugin's route middlewares. Each feature keeps its entries in its own file and they are
 * composed here, so features do not edit each other's code.
 */
import { defineMiddlewares } from "@medusajs/framework/http"
import { callbackMiddlewares } from "./tbc-middlewares/callbacks"
import { paymentSessionMiddlewares } from "./tbc-middlewares/payment-sessions"
import { savedCardsMiddlewares } from "./tbc-middlewares/saved-cards"
import { savedCardOwnerMiddlewares } from "./tbc-middlewares/saved-card-owner"
import { routeValidatorMiddlewares } from "./tbc-middlewares/route-validators"
import { orderPaymentMiddlewares } from "./tbc-middlewares/order-payment"
import { heldOrderChangeMiddlewares } from "./tbc-middlewares/held-order-changes"
import { paymentLinkMiddlewares } from "./tbc-middlewares/payment-links"

export default defineMiddlewares({
  routes: [
    ...callbackMiddlewares,
    // session creation runs the plugin's workflow (paid-collection guard, products, saved card, application row)
    ...paymentSessionMiddlewares,
    ...savedCardsMiddlewares,
    // a saved-card cart is completed by the card's owner only (the caller, which only the route
    // knows; the cart checks themselves run in Medusa's workflow hooks, src/workflows/hooks)
    ...savedCardOwnerMiddlewares,
    // our routes' query/body checks, after the authentication entries above (401 before 400)
    ...routeValidatorMiddlewares,
    // the shopper's order page: card mask and method, to the order's customer or cart holder
    ...orderPaymentMiddlewares,
    // Medusa's confirmations of an order edit, return, claim or exchange would cancel a held TBC
    // payment: refused while it is held
    ...heldOrderChangeMiddlewares,
    // TBC payment links: the admin's and the shopper's checks (the shopper's token out of the log)
    ...paymentLinkMiddlewares,
  ],
})
