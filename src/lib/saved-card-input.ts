/** The saved-card id as a shopper sends it, shared by the store routes and session creation. */
import { z } from "zod/v4"
import { typeRule } from "./zod-problems"

/** One of our SavedCard ids as a shopper sends it (`tbccard_…`). */
export const savedCardIdSchema = z
  .string(typeRule("must be a string"))
  .regex(/^tbccard_[A-Za-z0-9]{1,60}$/, { message: "must be a saved card id (tbccard_…)" })
