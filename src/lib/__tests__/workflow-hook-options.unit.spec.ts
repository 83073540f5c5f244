/** Reading the store's `skipWorkflowHooks` option from its `plugins` (src/lib/workflow-hook-options.ts). */
import { skippedWorkflowHooks, TBC_WORKFLOW_HOOKS } from "../workflow-hook-options"

describe("skippedWorkflowHooks", () => {
  it("skips nothing when the plugin is listed by name, without options, or not at all", () => {
    expect(skippedWorkflowHooks(["medusa-payment-tbc"])).toEqual([])
    expect(skippedWorkflowHooks([{ resolve: "medusa-payment-tbc" }])).toEqual([])
    expect(skippedWorkflowHooks(undefined)).toEqual([])
    expect(skippedWorkflowHooks([{ resolve: "other-plugin", options: { skipWorkflowHooks: ["x"] } }])).toEqual([])
  })

  it("reads the list from the plugin's entry, by package name or a path ending in it", () => {
    const skip = ["updateCartWorkflow.validate"]
    expect(skippedWorkflowHooks([{ resolve: "medusa-payment-tbc", options: { skipWorkflowHooks: skip } }])).toEqual(
      skip
    )
    expect(
      skippedWorkflowHooks([
        { resolve: "../plugins/medusa-payment-tbc", options: { skipWorkflowHooks: [...TBC_WORKFLOW_HOOKS] } },
      ])
    ).toEqual([...TBC_WORKFLOW_HOOKS])
  })

  it.each([[["completeCartWorkflow.orderCreated"]], ["updateCartWorkflow.validate"], [[42]], [["toString"]]])(
    "refuses %j, naming the hooks it may list",
    (value) => {
      expect(() =>
        skippedWorkflowHooks([{ resolve: "medusa-payment-tbc", options: { skipWorkflowHooks: value } }])
      ).toThrow(/skipWorkflowHooks must be a list of these hook names: completeCartWorkflow.validate, /)
    }
  )

  it("refuses the hook the completion check left, saying where it went and what to list instead", () => {
    const retired = ["updateCartWorkflow.validate", "completeCartWorkflow.beforePaymentAuthorization"]
    expect(() =>
      skippedWorkflowHooks([{ resolve: "medusa-payment-tbc", options: { skipWorkflowHooks: retired } }])
    ).toThrow(
      /lists completeCartWorkflow.beforePaymentAuthorization: the plugin's completion check moved to completeCartWorkflow.validate .*list that one and call tbcCartHookHandlers\["completeCartWorkflow.validate"\]/
    )
  })
})
