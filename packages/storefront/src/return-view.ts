/**
 * What the return page shows in each state, in the shopper's language: a title, one message, and
 * the ways forward (pay again, back to the cart, …) with their labels. Pure, so every storefront
 * (React or not) shows the same words and never a dead end.
 */
import { TBC_WAYS_FORWARD, TbcPaymentError } from "./errors"
import type { TbcCompletion } from "./complete"
import { tbcWords, type TbcWayForward } from "./words"

export type TbcReturnState =
  /** no cart in the return URL */
  | { status: "idle" }
  /** asking the store whether the bank has decided */
  | { status: "completing" }
  /** the bank has not decided yet (no order): the page keeps asking until its wait's deadline */
  | { status: "waiting"; error: TbcPaymentError }
  | { status: "placed"; completion: TbcCompletion }
  | { status: "failed"; error: TbcPaymentError }

export interface TbcShopperView {
  tone: "progress" | "waiting" | "success" | "error"
  title: string
  message: string
  /** the ways forward, main one first (none while confirming or once placed) */
  actions: Array<{ kind: TbcWayForward; label: string }>
}

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
  switch (state.status) {
    case "completing":
      return { tone: "progress", title: words.titles.confirming, message: words.confirming, actions: [] }
    case "placed":
      return {
        tone: "success",
        title: words.titles.placed,
        message: state.completion.paymentPending ? words.errors.payment_pending : "",
        actions: [],
      }
    case "waiting":
      return {
        tone: "waiting",
        title: words.titles.waiting,
        message: state.error.messageIn(locale),
        actions: actions(TBC_WAYS_FORWARD[state.error.code]),
      }
    case "idle":
    case "failed": {
      const error = state.status === "idle" ? new TbcPaymentError("cart_not_found") : state.error
      return {
        tone: "error",
        title: words.titles.failed,
        message: error.messageIn(locale),
        actions: actions(TBC_WAYS_FORWARD[error.code]),
      }
    }
  }
}
