/**
 * The payment step in React: the TBC choices for the cart (payment-choices.ts decides which), the
 * saved-card box under a card choice, and the session data the storefront sends when it opens the
 * chosen provider's payment session (the return URL with the cart id, a saved card, "save this card",
 * the shopper's language).
 *
 *   const tbc = useTbcPaymentStep(cart, selected, onSelect)
 *   tbc.others(providers)   // the storefront's own list keeps the providers that are not TBC's
 *   tbc.choices             // the TBC choices, to show beside that list
 *   tbc.sessionData()       // `data` of the payment session the storefront opens
 */
import { tbcBrowserAbilities, tbcChoices, type TbcBrowserAbilities, type TbcChoice } from "./payment-choices"
import { tbcReturnPath } from "./return-view"
import { canOfferSaveCard, savedCardLabel, type TbcPaymentOption, type TbcSavedCard } from "./save-card"
import { isTbcProvider, tbcSessionData } from "./session"
import { tbcWords } from "./words"
import { classes, type ClassNames, type Kit, type TbcComponentProps } from "./react-kit"

/** Identifiers that pay with a saved card: the all-methods page and the card's own provider. */
const SAVED_CARD_IDENTIFIERS = ["tbc-checkout", "tbc-card"]
const paysWithSavedCard = (option: TbcPaymentOption | undefined) =>
  Boolean(option && option.kind === "checkout" && SAVED_CARD_IDENTIFIERS.includes(option.identifier ?? "tbc-checkout"))

/** What the saved-card box's extra statements are told (e.g. a consent line when a card is saved). */
export interface TbcSaveCardStatementContext {
  /** "save this card" is ticked */
  saveCard: boolean
  /** the shopper pays with this saved card */
  savedCardId: string | undefined
  /** this payment only holds the money */
  holdsMoney: boolean
  locale: string | null
}

export type TbcSavedCardBoxPart = "root" | "card" | "newCard" | "save" | "note" | "consent"

export interface TbcSavedCardBoxProps {
  cards: readonly TbcSavedCard[]
  savedCardId: string | undefined
  onSavedCardChange: (cardId: string | undefined) => void
  /** null: no "save this card" (a guest, saving off, or no method of the page saves a card) */
  saveCard: boolean | null
  onSaveCardChange: (save: boolean) => void
  /**
   * The second, explicit tick under a ticked "save this card": the store may charge the card for
   * what an order still owes (words `checkout.saveCardMerchantCharges`). Undefined: not offered.
   */
  merchantCharges?: boolean
  onMerchantChargesChange?: (agreed: boolean) => void
  /** this payment only holds the money: a card saved with it pays once the shop has taken it */
  holdsMoney: boolean
  locale?: string | null
  classNames?: ClassNames<TbcSavedCardBoxPart>
  /** The place for the store's extra statements under the box (e.g. consent to later charges). */
  statements?: (context: TbcSaveCardStatementContext) => unknown
}

export type TbcChoicesPart = "root" | "choice" | "selected" | "label" | "title" | "note"

export interface TbcPaymentChoicesProps {
  choices: readonly TbcChoice[]
  selected: string | null | undefined
  onSelect: (providerId: string) => void
  locale?: string | null
  classNames?: ClassNames<TbcChoicesPart>
  /** Drawn under the selected choice (the saved-card box). */
  under?: (choice: TbcChoice) => unknown
}

/** The cart as the payment step needs it: its id, and its `locale` for the words. */
export interface TbcStepCart {
  id: string
  locale?: string | null
  /** Medusa's cart total (GEL, e.g. 40.5): the amount the browser is asked about Google Pay with */
  total?: number | null
}

export interface UseTbcPaymentStepOptions extends TbcComponentProps {
  /**
   * the providers to choose among (the region's); unset: every option the store reports available
   * for the cart (it leaves out those its region does not enable)
   */
  providers?: ReadonlyArray<string | { id: string }>
  classNames?: ClassNames<TbcChoicesPart> & { box?: ClassNames<TbcSavedCardBoxPart> }
  /** see TbcSavedCardBoxProps.statements */
  saveCardStatements?: TbcSavedCardBoxProps["statements"]
  /**
   * Offer the consent to charges by the store under "save this card" (for a store that charges
   * saved cards for what an order owes, from its admin). Never ticked for the shopper.
   */
  offerMerchantCharges?: boolean
  /** For tests: the browser's wallets (default: what tbcBrowserAbilities() finds). */
  abilities?: TbcBrowserAbilities
}

