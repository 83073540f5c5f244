/**
 * Package export "./lib": the TBC bank client, the exact money helpers and the words for the
 * bank's codes (method names, checkout and installment status labels) for a storefront to show.
 */
export * from "./tbc"
export * from "./money"
export * from "./labels"
