/** Pieces shared by the TBC payment providers: option schemas, error mapping, client construction. */
export * from "./options"
export * from "./errors"
export * from "./client"
