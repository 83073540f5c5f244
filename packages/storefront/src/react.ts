/**
 * React components of the kit, with React passed in (`createTbcReact(React)`) instead of imported:
 * the package then needs no React of its own, and works with whichever React the storefront has.
 * They render structure only (no styles): class names (`className`, `classNames`) and render props
 * (`renderButton`, `renderAction`) let the storefront's own CSS and components apply. Every word is
 * the kit's, in the shopper's language (en, ka, ru).
 *
 *   import * as React from "react"
 *   import { createTbcReact } from "medusa-payment-tbc-storefront/react"
 *   const tbc = createTbcReact(React, { store, basePath: () => "/ge" })
 *
 * - `useTbcPaymentStep`: the TBC choices for a cart and the saved-card box (`TbcPaymentChoices`,
 *   `TbcSavedCardBox` on their own), and the payment session's data;
 * - `TbcPayButton`: the review step's button (the bank's page, a new tab for installments, a saved
 *   card at once);
 * - `TbcReturn` (`useTbcReturn` underneath): the return page, every state with a way forward;
 * - `TbcSavedCards`: My Account's saved cards, list and remove;
 * - `TbcOrderPayment`: an order's payment lines (method used, card, installment status);
 * - `TbcPaymentLink` (`useTbcPaymentLink` underneath): the page a payment link opens ("pay what you
 *   owe", no login): the order's lines, the amount, the expiry, the link's state, the Pay button.
 */
import { createKit, type ReactLike, type TbcReactOptions } from "./react-kit"
import { reactAccount } from "./react-account"
import { reactPayButton } from "./react-pay-button"
import { reactPaymentStep } from "./react-payment-step"
import { reactReturn } from "./react-return"
import { reactPaymentLink } from "./react-payment-link"

export type { TbcReturnState } from "./return-view"
export type { ReactLike, TbcReactOptions, TbcComponentProps, ClassNames, TbcButtonProps } from "./react-kit"
export { medusaLocaleCookie } from "./react-kit"
export type { TbcPayButtonProps, TbcPayCart, TbcPayButtonPart } from "./react-pay-button"
export type { UseTbcReturnOptions, TbcReturnProps, TbcReturnPart } from "./react-return"
export type {
  UseTbcPaymentStepOptions,
  TbcStepCart,
  TbcPaymentStep,
  TbcPaymentChoicesProps,
  TbcChoicesPart,
  TbcSavedCardBoxProps,
  TbcSavedCardBoxPart,
  TbcSaveCardStatementContext,
} from "./react-payment-step"
export type {
  TbcPaymentLinkClient,
  UseTbcPaymentLinkOptions,
  TbcPaymentLinkProps,
  TbcPaymentLinkPart,
} from "./react-payment-link"
export type { TbcSavedCardsProps, TbcSavedCardsPart, TbcOrderPaymentProps, TbcOrderPaymentPart } from "./react-account"

export function createTbcReact<Element>(React: ReactLike<Element>, options: TbcReactOptions = {}) {
  const kit = createKit(React, options)
  return {
    ...reactPaymentStep(kit),
    ...reactPayButton(kit),
    ...reactReturn(kit),
    ...reactAccount(kit),
    ...reactPaymentLink(kit),
  }
}
