/**
 * The control API (not part of the bank) for tests and demos, under /_sandbox:
 *   POST /_sandbox/payments/{payId}/pay {method, outcome:"success"|"decline"|"processing"|"expire", saveCard?}
 *     (processing: paid, the bank still deciding; a later pay call with success/decline/expire ends it)
 *   POST /_sandbox/payments/{payId}/dashboard-return {amount?}
 *     (the merchant returns money in TBC's merchant dashboard: a refund of `amount` GEL, or without
 *     it everything left, a held preauthorization released; the bank then calls back as usual)
 *   POST /_sandbox/installments/{sessionId}/status {statusId}
 *   POST /_sandbox/installments/bulk {count, statusId?}
 *   POST /_sandbox/clock {advanceMs}
 *   POST /_sandbox/faults {...}   (see faults.ts)
 *   GET  /_sandbox/state
 *   POST /_sandbox/reset
 */
import { z } from "zod/v4"
import { fromZodError, majorToMinorExact, safeParseWithInput } from "medusa-payment-tbc/lib"
import { MAX_STATUS_ID, changeApplicationStatus, createApplication, applicationStateView } from "./applications"
import type { SandboxBank } from "./bank"
import { getPayment } from "./checkout-handlers"
import { jsonReply, type Reply, type SandboxRequest } from "./http-io"
import { cancelPayment, payPayment, sweepExpired } from "./payment-machine"
import { detailsView } from "./payment-views"
import { invalid, notFound } from "./problem"
import { buildStateView } from "./state-view"

function parse<T>(schema: z.ZodType<T>, req: SandboxRequest): T {
  const parsed = safeParseWithInput(schema, req.json("sandbox"))
  if (!parsed.success) {
    invalid("sandbox", fromZodError(parsed.error))
  }
  return parsed.data
}

const paySchema = z.object({
  method: z.number().int(),
  outcome: z.enum(["success", "decline", "processing", "expire"]),
  saveCard: z.boolean().optional(),
})

export function controlPayHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const input = parse(paySchema, req)
  const payment = getPayment(bank, req.params.payId)
  payPayment(bank, payment, input)
  return jsonReply(detailsView(bank, payment))
}

const dashboardReturnSchema = z.object({
  amount: z
    .number()
    .positive()
    .refine((amount) => majorToMinorExact(amount) !== null, "must have at most 2 decimals")
    .optional(),
})

/**
 * A refund or cancel the merchant makes in TBC's own dashboard, not through the API: the same rules
 * as the API's cancel (a hold only in full, at most what is left), and the same callback after.
 * Counted apart from the API's calls, so a test can tell that the plugin itself sent nothing.
 */
export function controlDashboardReturnHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const { amount } = parse(dashboardReturnSchema, req)
  const payment = getPayment(bank, req.params.payId)
  cancelPayment(bank, payment, amount === undefined ? undefined : (majorToMinorExact(amount) ?? undefined))
  return jsonReply(detailsView(bank, payment))
}

const statusIdSchema = z.number().int().min(0).max(MAX_STATUS_ID)

export function controlApplicationStatusHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const { statusId } = parse(z.object({ statusId: statusIdSchema }), req)
  const application = bank.store.applications.get(req.params.sessionId)
  if (!application) {
    notFound("sandbox", `application ${req.params.sessionId}`)
  }
  changeApplicationStatus(bank, application, statusId)
  return jsonReply(applicationStateView(application))
}

const bulkSchema = z.object({
  count: z.number().int().min(1).max(1_000_000),
  statusId: statusIdSchema.optional(),
  priceTotal: z.number().positive().optional(),
})

/** Creates `count` applications with one status change each, fast (for sync benchmarks). */
export function controlBulkHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const { count, statusId = 5 } = parse(bulkSchema, req)
  const sessionIds: string[] = []
  for (let i = 0; i < count; i++) {
    const application = createApplication(bank, {
      merchantKey: bank.config.merchantKey,
      invoiceId: `bulk-${i + 1}`,
      priceTotalMinor: 10_000,
      products: [{ name: "Bulk item", price: 100, quantity: 1 }],
    })
    changeApplicationStatus(bank, application, statusId)
    sessionIds.push(application.sessionId)
  }
  // ids only for small batches: a 100,000-id answer would dominate a benchmark
  const ids = count <= 1000 ? { sessionIds } : {}
  return jsonReply({ created: count, statusId, feedSize: bank.store.feed.size, ...ids })
}

const clockSchema = z.object({ advanceMs: z.number().int().min(0) })

export function controlClockHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const { advanceMs } = parse(clockSchema, req)
  const now = bank.store.clock.advance(advanceMs)
  sweepExpired(bank)
  return jsonReply({ now, nowIso: new Date(now).toISOString(), clockOffsetMs: bank.store.clock.offset })
}

export function controlFaultsHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const { revokeTokens } = bank.faults.apply(req.json("sandbox"))
  if (revokeTokens) {
    bank.store.tokens.clear()
  }
  return jsonReply({ faults: bank.faults.view(), revokedTokens: revokeTokens })
}

export function controlStateHandler(bank: SandboxBank): Reply {
  return jsonReply(buildStateView(bank))
}

export function controlResetHandler(bank: SandboxBank): Reply {
  bank.reset()
  return jsonReply({ reset: true })
}

export function healthHandler(bank: SandboxBank): Reply {
  return jsonReply({ ok: true, url: bank.baseUrl, now: bank.now() })
}
