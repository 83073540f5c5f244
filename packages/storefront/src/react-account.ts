/**
 * After the checkout, in React: My Account's saved-cards panel (list and remove, through
 * `GET/DELETE /store/customers/me/tbc-cards`) and an order's payment lines (the method actually
 * used, the card's mask, an installment's status; `GET /store/tbc/orders/:id/payment`). Both load
 * in the browser, so a page rendered on the server shows them once the store has answered.
 */
import { asTbcPaymentError, type TbcPaymentError } from "./errors"
import { orderPaymentLines, rememberedOrderCart, type TbcOrderPayment as OrderPayment } from "./order-payment"
import { savedCardLabel, type TbcSavedCard } from "./save-card"
import { tbcWords } from "./words"
import { classes, type ClassNames, type Kit, type TbcComponentProps } from "./react-kit"

export type TbcSavedCardsPart = "root" | "title" | "list" | "card" | "label" | "remove" | "empty" | "error"

export interface TbcSavedCardsProps extends Omit<TbcComponentProps, "basePath"> {
  className?: string
  classNames?: ClassNames<TbcSavedCardsPart>
  /** false: no heading of its own (the page has one) */
  heading?: boolean
}

export type TbcOrderPaymentPart = "root" | "line" | "label" | "value"

export interface TbcOrderPaymentProps extends Omit<TbcComponentProps, "basePath"> {
  orderId: string
  /**
   * The order's cart id, for a guest; default the one this tab remembered when the kit placed the
   * order (a logged-in customer needs none).
   */
  cartId?: string
  className?: string
  classNames?: ClassNames<TbcOrderPaymentPart>
}

export function reactAccount<Element>(kit: Kit<Element>) {
  const { React, h } = kit

  /** My Account: the customer's saved cards, each with "Remove". Nothing for a guest. */
  function TbcSavedCards(props: TbcSavedCardsProps): Element | null {
    const [cards, setCards] = React.useState<TbcSavedCard[] | null | undefined>(undefined)
    const [removing, setRemoving] = React.useState<string | null>(null)
    const [error, setError] = React.useState<TbcPaymentError | null>(null)
    const locale = kit.useLocale(props.locale)
    const words = tbcWords(locale).account
    const cn = props.classNames ?? {}
    const load = () =>
      kit
        .storeOf(props)
        .listSavedCards()
        .then(setCards, (caught: unknown) => setError(asTbcPaymentError(caught)))
    React.useEffect(() => {
      void load()
    }, [])
    const remove = (card: TbcSavedCard) => {
      setRemoving(card.id)
      setError(null)
      return kit
        .storeOf(props)
        .deleteSavedCard(card.id)
        .then(load, (caught: unknown) => setError(asTbcPaymentError(caught)))
        .then(() => setRemoving(null))
    }
    if (cards === null) return null // a guest: the account page asks them to log in
    return h(
      "section",
      { className: classes(props.className, cn.root), "data-testid": "tbc-saved-cards" },
      props.heading === false ? null : h("h2", { className: cn.title }, words.title),
      cards === undefined
        ? null
        : cards.length === 0
          ? h("p", { className: cn.empty, "data-testid": "tbc-saved-cards-empty" }, words.empty)
          : h(
              "ul",
              { className: cn.list },
              ...cards.map((card) =>
                h(
                  "li",
                  { key: card.id, className: cn.card, "data-testid": "tbc-saved-card-row" },
                  h("span", { className: cn.label }, savedCardLabel(card, locale)),
                  h(
                    "button",
                    {
                      type: "button",
                      className: cn.remove,
                      disabled: removing !== null,
                      onClick: () => remove(card),
                      "data-testid": "tbc-remove-card",
                    },
                    removing === card.id ? words.removing : words.remove
                  )
                )
              )
            ),
      error ? h("p", { className: cn.error, role: "alert" }, error.messageIn(locale)) : null
    )
  }

  /** The order page's TBC lines: "Paid with: Internet bank", "Card: ************1111", an installment's status. */
  function TbcOrderPayment(props: TbcOrderPaymentProps): Element | null {
    const [payment, setPayment] = React.useState<OrderPayment | null>(null)
    const locale = kit.useLocale(props.locale)
    const cn = props.classNames ?? {}
    React.useEffect(() => {
      let live = true
      kit
        .storeOf(props)
        .getOrderPayment(props.orderId, props.cartId ?? rememberedOrderCart(props.orderId))
        .then(
          (answer) => live && setPayment(answer),
          () => live && setPayment(null) // not the shopper's order, or no answer: no lines
        )
      return () => {
        live = false
      }
    }, [props.orderId])
    const lines = orderPaymentLines(payment, locale)
    if (lines.length === 0) return null
    return h(
      "div",
      { className: classes(props.className, cn.root), "data-testid": "tbc-order-payment" },
      ...lines.map((line) =>
        h(
          "div",
          { key: line.label, className: cn.line, "data-testid": "tbc-order-payment-line" },
          h("span", { className: cn.label }, line.label),
          " ",
          h("span", { className: cn.value }, line.value)
        )
      )
    )
  }

  return { TbcSavedCards, TbcOrderPayment }
}