export interface TbcPaymentStep<Element> {
  /** the chosen provider is TBC's: open a new session each time (the card choice or "save" may have changed) */
  isTbc: boolean
  /** `providers` without TBC's: the storefront's own list shows these */
  others<T extends { id: string }>(providers: readonly T[]): T[]
  /** `data` for the chosen provider's payment session ({} for a provider that is not TBC's) */
  sessionData(): Record<string, unknown>
  /** the TBC choices (null until the store answered) */
  choices: Element | null
}

export function reactPaymentStep<Element>(kit: Kit<Element>) {
  const { React, h } = kit

  // TbcSavedCardBox and TbcPaymentChoices hold no state: the hook draws them by calling them.

  /** The saved cards, "a new card", "save this card" (with the hold's caveat) and the store's statements. */
  function TbcSavedCardBox(props: TbcSavedCardBoxProps): Element {
    const words = tbcWords(props.locale).checkout
    const cn = props.classNames ?? {}
    const radio = (
      key: string,
      checked: boolean,
      onChange: () => void,
      testId: string,
      text: string,
      className?: string
    ) =>
      h(
        "label",
        { key, className },
        h("input", { type: "radio", name: "tbc-card", checked, onChange, "data-testid": testId }),
        h("span", null, text)
      )
    const context: TbcSaveCardStatementContext = {
      saveCard: props.saveCard === true,
      savedCardId: props.savedCardId,
      holdsMoney: props.holdsMoney,
      locale: props.locale ?? null,
    }
    return h(
      "div",
      { className: cn.root, "data-testid": "tbc-card-options" },
      ...props.cards.map((card) =>
        radio(
          card.id,
          props.savedCardId === card.id,
          () => props.onSavedCardChange(card.id),
          "tbc-saved-card",
          savedCardLabel(card, props.locale),
          cn.card
        )
      ),
      props.cards.length > 0
        ? radio(
            "new",
            !props.savedCardId,
            () => props.onSavedCardChange(undefined),
            "tbc-new-card",
            words.newCard,
            cn.newCard
          )
        : null,
      props.saveCard !== null && !props.savedCardId
        ? h(
            "label",
            { className: cn.save },
            h("input", {
              type: "checkbox",
              checked: props.saveCard,
              onChange: (event: { target: { checked: boolean } }) => props.onSaveCardChange(event.target.checked),
              "data-testid": "tbc-save-card",
            }),
            h("span", null, words.saveCard)
          )
        : null,
      props.saveCard === true && !props.savedCardId && props.merchantCharges !== undefined
        ? h(
            "label",
            { className: cn.consent },
            h("input", {
              type: "checkbox",
              checked: props.merchantCharges,
              onChange: (event: { target: { checked: boolean } }) =>
                props.onMerchantChargesChange?.(event.target.checked),
              "data-testid": "tbc-merchant-charges",
            }),
            h("span", null, words.saveCardMerchantCharges)
          )
        : null,
      props.saveCard !== null && !props.savedCardId && props.holdsMoney
        ? h("p", { className: cn.note, "data-testid": "tbc-save-card-caveat" }, words.saveCardAfterCapture)
        : null,
      props.statements ? props.statements(context) : null
    )
  }

  /** The TBC choices as radio buttons, each with its title, the hold's note, and (selected) what goes under it. */
  function TbcPaymentChoices(props: TbcPaymentChoicesProps): Element {
    const words = tbcWords(props.locale).checkout
    const cn = props.classNames ?? {}
    return h(
      "div",
      { className: cn.root, "data-testid": "tbc-payment-choices" },
      ...props.choices.map((choice) => {
        const selected = choice.providerId === props.selected
        return h(
          "div",
          {
            key: choice.providerId,
            className: classes(cn.choice, selected && cn.selected),
            "data-testid": `tbc-choice-${choice.providerId}`,
          },
          h(
            "label",
            { className: cn.label },
            h("input", {
              type: "radio",
              name: "tbc-payment-choice",
              value: choice.providerId,
              checked: selected,
              onChange: () => props.onSelect(choice.providerId),
            }),
            h("span", { className: cn.title }, choice.title)
          ),
          choice.holdsMoney ? h("p", { className: cn.note, "data-testid": "tbc-holds-money" }, words.holdsMoney) : null,
          selected && props.under ? props.under(choice) : null
        )
      })
    )
  }

  /**
   * The payment step's TBC part: the choices, the saved-card box, and the session data of the
   * choice. `selected` is the storefront's chosen provider; `onSelect` its setter, called with a
   * TBC choice's provider id.
   */
  function useTbcPaymentStep(
    cart: TbcStepCart,
    selected: string | null | undefined,
    onSelect: (providerId: string) => void,
    options: UseTbcPaymentStepOptions = {}
  ): TbcPaymentStep<Element> {
    const [paymentOptions, setPaymentOptions] = React.useState<TbcPaymentOption[] | null>(null)
    const [savedCards, setSavedCards] = React.useState<TbcSavedCard[] | null>(null)
    const [savedCardId, setSavedCardId] = React.useState<string | undefined>(undefined)
    const [saveCard, setSaveCard] = React.useState(false)
    const [merchantCharges, setMerchantCharges] = React.useState(false)
    const [abilities, setAbilities] = React.useState<TbcBrowserAbilities | null>(options.abilities ?? null)
    const locale = kit.useLocale(options.locale, cart.locale)
    const cartId = cart.id

    React.useEffect(() => {
      let live = true
      const store = kit.storeOf(options)
      if (options.abilities) setAbilities(options.abilities)
      else
        tbcBrowserAbilities(undefined, { amountTetri: Math.round((cart.total ?? 0) * 100) }).then(
          (found) => live && setAbilities(found),
          () => live && setAbilities({ applePay: false, googlePay: false })
        )
      // no options, no TBC choice: a store that cannot answer shows the storefront's other choices
      store.getPaymentOptions(cartId).then(
        (answer) => live && setPaymentOptions(answer),
        () => live && setPaymentOptions([])
      )
      store.listSavedCards().then(
        (cards) => live && setSavedCards(cards),
        () => live && setSavedCards(null)
      )
      return () => {
        live = false
      }
    }, [cartId])

    const choices =
      paymentOptions && abilities
        ? tbcChoices(paymentOptions, { providers: options.providers, abilities, locale })
        : null
    const chosen = choices?.find((choice) => choice.providerId === selected)
    const cards = paysWithSavedCard(chosen?.option) ? (savedCards ?? []) : []
    const payingWith = cards.some((card) => card.id === savedCardId) ? savedCardId : undefined
    const canSave = canOfferSaveCard({
      providerId: selected,
      option: chosen?.option,
      loggedIn: savedCards !== null,
      savedCardId: payingWith,
    })

    const box = (choice: TbcChoice) =>
      choice.kind === "checkout" && (cards.length > 0 || canSave)
        ? TbcSavedCardBox({
            cards,
            savedCardId: payingWith,
            onSavedCardChange: setSavedCardId,
            saveCard: canSave ? saveCard : null,
            onSaveCardChange: (save: boolean) => {
              setSaveCard(save)
              if (!save) setMerchantCharges(false) // the consent goes with the card it was given for
            },
            ...(options.offerMerchantCharges ? { merchantCharges, onMerchantChargesChange: setMerchantCharges } : {}),
            holdsMoney: choice.holdsMoney,
            locale,
            classNames: options.classNames?.box,
            statements: options.saveCardStatements,
          })
        : null

    return {
      isTbc: isTbcProvider(selected),
      others: (providers) => providers.filter((provider) => !isTbcProvider(provider.id)),
      sessionData: () =>
        selected
          ? tbcSessionData({
              providerId: selected,
              returnUrl: new URL(kit.basePathOf(options) + tbcReturnPath(cartId), globalThis.location.origin).href,
              saveCard: canSave && saveCard,
              merchantChargesConsent: Boolean(options.offerMerchantCharges && canSave && saveCard && merchantCharges),
              savedCardId: payingWith,
              locale,
            })
          : {},
      choices: choices
        ? TbcPaymentChoices({
            choices,
            selected,
            onSelect,
            locale,
            classNames: options.classNames,
            under: box,
          })
        : null,
    }
  }

  return { useTbcPaymentStep, TbcPaymentChoices, TbcSavedCardBox }
}
