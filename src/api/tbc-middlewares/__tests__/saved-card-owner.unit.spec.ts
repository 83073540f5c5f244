/**
 * The saved-card owner middlewares on a fake container: which sessions count as saved-card ones,
 * the HTTP status each refusal maps to, and when a cart update reads or deletes nothing. The
 * deletion itself (Medusa's deletePaymentSessionsWorkflow) and the whole routes: the app spec
 * integration-tests/http/checkout-saved-card-owner.app.ts.
 */
import { asValue } from "awilix"
import { ContainerRegistrationKeys, createMedusaContainer, MedusaError, Modules } from "@medusajs/framework/utils"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { dropSavedCardOnCartUpdate, dropSavedCardOnCustomerTransfer, requireSavedCardOwner } from "../saved-card-owner"
import { cartOwnerFingerprint, SAVED_CARD_OWNER_MESSAGES } from "../../../lib/saved-card-owner"
import { CONFIG_WITH_TBC_PROVIDERS as CONFIG } from "../../../app/payment-sessions/__tests__/tbc-config"

const CART = {
  id: "cart_1",
  email: "alice@tbc-it.ge",
  customer_id: "cus_alice",
  region_id: "reg_ge",
  shipping_address: { id: "caaddr_1", city: "Tbilisi", country_code: "ge", address_1: "Rustaveli Ave 12" },
  billing_address: null,
}
const FINGERPRINT = cartOwnerFingerprint(CART)
const SAVED_CARD_DATA = {
  tbc_saved_card_seal: "tbcsc1.opaque",
  saved_card_customer_id: "cus_alice",
  saved_card_cart_fingerprint: FINGERPRINT,
}

type Session = { id: string; provider_id: string; data: Record<string, unknown> }
const savedCardSession = (data: Record<string, unknown> = SAVED_CARD_DATA): Session => ({
  id: "payses_1",
  provider_id: "pp_tbc-checkout_tbc",
  data,
})

interface RequestOptions {
  sessions?: Session[]
  customer?: string
  body?: unknown
  cart?: unknown
  /** the payment module cannot delete sessions */
  deleteFails?: boolean
  /** the logged-in customer was deleted since (Query finds no such customer) */
  customerDeleted?: boolean
}

function request(options: RequestOptions) {
  const graphed: string[] = []
  const deleted: string[] = []
  const scope = createMedusaContainer()
  const cart =
    options.cart === undefined ? { ...CART, payment_collection: { payment_sessions: options.sessions } } : null
  scope.register({
    [ContainerRegistrationKeys.QUERY]: asValue({
      graph: async ({ entity }: { entity: string }) => {
        graphed.push(entity)
        if (entity === "customer") return { data: options.customerDeleted ? [] : [{ id: options.customer }] }
        return { data: cart ? [cart] : [] }
      },
    }),
    [ContainerRegistrationKeys.CONFIG_MODULE]: asValue(CONFIG),
    [ContainerRegistrationKeys.LOGGER]: asValue({ info() {}, warn() {}, error() {}, debug() {} }),
    // what Medusa's deletePaymentSessionsWorkflow asks of the payment module
    [Modules.PAYMENT]: asValue({
      listPaymentSessions: async ({ id }: { id: string[] }) =>
        (options.sessions ?? []).filter((session) => id.includes(session.id)),
      deletePaymentSession: async (id: string) => {
        if (options.deleteFails) throw new Error("payment module unavailable")
        deleted.push(id)
      },
    }),
  })
  const auth_context = options.customer ? { actor_type: "customer", actor_id: options.customer } : undefined
  const req = { params: { id: "cart_1" }, scope, auth_context, validatedBody: options.body, body: options.body }
  return { req: req as unknown as MedusaRequest, graphed, deleted }
}

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => Promise<unknown>

async function run(middleware: Middleware, req: MedusaRequest): Promise<unknown> {
  let passed: unknown = "not called"
  await middleware(
    req,
    {} as MedusaResponse,
    ((error?: unknown) => {
      passed = error
    }) as MedusaNextFunction
  )
  return passed
}

