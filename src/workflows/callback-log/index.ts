/** The callback-log retention workflow the daily job runs (also runnable by hand or from tests). */
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  pruneCallbackLog,
  type PruneCallbackLogInput,
  type PruneCallbackLogResult,
} from "../../use-cases/callback-log/prune"

export {
  pruneCallbackLog,
  type PruneCallbackLogInput,
  type PruneCallbackLogResult,
} from "../../use-cases/callback-log/prune"

const pruneCallbackLogStep = createStep(
  "tbc-prune-callback-log",
  async (input: PruneCallbackLogInput, { container }) =>
    new StepResponse<PruneCallbackLogResult[]>(await pruneCallbackLog(container, input))
)

export const pruneCallbackLogWorkflow = createWorkflow(
  "tbc-prune-callback-log",
  (input: PruneCallbackLogInput) => new WorkflowResponse(pruneCallbackLogStep(input))
)
