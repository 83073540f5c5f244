/**
 * `medusa-payment-tbc-storefront`: TBC payments in any storefront, with no dependencies.
 *
 *   const store = createTbcStoreClient({ backendUrl, publishableKey })
 *   const { redirectUrl } = await startTbcPayment(store, cartId, { providerId, returnUrl })
 *   if (redirectUrl) redirectToBank(redirectUrl)
 *   // on the return page (?cart=…): asks the read-only payment status, completes once decided
 *   const { order } = await completeTbcPayment(cartId, store)
 *   // payment_pending / installment_pending: no order yet; show "waiting for the bank", then
 *   const { order } = await waitForTbcDecision(cartId, store)
 *
 * Errors are TbcPaymentError: `message` is for the shopper (English), `messageIn("ka" | "ru")` in
 * Georgian or Russian, `code` says which case. `tbcShopperView(state, locale)` gives a return
 * page's title, message and ways forward. React: `createTbcReact(React)` from
 * `medusa-payment-tbc-storefront/react`. The order page: `store.getOrderPayment(orderId, cartId)`
 * and `orderPaymentLines(payment, locale)` (card mask and method only). A payment link's page
 * ("pay what you owe", no login): `tbcPaymentLinkFromUrl(location.href)`, `store.getPaymentLink`,
 * `tbcPaymentLinkView(state, locale)`, `store.payPaymentLink`.
 */
export * from "./session"
export * from "./errors"
export * from "./words"
export * from "./status"
export * from "./store-client"
export * from "./start"
export * from "./complete"
export * from "./return-view"
export * from "./save-card"
export * from "./order-payment"
export * from "./payment-choices"
export * from "./store-actions"
export * from "./payment-link"
export * from "./payment-link-flow"
