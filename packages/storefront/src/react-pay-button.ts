/**
 * The review step's pay button for a cart whose payment session is TBC's:
 * - the bank's page: a full navigation there (it cannot be framed); the bank sends the shopper to
 *   the return page;
 * - Online Installments: the bank's application page has no way back to the shop, so it opens in a
 *   new tab and the button becomes "I have finished at TBC", a link to the return page;
 * - a saved card has no bank page: completing the cart is the charge, so the order is placed at
 *   once and opened.
 * Given `choice` instead of a cart with a session, it opens the session itself first (the kit's
 * first API, for storefronts whose payment step does not).
 */
import { completeTbcPayment, type CompleteTbcPaymentOptions, type TbcCompletion } from "./complete"
import { asTbcPaymentError, type TbcPaymentError } from "./errors"
import { rememberOrderCart } from "./order-payment"
import { tbcOrderPath, tbcReturnPath } from "./return-view"
import {
  isTbcInstallments,
  isTbcProvider,
  latestSession,
  tbcRedirectUrl,
  type StorePaymentSession,
  type TbcPaymentChoice,
} from "./session"
import { redirectToBank, startTbcPayment } from "./start"
import type { TbcStore } from "./store-actions"
import type { TbcStoreClient } from "./store-client"
import { tbcWords } from "./words"
import { classes, type ClassNames, type Kit, type TbcButtonProps, type TbcComponentProps } from "./react-kit"

/** The cart as the storefront has it: its id, locale and payment sessions. */
export interface TbcPayCart {
  id: string
  locale?: string | null
  payment_collection?: { payment_sessions?: StorePaymentSession[] | null } | null
}

export type TbcPayButtonPart = "root" | "button" | "error" | "note" | "done"

export interface TbcPayButtonProps extends TbcComponentProps {
  /** the cart with its TBC payment session (opened by the payment step) */
  cart?: TbcPayCart
  /** Without a session in the cart: the cart to pay, and the choice to open a session for at the click. */
  cartId?: string
  choice?: TbcPaymentChoice
  /** the kit's first API: the client to open the session with (also the store, when `store` is not given) */
  client?: Pick<
    TbcStoreClient,
    "getCart" | "createPaymentCollection" | "createPaymentSession" | "completeCart" | "getPaymentStatus"
  >
  disabled?: boolean
  className?: string
  classNames?: ClassNames<TbcPayButtonPart>
  /** Button text; default "Pay with TBC" ("Place order" for a saved card) in the locale. */
  label?: string
  /**
   * Draws the button with the storefront's own component, e.g. (props) => <Button size="large" {...props} />;
   * default createTbcReact's `renderButton`, else a plain button.
   */
  renderButton?: (button: TbcButtonProps) => unknown
  /** A saved card's order is placed here; default: remember the cart and open the order's page. */
  onPlaced?: (completion: TbcCompletion) => void
  onError?: (error: TbcPaymentError) => void
  /** Default: a full navigation (redirectToBank). */
  onRedirect?: (url: string) => void
  "data-testid"?: string
  /** For tests: the waits after a refused charge. */
  timing?: Pick<CompleteTbcPaymentOptions, "sleep" | "now">
}

export function reactPayButton<Element>(kit: Kit<Element>) {
  const { React, h } = kit

  /** The review step's button for a TBC session: to the bank's page, a new tab for installments, or (a saved card) the order at once. */
  function TbcPayButton(props: TbcPayButtonProps): Element {
    const [busy, setBusy] = React.useState(false)
    const [error, setError] = React.useState<TbcPaymentError | null>(null)
    const [installmentsOpened, setInstallmentsOpened] = React.useState(false)
    const locale = kit.useLocale(props.locale, props.cart?.locale)
    const words = tbcWords(locale).checkout
    const cn = props.classNames ?? {}
    const cartId = props.cart?.id ?? props.cartId ?? ""
    const sessions = props.cart?.payment_collection?.payment_sessions ?? []
    const session = props.choice
      ? undefined
      : latestSession({
          payment_collection: { payment_sessions: sessions.filter((s) => isTbcProvider(s.provider_id)) },
        })
    const bankPage = tbcRedirectUrl(session ?? null)
    const providerId = props.choice?.providerId ?? session?.provider_id
    const opensBankPage = Boolean(props.choice ? !props.choice.savedCardId : bankPage)

    const failed = (caught: unknown) => {
      const paymentError = asTbcPaymentError(caught)
      setBusy(false)
      setError(paymentError)
      props.onError?.(paymentError)
    }
    const placeOrder = async () => {
      const store = (props.store ?? props.client ?? kit.storeOf(props)) as Pick<
        TbcStore,
        "getPaymentStatus" | "completeCart"
      >
      const completion = await completeTbcPayment(cartId, {
        getPaymentStatus: (id) => store.getPaymentStatus(id),
        completeCart: (id) => store.completeCart(id),
        providerId,
        completeFirst: true,
        ...props.timing,
      })
      if (props.onPlaced) {
        setBusy(false)
        props.onPlaced(completion)
        return
      }
      rememberOrderCart(completion.order.id, cartId)
      kit.navigate(kit.basePathOf(props) + tbcOrderPath(completion.order.id))
    }
    const toBank = (url: string) => (props.onRedirect ?? ((to: string) => redirectToBank(to)))(url)

    /** Returns the click's work (the kit's tests await it; React ignores it). */
    const onClick = (): Promise<void> | void => {
      setError(null)
      if (bankPage && isTbcInstallments(providerId)) {
        // inside the click, before any await, or the browser blocks the new tab as a popup
        globalThis.open?.(bankPage, "_blank")
        setInstallmentsOpened(true)
        return
      }
      setBusy(true)
      if (bankPage) return toBank(bankPage) // stays busy while the browser leaves
      if (!props.choice) return placeOrder().catch(failed)
      const client = props.client as Pick<
        TbcStoreClient,
        "getCart" | "createPaymentCollection" | "createPaymentSession"
      >
      return startTbcPayment(client, cartId, props.choice)
        .then(({ redirectUrl }) => (redirectUrl ? toBank(redirectUrl) : placeOrder()))
        .catch(failed)
    }

    if (installmentsOpened) {
      return h(
        "div",
        { className: classes(props.className, cn.root) },
        h("p", { className: cn.note, "data-testid": "tbc-installments-opened" }, words.installmentsOpened),
        h(
          "a",
          {
            className: cn.done,
            href: kit.basePathOf(props) + tbcReturnPath(cartId),
            "data-testid": "tbc-installments-done",
          },
          words.installmentsDone
        )
      )
    }
    const button: TbcButtonProps = {
      type: "button",
      onClick,
      disabled: Boolean(busy || props.disabled || (!props.choice && !session)),
      isLoading: busy,
      children: busy && opensBankPage ? words.opening : (props.label ?? (opensBankPage ? words.pay : words.placeOrder)),
      "data-testid": props["data-testid"] ?? "tbc-pay-button",
    }
    const { isLoading: _isLoading, children: label, ...native } = button
    const render = props.renderButton ?? kit.renderButton
    return h(
      "div",
      { className: classes(props.className, cn.root) },
      render ? render(button) : h("button", { ...native, className: cn.button }, label),
      error
        ? h("p", { className: cn.error, role: "alert", "data-testid": "tbc-payment-error" }, error.messageIn(locale))
        : null
    )
  }

  return { TbcPayButton }
}
