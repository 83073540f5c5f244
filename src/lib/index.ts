/**
 * Package export "./lib": the TBC bank client, the exact money helpers and the words for the
 * bank's codes (method names, checkout and installment status labels) for a storefront to show.
 */
export * from "./tbc"
export * from "./money"
export * from "./labels"
// The bank-contract rules the sandbox bank (packages/sandbox, medusa-payment-tbc-sandbox) shares
// with the plugin: that package imports them from here, so the bank and the client check the
// same rules from one copy.
export { isPurchaseOnly, limitVerdict } from "./checkout-choices"
export { isLoopbackHost } from "./tbc/environment-guard"
