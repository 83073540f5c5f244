/** The fake store's answers and a store client over it, for the complete-payment specs. */
import { INSTALLMENT_STATUS } from "../../../../src/lib/tbc/types"
import { notApprovedYetMessage } from "../../../../src/providers/tbc-installments/service"
import { createTbcStoreClient, type TbcPaymentStatus } from ".."
import { fakeClock, fakeStore } from "./fake-store"

export const CHECKOUT = "pp_tbc-checkout_tbc"
export const INSTALLMENTS = "pp_tbc-installments_tbc"
export const COMPLETE = "POST /store/carts/cart_1/complete"
export const STATUS = "GET /store/tbc/carts/cart_1/payment-status"
/** complete-cart's answer: the order with its payment collections (no payment_status there). */
export const order = (collectionStatus = "completed") => ({
  body: { type: "order", order: { id: "order_1", display_id: 7, payment_collections: [{ status: collectionStatus }] } },
})
/** The payment-status route's answer. */
export const status = (answer: Partial<TbcPaymentStatus> & Pick<TbcPaymentStatus, "status">) => ({
  body: {
    payment_status: {
      cart_id: "cart_1",
      reason: null,
      provider_id: CHECKOUT,
      order_id: null,
      result_code: null,
      ...answer,
    },
  },
})
export const DECIDED = status({ status: "decided" })
export const PENDING = status({ status: "pending", reason: "payment_pending" })
export const INSTALLMENT_PENDING = status({
  status: "pending",
  reason: "installment_pending",
  provider_id: INSTALLMENTS,
})
/** The installments provider's refusal while the application is still open (status InProgress). */
export const NOT_APPROVED_YET = notApprovedYetMessage({
  statusId: INSTALLMENT_STATUS.InProgress,
  description: "In progress",
  raw: {},
})
export const cartWith = (message: string, sessionStatus = "pending", provider_id = CHECKOUT) => ({
  body: {
    type: "cart",
    cart: {
      id: "cart_1",
      payment_collection: {
        id: "paycol_1",
        payment_sessions: [{ id: "payses_1", provider_id, status: sessionStatus, data: {} }],
      },
    },
    error: { message, type: "payment_authorization_error" },
  },
})

export function setup(routes: Parameters<typeof fakeStore>[0]) {
  const store = fakeStore(routes)
  const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk_1", fetch: store.fetch })
  const clock = fakeClock()
  const count = (path: string) => store.calls.filter((call) => call.path === path).length
  const completions = () => count("/store/carts/cart_1/complete")
  const questions = () => count("/store/tbc/carts/cart_1/payment-status")
  return { store, client, clock, completions, questions }
}
