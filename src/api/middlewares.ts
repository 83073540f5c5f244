/**
 * The plugin's route middlewares. Each feature keeps its entries in its own file and they are
 * composed here, so features do not edit each other's code.
 */
import { defineMiddlewares } from "@medusajs/framework/http"
import { callbackMiddlewares } from "./tbc-middlewares/callbacks"
import { installmentProductsMiddlewares } from "./tbc-middlewares/installment-products"
import { installmentsMiddlewares } from "./tbc-middlewares/installments"
import { savedCardsMiddlewares } from "./tbc-middlewares/saved-cards"

export default defineMiddlewares({
  routes: [
    ...callbackMiddlewares,
    // feature entries are spread here, e.g. ...callbackMiddlewares
    ...installmentsMiddlewares,
    ...savedCardsMiddlewares,
    // after saved cards, which replaces data: the server-computed products must be the last word
    ...installmentProductsMiddlewares,
  ],
})