describe("requireSavedCardOwner (POST /store/carts/:id/complete)", () => {
  it.each([
    ["a guest", undefined, MedusaError.Types.UNAUTHORIZED, SAVED_CARD_OWNER_MESSAGES.login],
    ["another customer", "cus_bob", MedusaError.Types.FORBIDDEN, SAVED_CARD_OWNER_MESSAGES.not_owner],
  ])("refuses %s (401 for a guest, 403 for another customer)", async (_who, customer, type, message) => {
    const { req } = request({ sessions: [savedCardSession()], customer })
    expect(await run(requireSavedCardOwner, req)).toMatchObject({ type, message })
  })

  it("refuses the owner when the cart no longer matches her choice (400)", async () => {
    const stale = {
      ...SAVED_CARD_DATA,
      saved_card_cart_fingerprint: cartOwnerFingerprint({ ...CART, email: "x@y.ge" }),
    }
    const { req } = request({ sessions: [savedCardSession(stale)], customer: "cus_alice" })
    expect(await run(requireSavedCardOwner, req)).toMatchObject({ type: MedusaError.Types.NOT_ALLOWED })
  })

  it("refuses the owner's login once the customer was deleted (403): the sealed card is not used", async () => {
    const { req } = request({ sessions: [savedCardSession()], customer: "cus_alice", customerDeleted: true })
    expect(await run(requireSavedCardOwner, req)).toMatchObject({
      type: MedusaError.Types.FORBIDDEN,
      message: SAVED_CARD_OWNER_MESSAGES.not_owner,
    })
  })

  it("lets the owner through, and anyone when the cart has no saved-card session", async () => {
    expect(
      await run(requireSavedCardOwner, request({ sessions: [savedCardSession()], customer: "cus_alice" }).req)
    ).toBeUndefined()
    const hosted = { id: "payses_2", provider_id: "pp_tbc-checkout_tbc", data: { payId: "pay_1" } }
    expect(await run(requireSavedCardOwner, request({ sessions: [hosted] }).req)).toBeUndefined()
    // another provider's data is not ours to read, whatever keys it carries
    const other = { id: "payses_3", provider_id: "pp_system_default", data: SAVED_CARD_DATA }
    expect(await run(requireSavedCardOwner, request({ sessions: [other] }).req)).toBeUndefined()
    expect(await run(requireSavedCardOwner, request({ cart: null }).req)).toBeUndefined()
  })

  it("a session whose seal an earlier authorization dropped still needs the owner", async () => {
    const { tbc_saved_card_seal: _seal, ...withoutSeal } = SAVED_CARD_DATA
    const { req } = request({ sessions: [savedCardSession(withoutSeal)] })
    expect(await run(requireSavedCardOwner, req)).toMatchObject({ type: MedusaError.Types.UNAUTHORIZED })
  })
})

describe("cart changes (POST /store/carts/:id and /customer)", () => {
  it("reads nothing more and deletes nothing when the cart has no saved-card session", async () => {
    const { req, graphed } = request({ sessions: [], body: { email: "mallory@elsewhere.ge" } })
    expect(await run(dropSavedCardOnCartUpdate, req)).toBeUndefined()
    expect(graphed).toEqual(["cart"])
  })

  it("deletes nothing for a body or a transfer that changes no owner part", async () => {
    const body = { email: "ALICE@tbc-it.ge", shipping_address: CART.shipping_address, metadata: { gift: true } }
    const update = request({ sessions: [savedCardSession()], customer: "cus_alice", body })
    expect(await run(dropSavedCardOnCartUpdate, update.req)).toBeUndefined()
    expect(update.deleted).toEqual([])
    const transfer = request({ sessions: [savedCardSession()], customer: "cus_alice" })
    expect(await run(dropSavedCardOnCustomerTransfer, transfer.req)).toBeUndefined()
    expect(transfer.deleted).toEqual([])
  })

  it("deletes the saved-card sessions, and only them, before passing the change on", async () => {
    const hosted = { id: "payses_2", provider_id: "pp_tbc-checkout_tbc", data: { payId: "pay_1" } }
    const sessions = [savedCardSession(), hosted]
    const update = request({ sessions, body: { shipping_address: { ...CART.shipping_address, city: "Batumi" } } })
    expect(await run(dropSavedCardOnCartUpdate, update.req)).toBeUndefined()
    expect(update.deleted).toEqual(["payses_1"])
    const transfer = request({ sessions, customer: "cus_bob" })
    expect(await run(dropSavedCardOnCustomerTransfer, transfer.req)).toBeUndefined()
    expect(transfer.deleted).toEqual(["payses_1"])
  })

  it("passes a failed deletion on as an error, so Medusa's update does not run", async () => {
    const { req, deleted } = request({
      sessions: [savedCardSession()],
      body: { email: "mallory@elsewhere.ge" },
      deleteFails: true,
    })
    expect(await run(dropSavedCardOnCartUpdate, req)).toMatchObject({
      type: MedusaError.Types.UNEXPECTED_STATE,
      message: expect.stringMatching(/^The cart was not changed: .*try again/),
    })
    expect(deleted).toEqual([])
  })
})
