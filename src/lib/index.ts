/** Package export "./lib": the TBC bank client and the exact money helpers. */
export * from "./tbc"
export * from "./money"
