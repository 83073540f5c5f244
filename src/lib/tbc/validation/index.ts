/** Request validators shared by the bank client (before sending) and the sandbox (on receipt). */
export * from "./result"
export * from "./aliases"
export * from "./fields"
export * from "./products"
export * from "./checkout"
export * from "./execution"
export * from "./installments"
