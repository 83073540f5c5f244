/**
 * Registers the plugin's handlers on Medusa's cart workflow hooks (./saved-card-cart.ts) when
 * Medusa loads the plugin's workflows, except those the store's `skipWorkflowHooks` plugin option
 * lists (src/lib/workflow-hook-options.ts says why a store needs that way out). Medusa reads this
 * file once per process; nothing else imports it.
 */
import { configManager } from "@medusajs/framework/config"
import { logger } from "@medusajs/framework/logger"
import { completeCartWorkflow, transferCartCustomerWorkflow, updateCartWorkflow } from "@medusajs/medusa/core-flows"
import { skippedWorkflowHooks, type TbcWorkflowHook } from "../../lib/workflow-hook-options"
import { registerTbcCartHooks, type HookRegistrar } from "./saved-card-cart"

/**
 * `<workflow>.<hook>` → the hook's registration function. `beforePaymentAuthorization` is declared
 * by completeCartWorkflow since before 2.18.0 but left out of its type (Medusa's docs mark it
 * internal), hence the lookup by name; should a later Medusa drop it, the completion check falls
 * back to `validate`, which runs before the order is created.
 */
export function hookRegistrars(): Record<TbcWorkflowHook, HookRegistrar | undefined> {
  const complete = completeCartWorkflow.hooks as unknown as Record<string, HookRegistrar | undefined>
  return {
    "completeCartWorkflow.beforePaymentAuthorization": complete.beforePaymentAuthorization ?? complete.validate,
    "updateCartWorkflow.validate": updateCartWorkflow.hooks.validate as unknown as HookRegistrar,
    "transferCartCustomerWorkflow.validate": transferCartCustomerWorkflow.hooks.validate as unknown as HookRegistrar,
  }
}

/** The store's `plugins`, or none when no config was loaded (a script importing the workflows). */
function storePlugins(): unknown {
  try {
    return configManager.config.plugins
  } catch {
    return []
  }
}

const skipped = skippedWorkflowHooks(storePlugins())
registerTbcCartHooks(skipped, hookRegistrars())
if (skipped.length > 0) {
  logger.info(`medusa-payment-tbc: the store handles ${skipped.join(", ")} (skipWorkflowHooks)`)
}
