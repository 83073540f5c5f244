/**
 * The return page in React: `useTbcReturn` waits for the bank and completes the cart once (see
 * complete.ts); `TbcReturn` shows every state in the shopper's words with a way forward, the
 * installment application's status while it waits, and opens the order once it is placed.
 */
import { completeTbcPayment, waitForTbcDecision, type CompleteTbcPaymentOptions, type TbcCompletion } from "./complete"
import { asTbcPaymentError, TbcPaymentError } from "./errors"
import { cartIdFromReturnUrl } from "./session"
import { rememberOrderCart } from "./order-payment"
import {
  TBC_WAY_FORWARD_PATHS,
  tbcOrderPath,
  tbcShopperView,
  type TbcReturnState,
  type TbcShopperView,
} from "./return-view"
import type { TbcPaymentStatus } from "./status"
import type { TbcStore } from "./store-actions"
import { classes, type ClassNames, type Kit, type TbcComponentProps } from "./react-kit"

export interface UseTbcReturnOptions
  extends
    Omit<CompleteTbcPaymentOptions, "sleep" | "now" | "completeFirst" | "getPaymentStatus" | "completeCart">,
    Partial<Pick<CompleteTbcPaymentOptions, "getPaymentStatus" | "completeCart" | "sleep" | "now">> {
  /** The cart (from `cartIdFromReturnUrl(location.href)`); null = nothing to do. */
  cartId: string | null
  /** How long to keep asking once the bank is still deciding (waitForTbcDecision); default 10 min. */
  waitTimeoutMs?: number
  /** Where getPaymentStatus and completeCart come from when not given; default createTbcReact's store. */
  store?: TbcStore
}

export type TbcReturnPart = "root" | "title" | "message" | "detail" | "actions" | "action" | "mainAction"

export interface TbcReturnProps extends TbcComponentProps {
  /**
   * the `cart` of the return URL; anything but a cart id shows "we could not find this checkout".
   * Unset: read from the page's URL (`?cart=`) in the browser.
   */
  cartId?: string | null
  className?: string
  classNames?: ClassNames<TbcReturnPart>
  /** Once placed; default: remember the cart for the order page and open `<basePath>/order/<id>/confirmed`. */
  onPlaced?: (completion: TbcCompletion) => void
  /** Draws one way forward (a link or a button of the storefront's own); default a plain link. */
  renderAction?: (action: TbcShopperView["actions"][number], link: { href: string | null; main: boolean }) => unknown
  /** For tests: the waits of the status questions. */
  timing?: Pick<UseTbcReturnOptions, "sleep" | "now" | "timeoutMs" | "intervalMs" | "waitTimeoutMs">
}

/** The bank has not decided: no order yet, the store places it when the bank does. */
const isUndecided = (error: TbcPaymentError) => error.code === "payment_pending" || error.code === "installment_pending"
const CART_ID = /^cart_[A-Za-z0-9]+$/

