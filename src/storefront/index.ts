/**
 * `medusa-payment-tbc/storefront`: TBC payments in any storefront, with no dependencies.
 *
 *   const store = createTbcStoreClient({ backendUrl, publishableKey })
 *   const { redirectUrl } = await startTbcPayment(store, cartId, { providerId, returnUrl })
 *   if (redirectUrl) redirectToBank(redirectUrl)
 *   // on the return page (?cart=…):
 *   const { order } = await completeTbcPayment(cartId, store)
 *   // payment_pending / installment_pending: no order yet; show "waiting for the bank", then
 *   const { order } = await waitForTbcDecision(cartId, store)
 *
 * Errors are TbcPaymentError: `message` is for the shopper, `code` says which case.
 * React: `createTbcReact(React)` from `medusa-payment-tbc/storefront/react`.
 */
export * from "./session"
export * from "./errors"
export * from "./store-client"
export * from "./start"
export * from "./complete"
