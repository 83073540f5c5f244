/**
 * A refusal for what is under way (CONFLICT) answered 409 with its own words: Medusa's error
 * handler would replace a CONFLICT's message by its idempotency text, and the caller must read why.
 */
import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

export function answerConflict(res: MedusaResponse, error: unknown, code: string): boolean {
  const refusal = error as { type?: string; message?: string } | undefined
  if (refusal?.type !== MedusaError.Types.CONFLICT) return false
  res.status(409).json({ type: "not_allowed", code, message: refusal.message })
  return true
}
