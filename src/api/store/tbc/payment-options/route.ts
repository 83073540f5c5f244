/**
 * GET /store/tbc/payment-options[?cart_id=cart_…] — the store's TBC providers as a storefront
 * needs them to draw the payment step: `{ payment_options: [{ provider_id, kind, identifier,
 * method, methods, save_cards, holds_money, title, available, unavailable_reason,
 * unavailable_message }] }`
 * (src/use-cases/payment-options.ts). With `cart_id`, a method outside its min/max for that cart is
 * reported unavailable (per-method providers) or left out of `methods` (the all-methods page);
 * the storefront kit hides what is unavailable. Its canOfferSaveCard reads `methods` and
 * `save_cards`. Nothing secret: the same facts the bank's page shows.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { effectiveTbcProviders } from "../../../../use-cases/effective-settings"
import { optionsCartOf, paymentOptionsOf } from "../../../../use-cases/payment-options"
import type { PaymentOptionsQuery } from "../../../validators/store-tbc-schemas"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { cart_id } = (req.validatedQuery ?? {}) as PaymentOptionsQuery
  const cart = cart_id ? await optionsCartOf(req.scope, cart_id) : undefined
  if (cart) res.setHeader("cache-control", "no-store")
  // with the admin's settings in force (methods, saved cards, limits)
  res.json({ payment_options: paymentOptionsOf(await effectiveTbcProviders(req.scope), cart) })
}
