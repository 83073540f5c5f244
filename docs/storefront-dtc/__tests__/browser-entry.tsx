/**
 * The patched dtc-starter in a browser, as Next.js would run its pages: the route of the URL picks
 * the page or component, server components are called (their data from the store through the
 * starter's stubbed data functions and the JS SDK), and what they return is rendered by React.
 *   /ge/checkout?step=payment&cart=…   the payment step (the starter's Payment, patched; the cart
 *                                      stays the tab's, as the starter's cookie keeps it)
 *   /ge/checkout?step=review&cart=…    the review step's button (PaymentButton, patched)
 *   /ge/tbc/return?cart=…              the guide's return page
 *   /ge/order/<id>/confirmed           the order page's payment details (PaymentDetails, patched)
 *   /ge/account/profile                My Account's profile page (patched)
 */
import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import Payment from "@modules/checkout/components/payment"
import PaymentButton from "@modules/checkout/components/payment-button"
import PaymentDetails from "@modules/order/components/payment-details"
import React from "react"
import { createRoot } from "react-dom/client"
import ProfilePage from "@app/[countryCode]/(main)/account/@dashboard/profile/page"
import TbcReturnPage from "@app/[countryCode]/(checkout)/tbc/return/page"

const url = new URL(window.location.href)
const CART_FIELDS = "*payment_collection,*payment_collection.payment_sessions,*shipping_methods,+total,*region"

async function cartOf(id: string): Promise<HttpTypes.StoreCart> {
  return sdk.store.cart.retrieve(id, { fields: CART_FIELDS }).then(({ cart }) => cart)
}

/** The cart of the checkout: `?cart=` once, then this tab's (the starter keeps it in a cookie). */
function checkoutCartId(): string {
  const given = url.searchParams.get("cart")
  if (given) sessionStorage.setItem("starter-cart", given)
  return given ?? sessionStorage.getItem("starter-cart") ?? ""
}

async function page(): Promise<React.ReactNode> {
  const route = url.pathname.split("/").slice(2).join("/")
  if (route === "checkout") {
    const cart = await cartOf(checkoutCartId())
    if (url.searchParams.get("step") === "review")
      return <PaymentButton cart={cart} data-testid="submit-order-button" />
    const { payment_providers } = await sdk.store.payment.listPaymentProviders({ region_id: cart.region_id ?? "" })
    return <Payment cart={cart} availablePaymentMethods={payment_providers} />
  }
  if (route === "tbc/return") return <TbcReturnPage />
  const order = /^order\/(order_\w+)\/confirmed$/.exec(route)
  if (order) {
    const { order: placed } = await sdk.store.order.retrieve(order[1], { fields: "*payment_collections.payments" })
    return (
      <div data-testid="order-confirmed">
        <PaymentDetails order={placed} />
      </div>
    )
  }
  if (route === "account/profile") return ProfilePage()
  return <p>no such page</p>
}

page().then((content) =>
  createRoot(document.getElementById("root")!).render(<React.StrictMode>{content}</React.StrictMode>)
)