export function reactReturn<Element>(kit: Kit<Element>) {
  const { React, h } = kit

  /**
   * On the return page: asks the store's payment status until the bank decides, then completes the
   * cart once (see complete.ts). Show the state with tbcShopperView(state, locale), or use TbcReturn.
   */
  function useTbcReturn(options: UseTbcReturnOptions): TbcReturnState {
    const [state, setState] = React.useState<TbcReturnState>(
      options.cartId ? { status: "completing" } : { status: "idle" }
    )
    // the application's status as the last answer named it (installments only), shown while waiting
    const [installmentStatusId, setInstallmentStatusId] = React.useState<number | null>(null)
    React.useEffect(() => {
      if (!options.cartId) return
      let live = true
      const cartId = options.cartId
      if (state.status !== "completing") setState({ status: "completing" }) // a cart id known only now
      const store = options.getPaymentStatus && options.completeCart ? undefined : kit.storeOf(options)
      const asking: CompleteTbcPaymentOptions = {
        ...options,
        getPaymentStatus: options.getPaymentStatus ?? ((id) => store!.getPaymentStatus(id)),
        completeCart: options.completeCart ?? ((id) => store!.completeCart(id)),
        onStatus: (status: TbcPaymentStatus) => {
          options.onStatus?.(status)
          if (live) setInstallmentStatusId(status.installment_status_id ?? null)
        },
      }
      const placed = (completion: TbcCompletion) => live && setState({ status: "placed", completion })
      /** An undecided bank is "waiting" (no order; the store places it when the bank decides), never "failed". */
      const ended = (caught: unknown) => {
        const error = asTbcPaymentError(caught)
        if (live) setState(isUndecided(error) ? { status: "waiting", error } : { status: "failed", error })
        return live && isUndecided(error)
      }
      completeTbcPayment(cartId, asking)
        .then(placed)
        .catch((caught) => {
          // keep asking (slower, longer) until the bank decides; at that deadline it stays "waiting"
          if (ended(caught))
            return waitForTbcDecision(cartId, { ...asking, timeoutMs: options.waitTimeoutMs }).then(placed, ended)
        })
      return () => {
        live = false
      }
      // Once per cart (only options.cartId is a dependency, on purpose): one question loop per page.
    }, [options.cartId])
    // a cart id known only after the first render (read from the URL) is being asked about
    const current: TbcReturnState = options.cartId && state.status === "idle" ? { status: "completing" } : state
    if (current.status === "idle" || current.status === "placed" || installmentStatusId === null) return current
    return { ...current, installmentStatusId }
  }

  /**
   * The return page: waits, completes, opens the order; every other ending in words with a way
   * forward. What depends on the browser (the URL's cart, the cookie's language, the base path) is
   * drawn from the first effect on; until then the page is its empty frame, the same on the server.
   */
  function TbcReturn(props: TbcReturnProps): Element {
    const mounted = kit.useMounted()
    const given = props.cartId === undefined && mounted ? cartIdFromReturnUrl(globalThis.location.href) : props.cartId
    const cartId = typeof given === "string" && CART_ID.test(given) ? given : null
    const state = useTbcReturn({ cartId, store: props.store, ...props.timing })
    const locale = kit.useLocale(props.locale)
    const placedOrderId = state.status === "placed" ? state.completion.order.id : null
    React.useEffect(() => {
      if (state.status !== "placed" || !cartId) return
      if (props.onPlaced) {
        props.onPlaced(state.completion)
        return
      }
      rememberOrderCart(state.completion.order.id, cartId)
      kit.navigate(kit.basePathOf(props) + tbcOrderPath(state.completion.order.id))
    }, [placedOrderId])
    const cn = props.classNames ?? {}
    const frame = { className: classes(props.className, cn.root), "data-testid": "tbc-return" }
    if (props.cartId === undefined && !mounted) return h("div", frame)
    const view = tbcShopperView(state, locale)
    const base = kit.basePathOf(props)
    const action = (item: TbcShopperView["actions"][number], index: number) => {
      const href = item.kind === "retry" ? null : base + TBC_WAY_FORWARD_PATHS[item.kind]
      if (props.renderAction) return props.renderAction(item, { href, main: index === 0 })
      const className = classes(cn.action, index === 0 && cn.mainAction)
      const common = { key: item.kind, className, "data-testid": `tbc-${item.kind}` }
      return href === null
        ? h("button", { ...common, type: "button", onClick: () => globalThis.location.reload() }, item.label)
        : h("a", { ...common, href }, item.label)
    }
    return h(
      "div",
      { ...frame, "data-tone": view.tone },
      h("h1", { className: cn.title }, view.title),
      view.message
        ? h(
            "p",
            {
              className: cn.message,
              "data-testid": "tbc-return-message",
              role: view.tone === "error" ? "alert" : undefined,
            },
            view.message
          )
        : null,
      view.detail
        ? h(
            "p",
            { className: cn.detail, "data-testid": "tbc-return-detail" },
            `${view.detail.label}: ${view.detail.value}`
          )
        : null,
      view.actions.length > 0 ? h("div", { className: cn.actions }, ...view.actions.map(action)) : null
    )
  }

  return { useTbcReturn, TbcReturn }
}
