/** Guest carts with a tbc-checkout session, for the webhook bench (webhooks.bench.ts). */
import type { AxiosInstance } from "axios"
import type { SeededStore } from "../../integration-tests/utils/seed-store"
import { SHOPPER_ADDRESS } from "../../integration-tests/utils/checkout-store"

/** One guest cart ready to pay, with a tbc-checkout session; returns the bank payId. */
export async function cartWithSession(
  api: AxiosInstance,
  store: SeededStore,
  i: number
): Promise<{ cartId: string; payId: string }> {
  const { data: created } = await api.post("/store/carts", {
    region_id: store.regionId,
    email: `guest${i}@tbc-bench.ge`,
    items: [{ variant_id: store.variantIds[0], quantity: 1 + (i % 3) }],
    shipping_address: SHOPPER_ADDRESS,
    billing_address: SHOPPER_ADDRESS,
  })
  const cartId: string = created.cart.id
  await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.shippingOptionId })
  const { data: collection } = await api.post("/store/payment-collections", { cart_id: cartId })
  const { data: session } = await api.post(
    `/store/payment-collections/${collection.payment_collection.id}/payment-sessions`,
    { provider_id: "pp_tbc-checkout_tbc" }
  )
  const tbc = (session.payment_collection.payment_sessions as { provider_id: string; data: { payId?: string } }[]).find(
    (s) => s.provider_id === "pp_tbc-checkout_tbc"
  )
  if (!tbc?.data.payId) throw new Error(`cart ${cartId}: no tbc-checkout session with a payId`)
  return { cartId, payId: tbc.data.payId }
}
