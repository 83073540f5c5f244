/**
 * Which of Medusa's workflow hooks the plugin takes, read from the plugin's entry in the store's
 * `plugins` (pure: the caller hands in `configModule.plugins`).
 *
 * Why a store needs a way out: Medusa allows ONE handler per hook (a second registration throws
 * "Cannot define multiple hook handlers for the <name> hook" at boot). A store that needs one of
 * these hooks for its own check lists it in the plugin's `skipWorkflowHooks` option and calls the
 * plugin's handler (exported from `medusa-payment-tbc/workflows` as `tbcCartHookHandlers`) from
 * its own, so the saved-card guard still runs.
 */
import { isRecord } from "./tbc/validation"

/** The hooks the plugin takes, as `<workflow>.<hook>`. */
export const TBC_WORKFLOW_HOOKS = [
  "completeCartWorkflow.validate",
  "updateCartWorkflow.validate",
  "transferCartCustomerWorkflow.validate",
  "cancelOrderWorkflow.orderCanceled",
] as const

export type TbcWorkflowHook = (typeof TBC_WORKFLOW_HOOKS)[number]

/**
 * Hooks the plugin took before and no longer does → what to do instead. A store's config naming
 * one stops the boot with this advice rather than the generic list: such a store calls the
 * plugin's handler under the old name from its own hook, and that handler is gone (its call would
 * fail every checkout at run time instead of once at boot).
 */
const RETIRED_WORKFLOW_HOOKS = new Map<unknown, string>([
  [
    "completeCartWorkflow.beforePaymentAuthorization",
    "the plugin's completion check moved to completeCartWorkflow.validate (before Medusa creates the order, " +
      "so a refusal costs no order number): remove the name, or, if the store takes completeCartWorkflow.validate " +
      'itself, list that one and call tbcCartHookHandlers["completeCartWorkflow.validate"] from it',
  ],
])

/** The plugin's package name, as a store's `plugins` entry resolves it (a name or a path ending in it). */
const PLUGIN_RESOLVE = /(^|[\\/])medusa-payment-tbc[\\/]?$/

/**
 * The hooks the store asked the plugin to leave alone. Throws on a value that names no hook of the
 * plugin: a typo would otherwise keep the plugin's handler and fail the store's boot later with
 * Medusa's less telling message.
 */
export function skippedWorkflowHooks(plugins: unknown): TbcWorkflowHook[] {
  if (!Array.isArray(plugins)) return []
  const entry = plugins.find(
    (plugin): plugin is { resolve: string; options?: unknown } =>
      isRecord(plugin) && typeof plugin.resolve === "string" && PLUGIN_RESOLVE.test(plugin.resolve)
  )
  const asked = isRecord(entry?.options) ? entry.options.skipWorkflowHooks : undefined
  if (asked === undefined) return []
  const retired = Array.isArray(asked) ? asked.find((name) => RETIRED_WORKFLOW_HOOKS.has(name)) : undefined
  if (retired !== undefined) {
    throw new Error(`medusa-payment-tbc: skipWorkflowHooks lists ${retired}: ${RETIRED_WORKFLOW_HOOKS.get(retired)}`)
  }
  const known = new Set<string>(TBC_WORKFLOW_HOOKS)
  if (!Array.isArray(asked) || asked.some((name) => typeof name !== "string" || !known.has(name))) {
    throw new Error(
      `medusa-payment-tbc: skipWorkflowHooks must be a list of these hook names: ${TBC_WORKFLOW_HOOKS.join(", ")}`
    )
  }
  return asked as TbcWorkflowHook[]
}
