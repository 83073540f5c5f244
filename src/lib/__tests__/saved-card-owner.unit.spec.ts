import fc from "fast-check"
import {
  CART_FINGERPRINT_PREFIX,
  cartOwnerFingerprint,
  ownerPartsChanged,
  savedCardCompletionVerdict,
  SAVED_CARD_OWNER_MESSAGES,
  type CartOwnerView,
  type OwnerAddress,
  type SavedCardSessionView,
} from "../saved-card-owner"
import { propertyRuns } from "./property-runs"

const ADDRESS: OwnerAddress = {
  id: "caaddr_1",
  first_name: "Nino",
  last_name: "Beridze",
  address_1: "Rustaveli Ave 12",
  city: "Tbilisi",
  country_code: "ge",
  postal_code: "0108",
}
const CART: CartOwnerView = {
  customer_id: "cus_alice",
  email: "alice@tbc-it.ge",
  region_id: "reg_ge",
  shipping_address: ADDRESS,
  billing_address: { ...ADDRESS, id: "caaddr_2" },
}

describe("cartOwnerFingerprint", () => {
  it("is a versioned SHA-256 digest that does not show the e-mail or the address", () => {
    const fingerprint = cartOwnerFingerprint(CART)
    expect(fingerprint).toMatch(new RegExp(`^${CART_FINGERPRINT_PREFIX.replace(".", "\\.")}[A-Za-z0-9_-]{43}$`))
    expect(fingerprint).not.toMatch(/alice|Rustaveli|cus_/i)
  })

  it("ignores address ids, the region, blanks, the e-mail's and the country code's case", () => {
    const same: CartOwnerView = {
      customer_id: " cus_alice ",
      email: "ALICE@tbc-it.ge ",
      region_id: "reg_other",
      shipping_address: { ...ADDRESS, id: "caaddr_new", country_code: "GE", address_2: "", phone: null },
      billing_address: { ...ADDRESS, id: undefined },
    }
    expect(cartOwnerFingerprint(same)).toBe(cartOwnerFingerprint(CART))
    // an address of blanks only is no address
    expect(cartOwnerFingerprint({ ...CART, billing_address: { city: " ", id: "x" } })).toBe(
      cartOwnerFingerprint({ ...CART, billing_address: null })
    )
  })

  it.each<[string, CartOwnerView]>([
    ["customer", { ...CART, customer_id: "cus_mallory" }],
    ["e-mail", { ...CART, email: "mallory@elsewhere.ge" }],
    ["shipping street", { ...CART, shipping_address: { ...ADDRESS, address_1: "Chavchavadze Ave 1" } }],
    ["shipping name", { ...CART, shipping_address: { ...ADDRESS, first_name: "Mallory" } }],
    ["billing phone", { ...CART, billing_address: { ...ADDRESS, phone: "+995555000000" } }],
    ["no shipping address", { ...CART, shipping_address: null }],
    ["a guest cart", { ...CART, customer_id: null }],
  ])("changes with the %s", (_what, changed) => {
    expect(cartOwnerFingerprint(changed)).not.toBe(cartOwnerFingerprint(CART))
  })

  it("a swapped shipping and billing address is another cart", () => {
    const other = { ...ADDRESS, city: "Batumi" }
    expect(cartOwnerFingerprint({ ...CART, shipping_address: ADDRESS, billing_address: other })).not.toBe(
      cartOwnerFingerprint({ ...CART, shipping_address: other, billing_address: ADDRESS })
    )
  })
})

