/**
 * Input checks of our own routes, by Medusa's validation middlewares with our schemas
 * (src/api/validators): the routes read `req.validatedQuery` / `req.validatedBody`. Registered
 * after the authentication entries, so a guest hears 401 before any 400 about their input.
 */
import type { MiddlewareRoute } from "@medusajs/framework/http"
import {
  addCardBodySchema,
  attachPayIdBodySchema,
  captureBodySchema,
  emptyBodySchema,
  emptyQuerySchema,
  listQuerySchema,
  notChargedBodySchema,
  orderChangeCaptureBodySchema,
  savedCardChargeBodySchema,
  savedCardsQuerySchema,
  settingsBodySchema,
  syncBodySchema,
} from "../validators/route-schemas"
import { validateBody, validateQuery } from "../validators/validate-request"
import { paymentOptionsQuerySchema } from "../validators/store-tbc-schemas"

const ADMIN_LISTS = [
  "/admin/tbc/callbacks",
  "/admin/tbc/installments/sync-runs",
  "/admin/tbc/installments/failed-changes",
  "/admin/tbc/saved-cards/recording-failures",
  "/admin/tbc/payments/attention",
  "/admin/tbc/ledger-history",
]

export const routeValidatorMiddlewares: MiddlewareRoute[] = [
  ...ADMIN_LISTS.map((matcher): MiddlewareRoute => ({
    method: ["GET"],
    matcher,
    middlewares: [validateQuery(listQuerySchema)],
  })),
  { method: ["GET"], matcher: "/admin/tbc/settings", middlewares: [validateQuery(emptyQuerySchema)] },
  { method: ["POST"], matcher: "/admin/tbc/settings", middlewares: [validateBody(settingsBodySchema)] },
  { method: ["POST"], matcher: "/admin/tbc/installments/sync", middlewares: [validateBody(syncBodySchema)] },
  // the admin's actions on an unresolved ledger entry (src/api/admin/tbc/ledger)
  { method: ["POST"], matcher: "/admin/tbc/ledger/:id/recheck", middlewares: [validateBody(emptyBodySchema)] },
  {
    method: ["POST"],
    matcher: "/admin/tbc/ledger/:id/attach-pay-id",
    middlewares: [validateBody(attachPayIdBodySchema)],
  },
  { method: ["POST"], matcher: "/admin/tbc/ledger/:id/not-charged", middlewares: [validateBody(notChargedBodySchema)] },
  { method: ["POST"], matcher: "/admin/tbc/ledger/:id/release", middlewares: [validateBody(emptyBodySchema)] },
  // a capture for a given amount (less than the hold: one smaller completion)
  { method: ["POST"], matcher: "/admin/tbc/payments/:id/capture", middlewares: [validateBody(captureBodySchema)] },
  // a capture that starts from the order: Medusa's order edit, then the new total from the hold
  {
    method: ["POST"],
    matcher: "/admin/tbc/orders/:id/order-change-capture",
    middlewares: [validateBody(orderChangeCaptureBodySchema)],
  },
  // the store charges the customer's saved card for what the order owes (merchant-initiated)
  {
    method: ["POST"],
    matcher: "/admin/tbc/orders/:id/saved-card-charge",
    middlewares: [validateBody(savedCardChargeBodySchema)],
  },
  {
    method: ["GET"],
    matcher: "/admin/tbc/orders/:id/saved-card-charge",
    middlewares: [validateQuery(emptyQuerySchema)],
  },
  { method: ["GET"], matcher: "/store/customers/me/tbc-cards", middlewares: [validateQuery(savedCardsQuerySchema)] },
  { method: ["POST"], matcher: "/store/customers/me/tbc-cards", middlewares: [validateBody(addCardBodySchema)] },
  // the shopper's return page (no query of its own) and payment step (optionally the cart)
  { method: ["GET"], matcher: "/store/tbc/carts/:id/payment-status", middlewares: [validateQuery(emptyQuerySchema)] },
  { method: ["GET"], matcher: "/store/tbc/payment-options", middlewares: [validateQuery(paymentOptionsQuerySchema)] },
]
