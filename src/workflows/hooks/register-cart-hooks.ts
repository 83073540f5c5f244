/**
 * Registers the plugin's handlers on Medusa's cart workflow hooks (./saved-card-cart.ts) and the
 * order-cancel hook (./held-order-cancel.ts) when
 * Medusa loads the plugin's workflows, except those the store's `skipWorkflowHooks` plugin option
 * lists (src/lib/workflow-hook-options.ts says why a store needs that way out). Medusa reads this
 * file once per process; nothing else imports it.
 */
import { configManager } from "@medusajs/framework/config"
import { logger } from "@medusajs/framework/logger"
import {
  cancelOrderWorkflow,
  completeCartWorkflow,
  transferCartCustomerWorkflow,
  updateCartWorkflow,
} from "@medusajs/medusa/core-flows"
import { skippedWorkflowHooks, type TbcWorkflowHook } from "../../lib/workflow-hook-options"
import { registerTbcCartHooks, type HookRegistrar } from "./saved-card-cart"

/** `<workflow>.<hook>` → the hook's registration function. */
export function hookRegistrars(): Record<TbcWorkflowHook, HookRegistrar | undefined> {
  return {
    "completeCartWorkflow.validate": completeCartWorkflow.hooks.validate as unknown as HookRegistrar,
    "updateCartWorkflow.validate": updateCartWorkflow.hooks.validate as unknown as HookRegistrar,
    "transferCartCustomerWorkflow.validate": transferCartCustomerWorkflow.hooks.validate as unknown as HookRegistrar,
    "cancelOrderWorkflow.orderCanceled": cancelOrderWorkflow.hooks.orderCanceled as unknown as HookRegistrar,
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
