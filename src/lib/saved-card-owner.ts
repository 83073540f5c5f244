/**
 * Who may complete a checkout paid with a saved card, as pure rules (the I/O is in
 * src/use-cases/saved-cards/saved-card-owner.ts and src/api/tbc-middlewares/saved-card-owner.ts).
 *
 * Why: a saved-card session charges the card of the customer who chose it, and Medusa lets
 * anyone who knows a cart id complete that cart and change its e-mail and addresses. Without
 * these rules, a stranger could redirect Alice's order to himself and have her card pay for it.
 * So:
 *   - completing needs the owner's login: no login is 401, another customer is 403;
 *   - the session remembers a fingerprint of what the cart said when the card was chosen
 *     (customer, e-mail, shipping and billing address), and a cart that no longer matches it is
 *     refused even for the owner: she must look at the new cart and choose the card again;
 *   - a Store API change of those parts deletes the saved-card session (`ownerPartsChanged` says
 *     which request changes them).
 *
 * The fingerprint is a SHA-256 digest of data the cart already shows to anyone holding its id,
 * so it reveals nothing new; it is not a secret and needs none. It lives in the session data,
 * which only the server writes (the storefront may not send its key).
 */
import { createHash } from "crypto"

/** A cart address as Medusa's Query returns it (and as a Store API body carries it). */
export interface OwnerAddress {
  id?: string | null
  first_name?: string | null
  last_name?: string | null
  phone?: string | null
  company?: string | null
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  country_code?: string | null
  province?: string | null
  postal_code?: string | null
}

/** The parts of a cart that say who orders and where the goods go. */
export interface CartOwnerView {
  customer_id?: string | null
  email?: string | null
  region_id?: string | null
  shipping_address?: OwnerAddress | null
  billing_address?: OwnerAddress | null
}

/** What a Store API request asks to change (POST /store/carts/:id body; the transfer's customer). */
export interface CartOwnerUpdate {
  customer_id?: string
  email?: string | null
  region_id?: string
  shipping_address?: OwnerAddress
  billing_address?: OwnerAddress
}

export type OwnerPart = "customer" | "email" | "region" | "shipping_address" | "billing_address"

/** The address fields that decide where goods and invoices go (ids and metadata do not). */
const ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "phone",
  "company",
  "address_1",
  "address_2",
  "city",
  "country_code",
  "province",
  "postal_code",
] as const

type NormalAddress = Record<(typeof ADDRESS_FIELDS)[number], string | null> | null

/** Trimmed text, or null for nothing (null, undefined, "", not a string). */
function text(value: unknown): string | null {
  if (typeof value !== "string") return null
  const trimmed = value.trim()
  return trimmed === "" ? null : trimmed
}

function lower(value: unknown): string | null {
  return text(value)?.toLowerCase() ?? null
}

/** One form per address: case of the country code, blanks and an all-empty address do not count. */
function normalAddress(address: OwnerAddress | null | undefined): NormalAddress {
  if (!address) return null
  const normal = Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, field === "country_code" ? lower(address[field]) : text(address[field])])
  ) as NonNullable<NormalAddress>
  return Object.values(normal).every((value) => value === null) ? null : normal
}

function normalView(view: CartOwnerView) {
  return {
    customer_id: text(view.customer_id),
    email: lower(view.email),
    shipping_address: normalAddress(view.shipping_address),
    billing_address: normalAddress(view.billing_address),
  }
}

/** Prefix and version of a fingerprint; other normal forms get another prefix. */
export const CART_FINGERPRINT_PREFIX = "cof1."

/** The fingerprint of a cart's customer, e-mail, shipping and billing address. */
export function cartOwnerFingerprint(view: CartOwnerView): string {
  const digest = createHash("sha256")
    .update(JSON.stringify(normalView(view)))
    .digest("base64url")
  return CART_FINGERPRINT_PREFIX + digest
}

