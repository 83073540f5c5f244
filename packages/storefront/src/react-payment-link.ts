/**
 * The page a TBC payment link opens, in React: `useTbcPaymentLink` reads the link (and, while the
 * bank is confirming a payment, reads it again until it is decided); `TbcPaymentLink` shows the
 * order's lines, the amount, the expiry and the link's state in the shopper's words, and its Pay
 * button opens the bank's page. The bank sends the shopper back to the same link, which then shows
 * "paid" (or still "confirming" until the bank's answer is in).
 */
import {
  followTbcPaymentLink,
  payTbcPaymentLink,
  type FollowLinkOptions,
  type TbcPaymentLinkClient,
} from "./payment-link-flow"
import {
  tbcPaymentLinkFromUrl,
  tbcPaymentLinkView,
  type TbcPaymentLinkState,
  type TbcPaymentLinkView,
} from "./payment-link"
import { redirectToBank } from "./start"
import { classes, type ClassNames, type Kit, type TbcButtonProps, type TbcComponentProps } from "./react-kit"

export type { TbcPaymentLinkClient }

export interface UseTbcPaymentLinkOptions extends Omit<FollowLinkOptions, "live"> {
  /**
   * the link (tbcPaymentLinkFromUrl(location.href)); null: the URL names none. No token but
   * `returned`: back from the bank in a tab that did not keep it (a "thank you" without the state).
   */
  link: { linkId: string; token: string | null; returned?: boolean } | null
  client: TbcPaymentLinkClient
}

export type TbcPaymentLinkPart =
  "root" | "title" | "order" | "message" | "lines" | "line" | "amount" | "expires" | "button" | "error"

export interface TbcPaymentLinkProps extends TbcComponentProps {
  /** Unset: read from the page's URL in the browser (the id in the path, `?token=`). */
  linkId?: string
  token?: string
  /** the store client; default createTbcReact's store when it has getPaymentLink (a TbcStoreClient) */
  client?: TbcPaymentLinkClient
  className?: string
  classNames?: ClassNames<TbcPaymentLinkPart>
  /** the storefront's own button (default createTbcReact's `renderButton`, else a plain button) */
  renderButton?: (button: TbcButtonProps) => unknown
  /** Default: a full navigation to the bank's page (redirectToBank). */
  onRedirect?: (url: string) => void
  timing?: Pick<UseTbcPaymentLinkOptions, "sleep" | "now" | "intervalMs" | "timeoutMs">
}

export function reactPaymentLink<Element>(kit: Kit<Element>) {
  const { React, h } = kit

  /** The link's state, read again while the bank confirms a payment; `pay` opens the bank's page. */
  function useTbcPaymentLink(options: UseTbcPaymentLinkOptions): {
    state: TbcPaymentLinkState
    pay: (locale?: string | null) => Promise<string | null>
  } {
    const known = options.link?.token ? { linkId: options.link.linkId, token: options.link.token } : null
    const [kept, setState] = React.useState<TbcPaymentLinkState>({ status: "loading" })
    // a link known only after the first render (read from the URL) is being read; none: why not
    const state: TbcPaymentLinkState = known
      ? kept
      : options.link?.returned
        ? { status: "returned" }
        : { status: "missing" }
    const key = known ? `${known.linkId}:${known.token}` : null
    React.useEffect(() => {
      if (!known) return
      let live = true
      setState({ status: "loading" })
      void followTbcPaymentLink(options.client, known, setState, { ...options, live: () => live })
      return () => {
        live = false
      }
      // once per link: one question loop per page
    }, [key])

    /** Asks the store for the bank's page; the URL to go to, or null (the state then says why). */
    const pay = (locale?: string | null): Promise<string | null> =>
      known && state.status === "loaded"
        ? payTbcPaymentLink(options.client, known, state.link, locale, setState)
        : Promise.resolve(null)
    return { state, pay }
  }

  function TbcPaymentLink(props: TbcPaymentLinkProps): Element {
    const mounted = kit.useMounted()
    const fromUrl = props.linkId === undefined && mounted ? tbcPaymentLinkFromUrl(globalThis.location.href) : null
    const link = props.linkId !== undefined ? { linkId: props.linkId, token: props.token ?? null } : fromUrl
    const client = (props.client ?? kit.storeOf(props)) as TbcPaymentLinkClient
    const { state, pay } = useTbcPaymentLink({ link, client, ...props.timing })
    const locale = kit.useLocale(props.locale)
    const cn = props.classNames ?? {}
    const frame = { className: classes(props.className, cn.root), "data-testid": "tbc-payment-link" }
    if (props.linkId === undefined && !mounted) return h("div", frame)
    const view: TbcPaymentLinkView = tbcPaymentLinkView(state, locale, new Date((props.timing?.now ?? Date.now)()))
    const onClick = (): Promise<void> =>
      pay(locale).then((url) => {
        if (url) (props.onRedirect ?? ((to: string) => redirectToBank(to)))(url)
      })
    const button: TbcButtonProps | null = view.pay
      ? {
          type: "button",
          onClick,
          disabled: view.pay.busy,
          isLoading: view.pay.busy,
          children: view.pay.label,
          "data-testid": "tbc-payment-link-pay",
        }
      : null
    const render = props.renderButton ?? kit.renderButton
    const drawButton = (b: TbcButtonProps) => {
      const { isLoading: _isLoading, children: label, ...native } = b
      return render ? render(b) : h("button", { ...native, className: cn.button }, label)
    }
    return h(
      "div",
      { ...frame, "data-tone": view.tone },
      h("h1", { className: cn.title }, view.title),
      view.order ? h("p", { className: cn.order, "data-testid": "tbc-payment-link-order" }, view.order) : null,
      h(
        "p",
        {
          className: cn.message,
          "data-testid": "tbc-payment-link-message",
          role: view.tone === "error" ? "alert" : undefined,
        },
        view.message
      ),
      view.lines.length > 0
        ? h(
            "ul",
            { className: cn.lines, "data-testid": "tbc-payment-link-lines" },
            ...view.lines.map((line, index) =>
              h("li", { key: String(index), className: cn.line }, `${line.title} ${line.quantity} — ${line.amount}`)
            )
          )
        : null,
      view.amount
        ? h(
            "p",
            { className: cn.amount, "data-testid": "tbc-payment-link-amount" },
            `${view.amount.label}: ${view.amount.value}`
          )
        : null,
      view.expires
        ? h(
            "p",
            { className: cn.expires, "data-testid": "tbc-payment-link-expires" },
            `${view.expires.label}: ${view.expires.value}`
          )
        : null,
      button ? drawButton(button) : null,
      view.error
        ? h("p", { className: cn.error, role: "alert", "data-testid": "tbc-payment-link-error" }, view.error)
        : null
    )
  }

  return { useTbcPaymentLink, TbcPaymentLink }
}
