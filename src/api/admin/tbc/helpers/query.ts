/** zod parsing of admin query/params: a rejection is a 400 that names the field and the rule. */
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"

export function parseOrThrow<T extends z.ZodTypeAny>(schema: T, value: unknown, where: string): z.infer<T> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const words = result.error.issues
      .map((issue) => `${issue.path.join(".") || where}: ${issue.message}`)
      .join("; ")
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid ${where}: ${words}`)
  }
  return result.data
}

/** `?limit=` of the list routes: 1..200, default 20; no other query keys. */
export const listQuerySchema = z
  .object({ limit: z.coerce.number().int().min(1).max(200).default(20) })
  .strict()