/**
 * The address a body asks for, as Medusa will store it: with the id of the cart's address, the
 * given fields are changed on it; without an id, the body is taken as the whole new address (a
 * field it leaves out is empty). Reading an id-less body as a whole address errs on the safe side:
 * a partial body that Medusa merged would at worst delete a session needlessly. A body naming
 * another address id (undefined result) cannot be known here and counts as a change.
 */
function addressAfter(current: OwnerAddress | null | undefined, asked: OwnerAddress): OwnerAddress | undefined {
  if (text(asked.id) === null) return asked
  if (current && text(asked.id) === text(current.id)) {
    const given = Object.fromEntries(ADDRESS_FIELDS.filter((field) => field in asked).map((f) => [f, asked[f]]))
    return { ...current, ...given }
  }
  return undefined
}

function addressChanged(current: OwnerAddress | null | undefined, asked: OwnerAddress | undefined): boolean {
  if (asked === undefined) return false
  const after = addressAfter(current, asked)
  return after === undefined || JSON.stringify(normalAddress(after)) !== JSON.stringify(normalAddress(current))
}

/**
 * The parts of the cart a request would change, in a fixed order; [] when it changes none of them
 * (a storefront resending the same address keeps the shopper's saved-card choice). A new region
 * counts: Medusa may reset the shipping address to the region's country.
 */
export function ownerPartsChanged(current: CartOwnerView, update: CartOwnerUpdate): OwnerPart[] {
  const parts: OwnerPart[] = []
  if (update.customer_id !== undefined && text(update.customer_id) !== text(current.customer_id)) parts.push("customer")
  if (update.email !== undefined && lower(update.email) !== lower(current.email)) parts.push("email")
  if (update.region_id !== undefined && text(update.region_id) !== text(current.region_id)) parts.push("region")
  if (addressChanged(current.shipping_address, update.shipping_address)) parts.push("shipping_address")
  if (addressChanged(current.billing_address, update.billing_address)) parts.push("billing_address")
  return parts
}

/** A saved-card session as these rules need it (read from its data by the app side). */
export interface SavedCardSessionView {
  id: string
  /** the customer whose card it charges (`saved_card_customer_id`), if recorded */
  owner?: string
  /** the cart's fingerprint when the card was chosen, if recorded */
  cartFingerprint?: string
}

export type SavedCardCompletionVerdict =
  { allowed: true } | { allowed: false; reason: "login" | "not_owner" | "cart_changed"; message: string }

/** What the shopper reads; none names the owner or says what changed. */
export const SAVED_CARD_OWNER_MESSAGES = {
  login: "This order is paid with a saved card: log in as the customer who chose it to place the order.",
  not_owner:
    "This cart is paid with another customer's saved card: log in as that customer or choose another payment method.",
  cart_changed:
    "The cart's customer, e-mail or address changed after the saved card was chosen: " +
    "please check your order and choose your saved card again.",
} as const

/**
 * Whether `customerId` (the authenticated customer, undefined for guests) may complete a cart
 * whose fingerprint is now `cartFingerprint` and whose saved-card sessions are `sessions`. A
 * session with no recorded owner or fingerprint is refused: it cannot be shown to be the owner's
 * choice for this cart.
 */
export function savedCardCompletionVerdict(args: {
  sessions: readonly SavedCardSessionView[]
  customerId: string | undefined
  cartFingerprint: string
}): SavedCardCompletionVerdict {
  if (args.sessions.length === 0) return { allowed: true }
  const refuse = (reason: "login" | "not_owner" | "cart_changed") =>
    ({ allowed: false, reason, message: SAVED_CARD_OWNER_MESSAGES[reason] }) as const
  if (!args.customerId) return refuse("login")
  if (args.sessions.some((session) => !session.owner || session.owner !== args.customerId)) return refuse("not_owner")
  if (args.sessions.some((session) => session.cartFingerprint !== args.cartFingerprint)) return refuse("cart_changed")
  return { allowed: true }
}
