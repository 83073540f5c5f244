/** The fake store's answers and a store client over it, for complete-payment.unit.spec.ts. */
import { INSTALLMENT_STATUS } from "../../lib/tbc/types"
import { notApprovedYetMessage } from "../../providers/tbc-installments/service"
import { createTbcStoreClient } from ".."
import { fakeClock, fakeStore } from "./fake-store"

export const CHECKOUT = "pp_tbc-checkout_tbc"
export const INSTALLMENTS = "pp_tbc-installments_tbc"
export const COMPLETE = "POST /store/carts/cart_1/complete"
/** complete-cart's answer: the order with its payment collections (no payment_status there). */
export const order = (collectionStatus = "completed") => ({
  body: { type: "order", order: { id: "order_1", display_id: 7, payment_collections: [{ status: collectionStatus }] } },
})
/** The installments provider's refusal while the application is still open (status InProgress). */
export const NOT_APPROVED_YET = notApprovedYetMessage({
  statusId: INSTALLMENT_STATUS.InProgress,
  description: "In progress",
  raw: {},
})
export const cartWith = (message: string, status = "pending", provider_id = CHECKOUT) => ({
  body: {
    type: "cart",
    cart: {
      id: "cart_1",
      payment_collection: { id: "paycol_1", payment_sessions: [{ id: "payses_1", provider_id, status, data: {} }] },
    },
    error: { message, type: "payment_authorization_error" },
  },
})

export function setup(routes: Parameters<typeof fakeStore>[0]) {
  const store = fakeStore(routes)
  const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk_1", fetch: store.fetch })
  const clock = fakeClock()
  const completions = () => store.calls.filter((call) => call.path === "/store/carts/cart_1/complete").length
  return { store, client, clock, completions }
}