describe("ownerPartsChanged", () => {
  it("a request resending what the cart holds changes nothing", () => {
    expect(
      ownerPartsChanged(CART, {
        email: "Alice@tbc-it.ge",
        region_id: "reg_ge",
        shipping_address: { ...ADDRESS, id: undefined },
        billing_address: { ...ADDRESS, id: "caaddr_2", city: "Tbilisi" },
      })
    ).toEqual([])
    expect(ownerPartsChanged(CART, {})).toEqual([])
    expect(ownerPartsChanged(CART, { customer_id: "cus_alice" })).toEqual([])
  })

  it("names every part a request changes, in a fixed order", () => {
    expect(
      ownerPartsChanged(CART, {
        billing_address: { ...ADDRESS, last_name: "Kapanadze" },
        shipping_address: { ...ADDRESS, address_1: "Chavchavadze Ave 1" },
        region_id: "reg_eu",
        email: "mallory@elsewhere.ge",
        customer_id: "cus_bob",
      })
    ).toEqual(["customer", "email", "region", "shipping_address", "billing_address"])
    expect(ownerPartsChanged(CART, { email: null })).toEqual(["email"])
  })

  it("with the cart address's id, only the given fields change it", () => {
    expect(ownerPartsChanged(CART, { shipping_address: { id: "caaddr_1", city: "Tbilisi" } })).toEqual([])
    expect(ownerPartsChanged(CART, { shipping_address: { id: "caaddr_1", city: "Batumi" } })).toEqual([
      "shipping_address",
    ])
    expect(ownerPartsChanged(CART, { shipping_address: { id: "caaddr_1", company: null } })).toEqual([])
  })

  it("without an id the body is the whole new address; another address id always counts as a change", () => {
    expect(ownerPartsChanged(CART, { shipping_address: { city: "Tbilisi" } })).toEqual(["shipping_address"])
    expect(ownerPartsChanged(CART, { shipping_address: { ...ADDRESS, id: "caaddr_9" } })).toEqual(["shipping_address"])
    expect(ownerPartsChanged({ ...CART, shipping_address: null }, { shipping_address: ADDRESS })).toEqual([
      "shipping_address",
    ])
  })

  it("property: a request changes no part exactly when the cart after it has the same fingerprint", () => {
    const text = fc.constantFrom(null, "", "Nino", "nino", " Tbilisi ", "Tbilisi", "ge", "GE")
    const address = fc.record(
      { first_name: text, city: text, country_code: text, address_1: text },
      { requiredKeys: [] }
    ) as fc.Arbitrary<OwnerAddress>
    const view = fc.record({
      customer_id: fc.constantFrom(null, "cus_a", "cus_b"),
      email: fc.constantFrom(null, "a@x.ge", "A@x.ge", "b@x.ge"),
      shipping_address: fc.option(address, { nil: null }),
      billing_address: fc.option(address, { nil: null }),
    })
    fc.assert(
      fc.property(view, view, (current, next) => {
        // a body that states the whole cart `next` (id-less addresses: the whole new address)
        const update = {
          customer_id: next.customer_id ?? "",
          email: next.email,
          shipping_address: next.shipping_address ?? {},
          billing_address: next.billing_address ?? {},
        }
        const changed = ownerPartsChanged(current, update).length > 0
        expect(changed).toBe(cartOwnerFingerprint(current) !== cartOwnerFingerprint(next))
      }),
      { numRuns: propertyRuns(300) }
    )
  })
})

describe("savedCardCompletionVerdict", () => {
  const fingerprint = cartOwnerFingerprint(CART)
  const aliceSession = { id: "payses_1", owner: "cus_alice", cartFingerprint: fingerprint }

  it("a cart with no saved-card session is anyone's to complete", () => {
    expect(savedCardCompletionVerdict({ sessions: [], customerId: undefined, cartFingerprint: "x" })).toEqual({
      allowed: true,
    })
  })

  it("the owner completes the cart she chose the card for", () => {
    expect(
      savedCardCompletionVerdict({ sessions: [aliceSession], customerId: "cus_alice", cartFingerprint: fingerprint })
    ).toEqual({ allowed: true })
  })

  it("refuses a guest (login), another customer (not_owner), then a changed cart (cart_changed)", () => {
    const verdict = (
      customerId: string | undefined,
      cartFingerprint = fingerprint,
      session: SavedCardSessionView = aliceSession
    ) => savedCardCompletionVerdict({ sessions: [session], customerId, cartFingerprint })
    expect(verdict(undefined)).toEqual({ allowed: false, reason: "login", message: SAVED_CARD_OWNER_MESSAGES.login })
    expect(verdict(undefined, "other")).toMatchObject({ reason: "login" })
    expect(verdict("cus_bob")).toMatchObject({ allowed: false, reason: "not_owner" })
    expect(verdict("cus_bob", "other")).toMatchObject({ reason: "not_owner" })
    expect(verdict("cus_alice", cartOwnerFingerprint({ ...CART, email: "m@x.ge" }))).toMatchObject({
      allowed: false,
      reason: "cart_changed",
    })
    // a session that recorded no owner or no fingerprint cannot be shown to be the owner's choice
    expect(verdict("cus_alice", fingerprint, { ...aliceSession, owner: undefined })).toMatchObject({
      reason: "not_owner",
    })
    expect(verdict("cus_alice", fingerprint, { ...aliceSession, cartFingerprint: undefined })).toMatchObject({
      reason: "cart_changed",
    })
  })

  it("every saved-card session of the cart must be the caller's", () => {
    const bobSession = { id: "payses_2", owner: "cus_bob", cartFingerprint: fingerprint }
    expect(
      savedCardCompletionVerdict({
        sessions: [aliceSession, bobSession],
        customerId: "cus_alice",
        cartFingerprint: fingerprint,
      })
    ).toMatchObject({ reason: "not_owner" })
  })

  it("no message names the owner or what changed", () => {
    for (const message of Object.values(SAVED_CARD_OWNER_MESSAGES)) {
      expect(message).not.toMatch(/cus_|@|Rustaveli/)
    }
  })
})
