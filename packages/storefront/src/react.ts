/**
 * React bindings of the kit, with React passed in (`createTbcReact(React)`) instead of imported:
 * the package then needs no React of its own, and works with whichever React the storefront has.
 *
 *   import * as React from "react"
 *   import { createTbcReact } from "medusa-payment-tbc-storefront/react"
 *   const { TbcPayButton, useTbcReturn } = createTbcReact(React)
 */
import { completeTbcPayment, waitForTbcDecision, type CompleteTbcPaymentOptions, type TbcCompletion } from "./complete"
import { asTbcPaymentError, TbcPaymentError } from "./errors"
import type { TbcReturnState } from "./return-view"
import type { TbcPaymentChoice } from "./session"
import { redirectToBank, startTbcPayment } from "./start"
import type { TbcStoreClient } from "./store-client"
import { tbcWords } from "./words"

export type { TbcReturnState } from "./return-view"

/** The part of React this file uses (React 18 and 19 both fit). */
export interface ReactLike<Element = unknown> {
  createElement(type: string, props: Record<string, unknown> | null, ...children: unknown[]): Element
  useState<S>(initial: S): [S, (value: S) => void]
  useEffect(effect: () => void | (() => void), deps?: readonly unknown[]): void
}

export interface TbcPayButtonProps {
  client: Pick<
    TbcStoreClient,
    "getCart" | "createPaymentCollection" | "createPaymentSession" | "completeCart" | "getPaymentStatus"
  >
  cartId: string
  choice: TbcPaymentChoice
  disabled?: boolean
  className?: string
  /** Button text; default words.ts's "Pay with TBC" in `locale`. */
  label?: string
  /** "en" (default), "ka" or "ru": the button's and errors' words. */
  locale?: string
  /** A saved card pays with no bank page: the order is placed here. */
  onPlaced?: (completion: TbcCompletion) => void
  onError?: (error: TbcPaymentError) => void
  /** Default: a full navigation (redirectToBank). */
  onRedirect?: (url: string) => void
  "data-testid"?: string
}

export interface UseTbcReturnOptions extends Omit<CompleteTbcPaymentOptions, "sleep" | "now" | "completeFirst"> {
  /** The cart (from `cartIdFromReturnUrl(location.href)`); null = nothing to do. */
  cartId: string | null
  /** How long to keep asking once the bank is still deciding (waitForTbcDecision); default 10 min. */
  waitTimeoutMs?: number
}

/** The bank has not decided: no order yet, the store places it when the bank does. */
const isUndecided = (error: TbcPaymentError) => error.code === "payment_pending" || error.code === "installment_pending"

export function createTbcReact<Element>(React: ReactLike<Element>) {
  const h = React.createElement

  /** Starts the payment on click and sends the shopper to the bank; shows the error under it. */
  function TbcPayButton(props: TbcPayButtonProps): Element {
    const [busy, setBusy] = React.useState(false)
    const [error, setError] = React.useState<TbcPaymentError | null>(null)
    const words = tbcWords(props.locale)
    const onClick = async () => {
      setBusy(true)
      setError(null)
      try {
        const { redirectUrl } = await startTbcPayment(props.client, props.cartId, props.choice)
        if (redirectUrl) {
          ;(props.onRedirect ?? ((url: string) => redirectToBank(url)))(redirectUrl)
          return // keep the button disabled while the browser leaves
        }
        // a saved card: completing the cart is the charge
        const completion = await completeTbcPayment(props.cartId, {
          ...props.client,
          providerId: props.choice.providerId,
          completeFirst: true,
        })
        setBusy(false)
        props.onPlaced?.(completion)
      } catch (caught) {
        const paymentError = asTbcPaymentError(caught)
        setBusy(false)
        setError(paymentError)
        props.onError?.(paymentError)
      }
    }
    return h(
      "div",
      { className: props.className },
      h(
        "button",
        {
          type: "button",
          disabled: Boolean(busy || props.disabled),
          onClick,
          "data-testid": props["data-testid"] ?? "tbc-pay-button",
        },
        busy ? words.checkout.opening : (props.label ?? words.checkout.pay)
      ),
      error ? h("p", { role: "alert", "data-testid": "tbc-payment-error" }, error.messageIn(props.locale)) : null
    )
  }

  /**
   * On the return page: asks the store's payment status until the bank decides, then completes the
   * cart once (see complete.ts). Show the state with tbcShopperView(state, locale).
   */
  function useTbcReturn(options: UseTbcReturnOptions): TbcReturnState {
    const [state, setState] = React.useState<TbcReturnState>(
      options.cartId ? { status: "completing" } : { status: "idle" }
    )
    React.useEffect(() => {
      if (!options.cartId) return
      let live = true
      const cartId = options.cartId
      const placed = (completion: TbcCompletion) => live && setState({ status: "placed", completion })
      /** An undecided bank is "waiting" (no order yet; the store places it when the bank decides), never "failed". */
      const ended = (caught: unknown) => {
        const error = asTbcPaymentError(caught)
        if (live) setState(isUndecided(error) ? { status: "waiting", error } : { status: "failed", error })
        return live && isUndecided(error)
      }
      completeTbcPayment(cartId, options)
        .then(placed)
        .catch((caught) => {
          // keep asking (slower, longer) until the bank decides; at that deadline it stays "waiting"
          if (ended(caught))
            return waitForTbcDecision(cartId, { ...options, timeoutMs: options.waitTimeoutMs }).then(placed, ended)
        })
      return () => {
        live = false
      }
      // Once per cart (only options.cartId is a dependency, on purpose): one question loop per page.
    }, [options.cartId])
    return state
  }

  return { TbcPayButton, useTbcReturn }
}
