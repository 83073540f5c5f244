/**
 * What the return page shows in each state, in the shopper's language: a title, one message, and
 * the ways forward (pay again, back to the cart, …) with their labels. Pure, so every storefront
 * (React or not) shows the same words and never a dead end.
 */
import { TBC_WAYS_FORWARD, TbcPaymentError } from "./errors"
import type { TbcCompletion } from "./complete"
import { installmentStatusText, tbcWords, type TbcWayForward } from "./words"

/** The installment application's status id, as the last payment status named it (absent for a card). */
interface InstallmentStatusOfState {
  installmentStatusId?: number | null
}

export type TbcReturnState =
  /** no cart in the return URL */
  | { status: "idle" }
  /** asking the store whether the bank has decided */
  | ({ status: "completing" } & InstallmentStatusOfState)
  /** the bank has not decided yet (no order): the page keeps asking until its wait's deadline */
  | ({ status: "waiting"; error: TbcPaymentError } & InstallmentStatusOfState)
  | { status: "placed"; completion: TbcCompletion }
  | ({ status: "failed"; error: TbcPaymentError } & InstallmentStatusOfState)

export interface TbcShopperView {
  tone: "progress" | "waiting" | "success" | "error"
  title: string
  message: string
  /** the installment application's status ("Installment: The bank is reviewing your application"), or null */
  detail: { label: string; value: string } | null
  /** the ways forward, main one first (none while confirming or once placed) */
  actions: Array<{ kind: TbcWayForward; label: string }>
}

/** The return page's path in a storefront like Medusa's dtc-starter (below its `/[countryCode]`). */
export const TBC_RETURN_PATH = "/tbc/return"

/** The return page's path for a cart: the bank adds nothing of its own, so the cart id rides in the URL. */
export const tbcReturnPath = (cartId: string): string => `${TBC_RETURN_PATH}?cart=${encodeURIComponent(cartId)}`

/** The order confirmation's path in the dtc-starter (below its `/[countryCode]`). */
export const tbcOrderPath = (orderId: string): string => `/order/${encodeURIComponent(orderId)}/confirmed`

/**
 * Default paths of the ways forward in a storefront like Medusa's dtc-starter (prefix them with
 * the country code there); "retry" reloads the page.
 */
export const TBC_WAY_FORWARD_PATHS: Readonly<Record<Exclude<TbcWayForward, "retry">, string>> = {
  pay_again: "/checkout?step=payment",
  back_to_cart: "/cart",
  back_to_shop: "/",
  orders: "/account/orders",
  place_order: "/checkout?step=review",
}

export function tbcShopperView(state: TbcReturnState, locale?: string | null): TbcShopperView {
  const words = tbcWords(locale)
  const actions = (kinds: readonly TbcWayForward[]) => kinds.map((kind) => ({ kind, label: words.actions[kind] }))
  const id = "installmentStatusId" in state ? state.installmentStatusId : null
  const statusText = typeof id === "number" ? installmentStatusText(id, locale) : null
  const detail = statusText ? { label: words.orderPayment.installment, value: statusText } : null
  switch (state.status) {
    case "completing":
      return { tone: "progress", title: words.titles.confirming, message: words.confirming, detail, actions: [] }
    case "placed":
      return {
        tone: "success",
        title: words.titles.placed,
        message: state.completion.paymentPending ? words.errors.payment_pending : "",
        detail: null,
        actions: [],
      }
    case "waiting":
      return {
        tone: "waiting",
        title: words.titles.waiting,
        message: state.error.messageIn(locale),
        detail,
        actions: actions(TBC_WAYS_FORWARD[state.error.code]),
      }
    case "idle":
    case "failed": {
      const error = state.status === "idle" ? new TbcPaymentError("cart_not_found") : state.error
      return {
        tone: "error",
        title: words.titles.failed,
        message: error.messageIn(locale),
        detail,
        actions: actions(TBC_WAYS_FORWARD[error.code]),
      }
    }
  }
}
