/**
 * The plugin's handlers of Medusa's cart workflow hooks on a fake container (Alice's cart), and
 * their registration: the completion check judges the cart against its own customer; an update or
 * transfer that changes who orders or where the goods go deletes the saved-card sessions before
 * Medusa writes it; a store can take any of the hooks itself. Through Medusa's real workflows:
 * integration-tests/http/checkout-saved-card-owner.app.ts.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { SAVED_CARD_OWNER_MESSAGES } from "../../../lib/saved-card-owner"
import { PAYMENT_RELEASED_MESSAGE } from "../../../lib/shopper-texts"
import { TBC_WORKFLOW_HOOKS, type TbcWorkflowHook } from "../../../lib/workflow-hook-options"
import {
  CART,
  cartFixture,
  hostedSession,
  savedCardSession,
} from "../../../use-cases/saved-cards/__tests__/saved-card-cart-fixture"
import { registerTbcCartHooks, tbcCartHookHandlers, type HookRegistrar } from "../saved-card-cart"

const complete = tbcCartHookHandlers["completeCartWorkflow.validate"]
const update = tbcCartHookHandlers["updateCartWorkflow.validate"]
const transfer = tbcCartHookHandlers["transferCartCustomerWorkflow.validate"]

describe("completeCartWorkflow.validate", () => {
  it("passes a saved-card cart that still is its owner's choice, and a cart without one", async () => {
    const owned = cartFixture({ sessions: [savedCardSession()] })
    await expect(complete({ input: { id: "cart_1" } }, { container: owned.scope })).resolves.toBeUndefined()
    const hosted = cartFixture({ sessions: [hostedSession] })
    await expect(complete({ input: { id: "cart_1" } }, { container: hosted.scope })).resolves.toBeUndefined()
    // no saved-card session: no customer read (the owner check's cart, the canceled-payment check's)
    expect(hosted.graphed).toEqual(["cart", "cart"])
  })

  it("refuses a cart whose TBC session's payment Medusa's compensation canceled, which Medusa would reuse", async () => {
    const authorized_at = "2026-01-01T10:00:00.000Z"
    const canceled = {
      ...hostedSession,
      authorized_at,
      payment: { id: "pay_1", canceled_at: "2026-01-01T10:00:05.000Z" },
    }
    const { scope } = cartFixture({ sessions: [canceled] })
    await expect(complete({ input: { id: "cart_1" } }, { container: scope })).rejects.toMatchObject({
      type: MedusaError.Types.NOT_ALLOWED,
      message: PAYMENT_RELEASED_MESSAGE,
      code: "canceled",
    })
    // its cancel failed: a live payment the order may still follow
    const live = cartFixture({ sessions: [{ ...canceled, payment: { id: "pay_1", canceled_at: null } }] })
    await expect(complete({ input: { id: "cart_1" } }, { container: live.scope })).resolves.toBeUndefined()
  })

  it.each([
    [
      "changed since the card was chosen",
      { shipping_address: { ...CART.shipping_address, city: "Batumi" } },
      "cart_changed",
    ],
    ["taken over by another customer", { customer_id: "cus_bob" }, "not_owner"],
    ["without a customer", { customer_id: null }, "login"],
  ] as const)("refuses a cart %s", async (_what, cart, reason) => {
    const { scope } = cartFixture({ sessions: [savedCardSession()], cart })
    await expect(complete({ input: { id: "cart_1" } }, { container: scope })).rejects.toMatchObject({
      message: SAVED_CARD_OWNER_MESSAGES[reason],
    })
  })

  it("leaves a completed cart to Medusa, which answers with its order: nothing is read or refused", async () => {
    const taken = cartFixture({ sessions: [savedCardSession()], cart: { customer_id: "cus_bob" } })
    const completed = { input: { id: "cart_1" }, cart: { id: "cart_1", completed_at: new Date() } }
    await expect(complete(completed, { container: taken.scope })).resolves.toBeUndefined()
    expect(taken.graphed).toEqual([])
    await expect(complete({ input: { id: "cart_1" } }, { container: taken.scope })).rejects.toMatchObject({
      message: SAVED_CARD_OWNER_MESSAGES.not_owner,
    })
  })

  it("refuses once the owner was deleted", async () => {
    const { scope } = cartFixture({ sessions: [savedCardSession()], customerDeleted: true })
    await expect(complete({ input: { id: "cart_1" } }, { container: scope })).rejects.toMatchObject({
      type: MedusaError.Types.FORBIDDEN,
    })
  })
})

describe("updateCartWorkflow.validate and transferCartCustomerWorkflow.validate", () => {
  it("reads nothing more and deletes nothing when the cart has no saved-card session", async () => {
    const { scope, graphed, deleted } = cartFixture({ sessions: [] })
    await update({ input: { id: "cart_1", email: "mallory@elsewhere.ge" } }, { container: scope })
    expect(graphed).toEqual(["cart"])
    expect(deleted).toEqual([])
  })

  it("deletes nothing for an update or a transfer that changes no owner part", async () => {
    const { scope, deleted } = cartFixture({ sessions: [savedCardSession()] })
    // what Medusa's update workflow hands the hook: the region and customer it keeps, too
    const same = { id: "cart_1", email: "ALICE@tbc-it.ge", region_id: "reg_ge", customer_id: "cus_alice" }
    await update(
      { input: { ...same, shipping_address: CART.shipping_address, metadata: { gift: 1 } } },
      { container: scope }
    )
    await transfer({ input: { id: "cart_1", customer_id: "cus_alice" } }, { container: scope })
    expect(deleted).toEqual([])
  })

  it.each([
    ["a new shipping address", { shipping_address: { ...CART.shipping_address, city: "Batumi" } }],
    ["an address removed by a region change", { region_id: "reg_other", shipping_address: null }],
    ["another e-mail", { email: "mallory@elsewhere.ge" }],
  ])("deletes the saved-card sessions, and only them, for %s", async (_what, change) => {
    const { scope, deleted } = cartFixture({ sessions: [savedCardSession(), hostedSession] })
    await update({ input: { id: "cart_1", ...change } }, { container: scope })
    expect(deleted).toEqual(["payses_1"])
  })

  it("deletes them when another customer takes the cart over", async () => {
    const { scope, deleted } = cartFixture({ sessions: [savedCardSession(), hostedSession] })
    await transfer({ input: { id: "cart_1", customer_id: "cus_bob" } }, { container: scope })
    expect(deleted).toEqual(["payses_1"])
  })

  it("refuses the update when the deletion fails, so Medusa writes nothing", async () => {
    const { scope, deleted } = cartFixture({ sessions: [savedCardSession()], deleteFails: true })
    await expect(
      update({ input: { id: "cart_1", email: "mallory@elsewhere.ge" } }, { container: scope })
    ).rejects.toMatchObject({
      type: MedusaError.Types.UNEXPECTED_STATE,
      message: expect.stringMatching(/^The cart was not changed: .*try again/),
    })
    expect(deleted).toEqual([])
  })
})

describe("registerTbcCartHooks", () => {
  const registrars = () => {
    const taken: Record<string, unknown> = {}
    const table = Object.fromEntries(
      TBC_WORKFLOW_HOOKS.map((name) => [name, ((handler: unknown) => void (taken[name] = handler)) as HookRegistrar])
    ) as Record<TbcWorkflowHook, HookRegistrar | undefined>
    return { table, taken }
  }

  it("takes each hook with its handler, except those the store takes itself", () => {
    const all = registrars()
    expect(registerTbcCartHooks([], all.table)).toEqual([...TBC_WORKFLOW_HOOKS])
    expect(all.taken["updateCartWorkflow.validate"]).toBe(update)

    const some = registrars()
    expect(registerTbcCartHooks(["updateCartWorkflow.validate"], some.table)).not.toContain(
      "updateCartWorkflow.validate"
    )
    expect(Object.keys(some.taken)).toEqual([
      "completeCartWorkflow.validate",
      "transferCartCustomerWorkflow.validate",
      "cancelOrderWorkflow.orderCanceled",
    ])
  })

  it("fails loudly when Medusa lacks a hook it is to take", () => {
    const { table } = registrars()
    table["transferCartCustomerWorkflow.validate"] = undefined
    expect(() => registerTbcCartHooks([], table)).toThrow(/no transferCartCustomerWorkflow.validate hook/)
  })
})
