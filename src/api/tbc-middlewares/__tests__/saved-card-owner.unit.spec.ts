/**
 * The completion route's saved-card owner middleware on a fake container: which sessions count as
 * saved-card ones and the HTTP status each refusal maps to, for the logged-in caller. The cart
 * changes and the workflow's own check: src/workflows/hooks/__tests__/saved-card-cart.unit.spec.ts;
 * the whole routes: integration-tests/http/checkout-saved-card-owner.app.ts.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requireSavedCardOwner } from "../saved-card-owner"
import { cartOwnerFingerprint, SAVED_CARD_OWNER_MESSAGES } from "../../../lib/saved-card-owner"
import {
  CART,
  SAVED_CARD_DATA,
  cartFixture,
  hostedSession,
  savedCardSession,
  type CartFixtureOptions,
} from "../../../use-cases/saved-cards/__tests__/saved-card-cart-fixture"

function request(options: CartFixtureOptions & { customer?: string }): MedusaRequest {
  const { scope } = cartFixture(options)
  const auth_context = options.customer ? { actor_type: "customer", actor_id: options.customer } : undefined
  return { params: { id: "cart_1" }, scope, auth_context } as unknown as MedusaRequest
}

async function run(req: MedusaRequest): Promise<unknown> {
  let passed: unknown = "not called"
  await requireSavedCardOwner(
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
    expect(await run(request({ sessions: [savedCardSession()], customer }))).toMatchObject({ type, message })
  })

  it("refuses the owner when the cart no longer matches her choice (400)", async () => {
    const stale = {
      ...SAVED_CARD_DATA,
      saved_card_cart_fingerprint: cartOwnerFingerprint({ ...CART, email: "x@y.ge" }),
    }
    expect(await run(request({ sessions: [savedCardSession(stale)], customer: "cus_alice" }))).toMatchObject({
      type: MedusaError.Types.NOT_ALLOWED,
    })
  })

  it("refuses the owner's login once the customer was deleted (403): the sealed card is not used", async () => {
    const req = request({ sessions: [savedCardSession()], customer: "cus_alice", customerDeleted: true })
    expect(await run(req)).toMatchObject({
      type: MedusaError.Types.FORBIDDEN,
      message: SAVED_CARD_OWNER_MESSAGES.not_owner,
    })
  })

  it("lets the owner through, and anyone when the cart has no saved-card session", async () => {
    expect(await run(request({ sessions: [savedCardSession()], customer: "cus_alice" }))).toBeUndefined()
    expect(await run(request({ sessions: [hostedSession] }))).toBeUndefined()
    // another provider's data is not ours to read, whatever keys it carries
    const other = { id: "payses_3", provider_id: "pp_system_default", data: SAVED_CARD_DATA }
    expect(await run(request({ sessions: [other] }))).toBeUndefined()
    expect(await run(request({ cart: null }))).toBeUndefined()
  })

  it("a session whose seal an earlier authorization dropped still needs the owner", async () => {
    const { tbc_saved_card_seal: _seal, ...withoutSeal } = SAVED_CARD_DATA
    expect(await run(request({ sessions: [savedCardSession(withoutSeal)] }))).toMatchObject({
      type: MedusaError.Types.UNAUTHORIZED,
    })
  })
})
