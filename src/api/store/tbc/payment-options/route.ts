/**
 * GET /store/tbc/payment-options — the store's TBC providers as a storefront needs them to draw
 * the payment step: `{ payment_options: [{ provider_id, kind, methods, save_cards }] }` (checkout:
 * the methods its bank page offers and whether cards are saved for logged-in customers). The kit's
 * canOfferSaveCard reads it, so "save this card" shows only where the bank can save one.
 * Nothing secret: the same facts the bank's page shows.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { effectiveTbcProviders } from "../../../../app/effective-settings"
import { parseCheckoutOptions } from "../../../../providers/tbc-checkout/options"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  // with the admin's settings in force (methods, saved cards)
  const payment_options = (await effectiveTbcProviders(req.scope)).map((registration) => {
    if (registration.kind === "tbc-installments") {
      return { provider_id: registration.providerId, kind: "installments", methods: [], save_cards: false }
    }
    const options = parseCheckoutOptions(registration.options)
    return {
      provider_id: registration.providerId,
      kind: "checkout",
      methods: [...options.methods],
      save_cards: options.saveCards,
    }
  })
  res.json({ payment_options })
}
